/*
 * read_error.c - a preload library (LD_PRELOAD) for tests of dablo-match:
 * makes one read of an engine's output fail, as no live engine's pipe can
 * on demand.  DABLO_READ_ERROR_ON=TEXT DABLO_READ_ERROR_AT=N: the Nth read
 * from a pipe of 64 KiB or more (the runner's reads of its engines'
 * output; its other pipes are read a few bytes at a time) whose bytes hold
 * TEXT (such as "bestmove") fails with EIO, its bytes dropped; every other
 * read is the C library's.  The variables are removed at load, so the
 * engines the runner starts run without it.  Run by
 * tests/suites/40-match.sh.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static long fail_at = -1, seen;
static char *text;

__attribute__((constructor)) static void read_error_init(void)
{
    const char *at = getenv("DABLO_READ_ERROR_AT"), *on = getenv("DABLO_READ_ERROR_ON");
    if (at && on && *on) {
        fail_at = atol(at);
        text = strdup(on);
    }
    unsetenv("LD_PRELOAD");
    unsetenv("DABLO_READ_ERROR_AT");
    unsetenv("DABLO_READ_ERROR_ON");
}

ssize_t read(int fd, void *buf, size_t n)
{
    static ssize_t (*real_read)(int, void *, size_t);
    if (!real_read) real_read = (ssize_t(*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    ssize_t got = real_read(fd, buf, n);
    struct stat st;
    if (fail_at > 0 && text && got > 0 && n >= 65536 && memmem(buf, (size_t)got, text, strlen(text))
        && fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode)
        && __atomic_add_fetch(&seen, 1, __ATOMIC_SEQ_CST) == fail_at) {
        errno = EIO;
        return -1;
    }
    return got;
}
