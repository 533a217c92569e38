/*
 * newfile.h - a new output file that appears only when it is whole.
 *
 * The programs that write a file of their own from nothing (dablo-match
 * -genopenings out=FILE, dablo-tune gen and merge) never leave a partial
 * FILE behind, which would make the same command refuse to run again
 * ("FILE exists"):
 *   - newfile_open() refuses a FILE that exists and writes to a temporary
 *     file in FILE's folder, FILE.tmp.PID, created exclusively (a FILE
 *     that is a symbolic link to a file not made yet is made through it,
 *     in the target's folder, the link kept: newfile_target());
 *   - newfile_commit() flushes and fsyncs it, links it to FILE (link(2)
 *     never replaces a file: one that appeared meanwhile is kept and the
 *     commit fails), removes the temporary name and fsyncs the folder, so
 *     FILE is on disk whole once the call returns 0;
 *   - newfile_abandon() closes and removes the temporary file.
 * After newfile_catch_signals(), SIGINT, SIGTERM and SIGHUP (a closed
 * terminal; left ignored under nohup) remove the temporary file of the
 * NewFile open at that moment (one at a time), print one line on stderr
 * and end the program with exit status 130, 143 or 129 (128 + the
 * signal).  SIGPIPE and SIGXFSZ are ignored (outstream_check_stdout()): a
 * closed pipe or a write past the file size limit is a write error (EPIPE,
 * EFBIG), and a failed write to FILE removes the temporary file through
 * newfile_commit() or newfile_abandon().  Only a SIGKILL or a crash can
 * leave FILE.tmp.PID behind; it never blocks a new run (another PID,
 * another name).
 */
#ifndef DABLO_MATCH_NEWFILE_H
#define DABLO_MATCH_NEWFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct NewFile {
    char *path; /* FILE, owned */
    char *dest; /* where FILE is written: FILE, or for newfile_open_replace()
                 * the file a symbolic link FILE names (realpath()), owned */
    char *tmp;  /* DEST.tmp.PID, owned */
    FILE *f;    /* open on tmp until commit or abandon: an outstream
                 * (util/outstream.h), whose first failed write's errno
                 * newfile_commit() reports */
    int fd;     /* f's descriptor */
    bool replace; /* newfile_open_replace(): commit renames over FILE */
} NewFile;

/* Starts FILE = path.  Returns 0 with nf->f open for writing, or -1 with a
 * one-line reason naming FILE (never the temporary name) in err ("PATH
 * exists: remove it or choose another name", "PATH: a symbolic link that
 * names no file (a loop of links)", "PATH: not a regular file"
 * (a device: /dev/null), "PATH: is a folder", "cannot create PATH: its
 * folder DIR does not exist (No such file or directory)", "cannot create
 * PATH: Permission denied", ...); nothing is created then.  *nf is owned
 * by the caller until commit or abandon. */
int newfile_open(NewFile *nf, const char *path, char *err, size_t errlen);

/* As newfile_open(), but FILE may exist: newfile_commit() replaces it in
 * one rename(2), so FILE is the old file or the new one, whole, never a
 * part (dablo-tune fit -out).  A FILE that is a symbolic link is resolved
 * first (newfile_target(): also a link to a file not made yet): the temporary file goes to the target's folder and
 * is renamed over the target, so the link stays a link; an existing
 * file's permission bits are given to the new one (fchmod() before the
 * rename), so a -rw-r----- file stays so.  "cannot keep the mode of
 * PATH: reason" when that fails. */
int newfile_open_replace(NewFile *nf, const char *path, char *err, size_t errlen);

/* Where newfile_open_replace() writes path: realpath(path) when it
 * exists; for a symbolic link (or a chain of them) whose last target does
 * not exist yet, that target (a relative one taken from its link's
 * folder), so the file is created through the link and the link stays;
 * else NULL with errno set (ENOENT: path is no link and does not exist;
 * ELOOP: a link loop; ENOTDIR: a link through a file).  The string is
 * malloc'd (the caller frees it). */
char *newfile_target(const char *path);

/* The reason newfile_target() found no file for a link, from the errno it
 * left: "a loop of links" for ELOOP, else strerror(err) ("Not a
 * directory" for a link through a file).  A static string. */
const char *newfile_link_fault(int err);

/* Makes FILE whole on disk (see above) and frees nf.  Returns 0, or -1
 * with a reason naming FILE in err (a write, sync or link error); the
 * temporary file is removed then too and FILE does not exist (or is the
 * file that appeared meanwhile, untouched). */
int newfile_commit(NewFile *nf, char *err, size_t errlen);

/* Closes and removes the temporary file and frees nf (a failed run). */
void newfile_abandon(NewFile *nf);

/* SIGINT, SIGTERM and SIGHUP: remove the open NewFile's temporary file, print
 * "PROGRAM: interrupted by SIGINT: FILE not written" and _exit(128 + the
 * signal).  program is kept (not copied): a string literal. */
void newfile_catch_signals(const char *program);

/* After newfile_catch_signals(), for a program that writes many files (or
 * computes long between them): while what is not NULL, a signal says
 * "PROGRAM: interrupted by SIGINT: WHAT not written" in place of the line
 * of the file being written (whose temporary file is still removed) and
 * also when no file is open, and removes the folder dir when it is empty
 * (dir NULL: none).  Both are copied (what up to about 4 KiB, dir up to
 * 4095 bytes); NULL what returns to the file's own line. */
void newfile_signal_note(const char *what, const char *dir);

#endif
