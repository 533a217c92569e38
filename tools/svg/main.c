/*
 * main.c - dablo-svg: draws a position of Dablot Prejjesne or
 * Permainan-Tabal as an SVG picture (svg_board.h).
 *
 *   dablo-svg [-variant dablot|tabal] [-fen FEN] [-lastmove MOVE]
 *             [-o FILE] [-size PX]
 *
 * -fen is the position (RULES.md section 5; default: the start position of
 * the variant).  With -lastmove, MOVE must be a legal move of that position:
 * it is played and the picture shows the position after it, with the move
 * marked.  -size is the picture's width in pixels (the height follows the
 * board's proportions); without it one SVG unit is one pixel.  The picture
 * goes to FILE, or to stdout.  Each option is given at most once.  Every
 * error is one line on stderr and exit status 2 (bad usage or input) or 1
 * (cannot write); nothing is written then (an existing FILE is replaced
 * only once the new one is whole and synced).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/util.h"
#include "newfile.h"
#include "rules/rules.h"
#include "rules/version.h"
#include "svg_board.h"
#include "svg_lastmove.h"
#include "util/outstream.h"

typedef struct Options {
    const char *variant, *fen, *lastmove, *output, *size;
} Options;

/* The --help text (a printf format: the -size range), in the layout help2man
 * reads for the man page. */
static const char usage[] =
    "Usage: dablo-svg [-variant dablot|tabal] [-fen FEN] [-lastmove MOVE] [-o FILE] [-size PX]\n"
    "  or:  dablo-svg --help | --version\n"
    "\n"
    "Draws a position of Dablot Prejjesne or Permainan-Tabal as an SVG picture.  Every\n"
    "error is one line on standard error and exit status 2 (bad usage or input, an\n"
    "option given twice) or 1 (cannot write); nothing is written then.\n"
    "\n"
    "Options:\n"
    "  -variant dablot|tabal  the game (default dablot)\n"
    "  -fen FEN               the position (RULES.md section 5; default: the start position),\n"
    "                         one argument: quote it (-fen 'mmmmmm/.../MMMMMM w 0 1'); a UTF-8\n"
    "                         byte-order mark before it is skipped\n"
    "  -lastmove MOVE         a legal move of that position: the picture shows the position\n"
    "                         after it, with the move marked\n"
    "  -o FILE                write the picture to FILE (default: standard output); an\n"
    "                         existing FILE is replaced only once the picture is whole\n"
    "  -size PX               the width in pixels, %d..%d (the height follows the board);\n"
    "                         default: one SVG unit is one pixel\n"
    "  -h, --help             print this help and exit\n"
    "  --version              print \"dablo-svg VERSION\" and exit\n";

/* Prints "dablo-svg: <message>" as one line on stderr; returns status. */
static int fail(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("dablo-svg: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return status;
}

/* Fills o from argv; returns 0, 1 after printing the help or version, or the error
 * status after printing the error. */
static int parse_args(int argc, char **argv, Options *o)
{
    static const struct { const char *name; size_t offset; } table[] = {
        { "variant", offsetof(Options, variant) },
        { "fen", offsetof(Options, fen) },
        { "lastmove", offsetof(Options, lastmove) },
        { "o", offsetof(Options, output) },
        { "size", offsetof(Options, size) },
    };
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "-help") == 0 || strcmp(arg, "--help") == 0) {
            printf(usage, SVG_SIZE_MIN, SVG_SIZE_MAX);
            return 1;
        }
        if (strcmp(arg, "--version") == 0 || strcmp(arg, "-version") == 0) {
            printf("dablo-svg %s\n", DABLO_VERSION);
            return 1;
        }
        const char *name = arg[0] == '-' ? arg + 1 + (arg[1] == '-') : NULL;
        size_t k = 0, n = sizeof table / sizeof table[0];
        while (name && k < n && strcmp(name, table[k].name) != 0)
            k++;
        /* A FEN not quoted: its side to move came as a word of its own. */
        if (!name && i >= 2 && strcmp(argv[i - 2], "-fen") == 0)
            return fail(2,
                        "unexpected '%s' after -fen %s: the FEN is one argument, quote it "
                        "(-fen '%s %s ...')",
                        arg, argv[i - 1], argv[i - 1], arg);
        if (!name || k == n) return fail(2, "unknown option '%s' (try --help)", arg);
        if (i + 1 >= argc)
            return fail(2, "option '%s' needs a value", arg);
        const char **slot = (const char **)((char *)o + table[k].offset);
        /* Every option takes one value: a second would win in silence. */
        if (*slot) return fail(2, "%s given twice", arg);
        *slot = argv[++i];
    }
    return 0;
}

static int parse_size(const char *s, int *px)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < SVG_SIZE_MIN || v > SVG_SIZE_MAX)
        return -1;
    *px = (int)v;
    return 0;
}

/* Writes the whole document to path, or to stdout when path is NULL (a
 * failed write there is reported at exit: outstream_check_stdout()).  A
 * regular file, new or existing, is written through a temporary file in
 * its folder renamed over it once written and synced (newfile.h), so a
 * failed write (a full disk) leaves the old file whole; a FIFO or a device
 * (/dev/stdout) is written directly. */
static int write_out(const char *path, const char *data, size_t len)
{
    char why[4200];
    struct stat st;
    if (!path) {
        fwrite(data, 1, len, stdout);
        return 0;
    }
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return fail(1, "cannot write '%s': %s", path, strerror(EISDIR));
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* An outstream: a failed write keeps its cause (ENOSPC on
         * /dev/full), which a plain stdio stream loses (EIO). */
        int fd = util_open_write(path, why, sizeof why);
        if (fd < 0) return fail(1, "cannot write '%s': %s", path, why);
        FILE *f = outstream_fdopen(fd);
        if (!f) {
            int e = errno;
            close(fd);
            return fail(1, "cannot write '%s': %s", path, strerror(e));
        }
        fwrite(data, 1, len, f);
        int e = outstream_close(f);
        return e ? fail(1, "cannot write '%s': %s", path, strerror(e)) : 0;
    }
    NewFile nf;
    if (newfile_open_replace(&nf, path, why, sizeof why) != 0) return fail(1, "%s", why);
    fwrite(data, 1, len, nf.f);
    return newfile_commit(&nf, why, sizeof why) != 0 ? fail(1, "%s", why) : 0;
}

int main(int argc, char **argv)
{
    outstream_check_stdout("dablo-svg"); /* a failed write to stdout: exit 1 */
    newfile_catch_signals("dablo-svg");
    Options o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : rc;

    int v = geometry_variant_from_name(o.variant ? o.variant : "dablot");
    if (v < 0)
        return fail(2, "unknown variant '%s' (dablot or tabal)", o.variant);
    int width_px = 0;
    if (o.size && parse_size(o.size, &width_px) != 0) {
        return fail(2, "bad -size '%s' (a width in pixels, %d..%d)", o.size,
                    SVG_SIZE_MIN, SVG_SIZE_MAX);
    }

    Rules rules = rules_default((Variant)v);
    Position pos;
    char err[1024];
    /* A FEN copied out of a file saved with a byte-order mark carries it:
     * skipped, as the readers of files skip it. */
    const char *fen = o.fen ? o.fen + util_bom_len(o.fen) : position_start_fen((Variant)v);
    char hint[POSITION_HINT_LEN];
    if (position_set_fen(&pos, &rules, fen, err, sizeof err) != 0)
        return fail(2, strncmp(err, "bad FEN", 7) == 0 ? "%s%s" : "bad FEN: %s%s", err,
                    position_fen_hint(&rules, fen, "-variant ", hint, sizeof hint));

    if (o.output && !*o.output)
        return fail(2, "-o: empty value (a file name; leave -o out to write to standard output)");
    SvgLastMove last;
    memset(&last, 0, sizeof last);
    if (o.lastmove && !*o.lastmove)
        return fail(2, "-lastmove: empty value (a move of the position, such as c5-d6)");
    if (o.lastmove && svg_lastmove_play(&pos, o.lastmove, &last, err, sizeof err) != 0)
        return fail(2, "-lastmove %s", err); /* err begins with the move */

    char *doc = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&doc, &len);
    if (!mem)
        return fail(1, "out of memory");
    int bad = svg_board_write(mem, &pos, o.lastmove ? &last : NULL, width_px);
    bad |= fclose(mem) != 0;
    if (bad) {
        free(doc);
        return fail(1, "cannot build the picture");
    }
    rc = write_out(o.output, doc, len);
    free(doc);
    return rc;
}
