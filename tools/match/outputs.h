/*
 * outputs.h - the files a match writes, guarded for the whole run.
 *
 * Two runs writing the same state, results or PGN file would interleave
 * their records and ruin the match (and its state), and a run whose
 * output is also one of its inputs would overwrite it.  So, before any
 * game:
 *   - outputs_distinct() refuses two options that name the same file
 *     (same device and inode, or, for a file not yet there, the same
 *     directory and name);
 *   - outputs_lock() takes an exclusive flock(2) on each output file,
 *     held until outputs_release(); a second run that finds a file locked
 *     refuses at once, before it writes anything.
 * Only regular files (or files not yet created) are compared and locked:
 * /dev/null, a pipe or a terminal may serve several options and runs.
 * The locks are advisory: they keep dablo-match runs apart, not other
 * programs.
 */
#ifndef DABLO_MATCH_OUTPUTS_H
#define DABLO_MATCH_OUTPUTS_H

#include <stddef.h>

#include "config.h"

enum { OUTPUTS_MAX = 8 };

/* The locks a run holds. */
typedef struct OutputLocks {
    int n;
    int fd[OUTPUTS_MAX];      /* open descriptors holding the locks */
    char
        *path[OUTPUTS_MAX]; /* owned: the file (a link's target), as outputs_release() removes it */
    int created[OUTPUTS_MAX]; /* the lock created the file (it was not there) */
    char *what[OUTPUTS_MAX];  /* owned: "results file", ... (for messages) */
    char *given[OUTPUTS_MAX]; /* owned: the path as given (for messages) */
    int stale_state; /* outputs_guard_match found an empty default state file no run held */
} OutputLocks;

/* A symbolic link path whose file is not made yet (newfile_target()):
 * *target is that file (malloc'd, the caller frees it), which opening
 * path with O_CREAT would create; NULL for any other path.  Returns 0, or
 * -1 for a link that names no file, with "WHAT PATH: a symbolic link that
 * names no file (a loop of links)" (or "(Not a directory)" for a link
 * through a file), the reason dablo-tune and dablo-svg give, in err. */
int outputs_link_target(const char *what, const char *path, char **target, char *err,
                        size_t errlen);

/* Locks path for this run (what: "state file", "results file", ...
 * for messages), creating it empty when it does not exist.  A path that
 * names no regular file (a device, a pipe) is not locked; a symbolic link
 * to a file not made yet creates that file, the link kept
 * (outputs_link_target(), whose reason a link that names no file gets).  Returns 0, or
 * -1 with a one-line reason naming the file in err ("r.txt is in use by
 * another dablo-match run (pid 4242: bin/dablo-match -engine ...)": the
 * holder as /proc/locks names it, its command line cut after a whole
 * word, else a hint to run fuser; "results file r.txt and PGN file l.pgn
 * are the same file: give each its own" when this run holds it already,
 * by another of l's paths); nothing is created then.  At most
 * OUTPUTS_MAX files. */
int outputs_lock(OutputLocks *l, const char *path, const char *what, char *err, size_t errlen);

/* Drops every lock of l; a file the lock created that is still empty
 * (no game was recorded in it) is removed first, so a run that stopped
 * before its first record leaves no file behind. */
void outputs_release(OutputLocks *l);

/* Keeps the file of l that was locked as given (the path as given to
 * outputs_lock(); NULL or a path l does not hold: nothing) at
 * outputs_release() even when empty, synced with its folder first: a run
 * that played its whole schedule without a game (-shard i/N of a match
 * with fewer than i pairs) still leaves its results and PGN files, so
 * that dablo-stats -merge of every shard finds each.  Returns 0, or -1
 * with errno set when the sync failed (the file is kept all the same). */
int outputs_keep(OutputLocks *l, const char *given);

/* One file option of a run: the option's name ("-results") and its path
 * (NULL: not given). */
typedef struct OutputName {
    const char *option;
    const char *path;
} OutputName;

/* Refuses two of the n files that are the same file.  Returns 0, or -1
 * with a one-line reason naming both options and the path in err. */
int outputs_distinct(const OutputName *f, int n, char *err, size_t errlen);

/* The state file of the run: -resume's, else the one a run that stops
 * early writes (docs/match.md): RESULTS.resume beside the results file,
 * else PGN.resume beside the PGN file, else dablo-match.resume in the
 * current folder; a results or PGN path that names no regular file (a
 * device such as /dev/full or /dev/null, a pipe) gets none beside it.
 * Returns c->resume, buf (len bytes, holding the name) or a constant name. */
const char *outputs_state_path(const MatchConfig *c, char *buf, size_t len);

/* Checks an engine's stderr= file (who: "engine a", for the message)
 * before the engine starts: an empty value, a FIFO with no reader
 * (opened with O_NONBLOCK, so the check never waits) and anything but a
 * regular file or a character device such as /dev/null are refused; a
 * file not there is created, as the engine's start would.  NULL passes.
 * Returns 0, or -1 with a one-line reason naming who and the path in err. */
int outputs_check_stderr(const char *who, const char *path, char *err, size_t errlen);

/* The match's guard, before any game: its openings, results, PGN, state,
 * log and engines' stderr= files distinct (outputs_distinct), then its results and PGN
 * files locked in l, and, without -resume, the default state file of
 * outputs_state_path() (a -resume state file was locked before it was
 * read; an empty default state file found there, the lock file of a run
 * killed before it wrote its state, is removed at outputs_release() as
 * one this run created); every stderr= file passes
 * outputs_check_stderr().  Returns 0,
 * or -1 with a one-line reason in err. */
int outputs_guard_match(const MatchConfig *c, OutputLocks *l, char *err, size_t errlen);

#endif
