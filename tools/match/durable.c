/*
 * durable.c - whole writes and syncs of the match records (see durable.h).
 */
#include "durable.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
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

int durable_sync_folder(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, (size_t)(slash - path) + (slash == path)) : strdup(".");
    if (!dir) return -1;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    free(dir);
    if (fd < 0) return -1;
    int rc = durable_sync(fd);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}
