/*
 * linefile.h - the line reader of every text file the tools read: results
 * files (dablo-stats, dablo-match), opening suites, PGN files checked
 * before appending, the resume state, tuning data.
 *
 * Unlike getline(), it tells the end of the file from a read error and
 * from running out of memory, and it refuses a line longer than a cap
 * after reading at most the cap plus one buffer of it (a file of one
 * endless line, /dev/zero, is refused at once instead of filling memory).
 * A caller stops at the first status other than LINEFILE_LINE and says
 * linefile_message(): "FILE:LINE: line longer than N bytes",
 * "FILE:LINE: out of memory" or "FILE: read error: CAUSE".
 *
 * Lines are returned as read: NUL bytes and a '\r' before the '\n' stay
 * (the caller decides about them); only the '\n' is removed, and whether
 * there was one is said (a last line cut short has none).  The reader
 * does its own buffering with fread() on the FILE it is given: nothing
 * else reads that FILE meanwhile.  One reader is used by one thread.
 */
#ifndef DABLO_HOST_LINEFILE_H
#define DABLO_HOST_LINEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The longest line (bytes, without its '\n') of a file of short lines that
 * people or the tools write: an opening (FEN or moves), a tuning data
 * line.  64 KiB. */
#define LINEFILE_MAX_SHORT ((size_t)64 << 10)

/* The longest line of a file dablo-match writes (results, PGN, resume
 * state): 8 MiB, above the longest it can write, a results line with two
 * engine names of up to 1 MiB each (an "id name" line is cut at
 * CHANNEL_LINE_MAX) percent-encoded to at most 3 bytes a byte. */
#define LINEFILE_MAX_RECORD ((size_t)8 << 20)

typedef enum {
    LINEFILE_LINE,     /* a line (a last one without '\n' too) */
    LINEFILE_EOF,      /* no more lines */
    LINEFILE_TOO_LONG, /* line lineno is longer than the cap */
    LINEFILE_NOMEM,    /* no memory for line lineno */
    LINEFILE_ERROR,    /* the read failed (errno in err) */
} LineFileStatus;

typedef struct LineFile {
    FILE *f;
    const char *path;                /* named in messages; not copied */
    size_t max;                      /* the cap, in bytes */
    char *buf;                       /* bytes read and not yet returned: buf[start..end) */
    size_t cap, start, end, scanned; /* scanned: bytes after start known to hold no '\n' */
    int eof;
    int err;               /* errno of LINEFILE_ERROR */
    LineFileStatus failed; /* the status that stopped the reader, or LINEFILE_LINE */
    long lineno;           /* the number of the line last returned, or of the line refused */
} LineFile;

/* Starts reading f (opened by the caller, who closes it after
 * linefile_free()) as the file path, with lines of at most max bytes
 * (> 0; LINEFILE_MAX_SHORT or LINEFILE_MAX_RECORD). */
void linefile_init(LineFile *lf, FILE *f, const char *path, size_t max);

/* The next line: LINEFILE_LINE with the line in *line (len bytes then a
 * NUL, without its '\n'; owned by the reader and valid until the next
 * call), *len and *newline (false: the file ended before a '\n').  Other
 * statuses leave *line NULL; after one of them the reader says
 * LINEFILE_EOF or the same again. */
LineFileStatus linefile_next(LineFile *lf, char **line, size_t *len, bool *newline);

/* The one-line message of st (LINEFILE_TOO_LONG, _NOMEM or _ERROR) into
 * err, naming the file and, but for a read error, the line. */
void linefile_message(const LineFile *lf, LineFileStatus st, char *err, size_t errlen);

/* "PATH:LINE: line longer than MAX bytes" into err: the message of
 * LINEFILE_TOO_LONG for a reader that keeps the bytes of a file whole
 * (linespan_feed()). */
void linefile_too_long_message(const char *path, long lineno, size_t max, char *err, size_t errlen);

/* Frees the buffer (not the FILE). */
void linefile_free(LineFile *lf);

/* For a caller that reads a file in chunks and keeps them (the opening
 * suite, hashed as read): counts its lines as they come.  Zero-initialise
 * it. */
typedef struct LineSpan {
    long lines; /* the lines ended so far */
    size_t len; /* bytes of the line going on */
} LineSpan;

/* Feeds the next n bytes of the file.  Returns 0, or -1 when the line
 * going on (number s->lines + 1) has grown longer than max bytes. */
int linespan_feed(LineSpan *s, const char *p, size_t n, size_t max);

/* For tests: the realloc() the reader grows its buffer with (NULL:
 * realloc), so that running out of memory can be made to happen. */
extern void *(*linefile_realloc)(void *p, size_t n);

#endif
