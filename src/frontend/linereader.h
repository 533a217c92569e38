/*
 * linereader.h - reads protocol lines of any length from a file descriptor.
 *
 * The reader keeps one growing buffer: a line is returned whole however long
 * it is (a "position" with thousands of moves, a megabyte of garbage), up to
 * LINEREADER_MAX_LINE bytes; a longer line is skipped to its end and reported
 * as too long instead of being split or truncated.  Line ends are "\n",
 * "\r\n" or a lone "\r" before "\n"; the trailing "\r" is removed.  NUL bytes
 * inside a line are turned into spaces so the line is a valid C string.
 * The last line may lack its "\n" (it is returned at EOF).
 *
 * The reader does its own buffering with read(2), so it never mixes with
 * stdio buffers; it is not thread-safe (one reader per thread).
 */
#ifndef DABLO_LINEREADER_H
#define DABLO_LINEREADER_H

#include <stddef.h>

/* Longest line accepted: 256 MiB. */
#define LINEREADER_MAX_LINE ((size_t)256 << 20)

/* The largest buffer the reader allocates, in bytes: a larger one counts
 * as out of memory (ENOMEM).  Unlimited; build/dablo-nomem (mk/link.mk) is
 * built with 0, so that the tests can see every allocation fail. */
#ifndef LINEREADER_ALLOC_MAX
#define LINEREADER_ALLOC_MAX ((size_t)-1)
#endif

typedef struct LineReader {
    int fd;
    char *buf;          /* bytes read but not yet returned are buf[start..end) */
    size_t cap, start, end;
    size_t scanned;     /* bytes of buf[start..end) already known to hold no '\n' */
    int eof;            /* read(2) returned 0 or a hard error */
    int err;            /* 0, or why reading stopped: ENOMEM or read(2)'s errno */
} LineReader;

typedef enum { LINE_OK = 1, LINE_EOF = 0, LINE_TOO_LONG = 2, LINE_ERROR = 3 } LineStatus;

/* Starts reading fd (not closed by the reader; -1: none, the bytes come
 * from linereader_append() only). */
void linereader_init(LineReader *lr, int fd);

/* Reads the next line.  LINE_OK: *line points to the NUL-terminated line
 * (without its end), valid until the next call, and *len is its length.
 * LINE_TOO_LONG: a line over LINEREADER_MAX_LINE was skipped (*line = NULL).
 * LINE_EOF: no more input.  LINE_ERROR: reading stopped on an error,
 * lr->err (ENOMEM: no memory for the line, else read(2)'s errno); the
 * line it was in is dropped and later calls say LINE_ERROR again.
 * Blocks in read(2) as needed; EINTR is retried, and EAGAIN (a
 * non-blocking descriptor) waits in poll(2). */
LineStatus linereader_next(LineReader *lr, char **line, size_t *len);

/* 1 if a whole line is already buffered (linereader_next will not block). */
int linereader_has_line(const LineReader *lr);

/* The number of bytes buffered and not yet returned (line ends included). */
size_t linereader_pending(const LineReader *lr);

/* Appends n bytes to the buffer as if they had been read from the fd, for
 * a caller that reads the fd itself (terminal.c: raw bytes, which it also
 * has to convert).  Returns 0, or -1 when out of memory (nothing is
 * appended). */
int linereader_append(LineReader *lr, const char *bytes, size_t n);

/* When no whole line is buffered: removes the bytes buffered (the start of
 * a line still being typed) and returns them as for linereader_next (NUL-
 * terminated, valid until the next call, length in *len).  NULL (and *len
 * 0) when nothing is buffered or a whole line is (read that first). */
char *linereader_take_rest(LineReader *lr, size_t *len);

/* Frees the buffer. */
void linereader_free(LineReader *lr);

#endif
