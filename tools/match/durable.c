/*
 * durable.c - whole writes and syncs of the match records (see durable.h).
 */
#include "durable.h"

#include <errno.h>
#include <unistd.h>

int durable_write(int fd, const char *s, size_t n)
{
    size_t off = 0;
    while (off < n) {
        ssize_t w = write(fd, s + off, n - off);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) return -1;
        if (w == 0) {
            errno = ENOSPC;
            return -1;
        }
        off += (size_t)w;
    }
    return 0;
}

int durable_sync(int fd)
{
    if (fsync(fd) == 0) return 0;
    return errno == EINVAL || errno == ENOTSUP || errno == EROFS ? 0 : -1;
}
