/*
 * durable.h - writes the match's records so that a game counts as written
 * only when every byte reached the file and the file was synced.
 *
 * Every call reports failure (ENOSPC, EFBIG under RLIMIT_FSIZE, EIO, ...)
 * instead of printing and going on; the caller decides what is lost.
 * Thread-safety: as safe as the file descriptor given (the runner calls
 * these under its writer lock).
 */
#ifndef DABLO_MATCH_DURABLE_H
#define DABLO_MATCH_DURABLE_H

#include <stddef.h>

/* Writes n bytes of s to fd (with as few write() calls as the kernel
 * allows, retrying EINTR and short writes).  Returns 0, or -1 with errno
 * set (a zero-length write sets ENOSPC). */
int durable_write(int fd, const char *s, size_t n);

/* fsync(fd); a descriptor that cannot be synced because it is no regular
 * file (a pipe, /dev/null, a terminal: EINVAL, ENOTSUP, EROFS) counts as
 * synced.  Returns 0, or -1 with errno set. */
int durable_sync(int fd);

/* durable_sync() of the folder that holds path (".", without a '/'), so
 * that a name made in it is on disk.  Returns 0, or -1 with errno set
 * (ENOMEM, or the open's or the sync's). */
int durable_sync_folder(const char *path);

#endif
