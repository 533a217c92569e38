/*
 * main.c - dablo-match: plays matches between engines (match.c), makes
 * opening suites (genopen.c), resumes stopped matches (state.c), checks
 * an engine against the protocol (compliance.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "compliance.h"
#include "config.h"
#include "genopen.h"
#include "host/util.h"
#include "match.h"
#include "newfile.h"
#include "outputs.h"
#include "record.h"
#include "rules/geometry.h"
#include "util/outstream.h"
#include "rules/version.h"
#include "search/output.h"
#include "tbadjudicate.h"
#include "state.h"
#include "stats.h"

/* The options a resumed run may change. */
static int resume_override(const char *a)
{
    return strcmp(a, "-concurrency") == 0 || strcmp(a, "-log") == 0;
}

/* Whether the option a is among argv[1..argc) with a value after it. */
static int given_in(int argc, char **argv, const char *a)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], a) == 0) return 1;
    return 0;
}

/* path made absolute (relative to dir, NULL: the current folder) in buf
 * (len bytes); "" when the current folder cannot be named. */
static void absolute_path(const char *dir, const char *path, char *buf, size_t len)
{
    char here[2048];
    if (!dir && path[0] != '/') dir = getcwd(here, sizeof here);
    if (path[0] == '/')
        snprintf(buf, len, "%.4000s", path);
    else if (dir)
        snprintf(buf, len, "%.2000s/%.2000s", dir, path);
    else
        snprintf(buf, len, "%s", "");
}

/* Whether the absolute paths a and b name one file: the same file when
 * both exist, else the same text. */
static int same_path(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return *a && strcmp(a, b) == 0;
}

/* Whether the state file cand is the state of the match a -resume FILE
 * names: one whose saved -results or -pgnout (relative to the folder it
 * ran in) is FILE itself (a results or PGN file given by mistake) or,
 * for a FILE named STEM.resume, STEM (the state a stopped run writes
 * beside its results or PGN file).  theirs (theirslen bytes) gets the
 * first of those cand saved ("-results r.txt"), or "no -results or
 * -pgnout".  A cand that cannot be read is no match's. */
static int state_of_match(const char *cand, const char *resume, char *theirs, size_t theirslen)
{
    StateData sd;
    char err[1024];
    memset(&sd, 0, sizeof sd);
    if (state_load(cand, &sd, err, sizeof err) != 0) {
        state_data_free(&sd);
        return 0;
    }
    char target[2][4200], stem[4200];
    int ntarget = 1;
    absolute_path(NULL, resume, target[0], sizeof target[0]);
    size_t n = strlen(resume);
    if (n > 7 && strcmp(resume + n - 7, ".resume") == 0) {
        snprintf(stem, sizeof stem, "%.*s", (int)(n - 7), resume);
        absolute_path(NULL, stem, target[1], sizeof target[1]);
        ntarget = 2;
    }
    int mine = 0;
    snprintf(theirs, theirslen, "no -results or -pgnout");
    for (int i = 0; i + 1 < sd.argc && !mine; i++) {
        if (strcmp(sd.argv[i], "-results") != 0 && strcmp(sd.argv[i], "-pgnout") != 0) continue;
        if (strncmp(theirs, "no ", 3) == 0)
            snprintf(theirs, theirslen, "%s %.1000s", sd.argv[i], sd.argv[i + 1]);
        char saved[4200];
        absolute_path(sd.dir, sd.argv[i + 1], saved, sizeof saved);
        for (int k = 0; k < ntarget; k++)
            mine |= same_path(saved, target[k]);
    }
    state_data_free(&sd);
    return mine;
}

/* The hint for a -resume FILE that holds no state (none there, or another
 * kind of file), in buf: the state file a stopped run of the same match
 * most likely left (FILE.resume, the default beside a results or PGN
 * file FILE, or dablo-match.resume) when one is there and
 * state_of_match() says it is that match's; else, when such a file is
 * there but is another match's, that no state exists for this match;
 * else where a match keeps its state. */
static void resume_hint(const char *resume, char *buf, size_t len)
{
    char near[4200];
    snprintf(near, sizeof near, "%s.resume", resume);
    const char *cand[2] = { near, "dablo-match.resume" };
    const char *other = NULL;
    char theirs[1100], first[1100] = "";
    for (int i = 0; i < 2; i++) {
        if (strcmp(cand[i], resume) == 0 || !state_file_there(cand[i])) continue;
        if (state_of_match(cand[i], resume, theirs, sizeof theirs)) {
            snprintf(buf, len, "did you mean -resume %s?", cand[i]);
            return;
        }
        if (!other) {
            other = cand[i];
            snprintf(first, sizeof first, "%s", theirs);
        }
    }
    if (other) {
        snprintf(buf, len,
                 "no state file exists for this match (%s is the state of another match, "
                 "with %s)",
                 other, first);
        return;
    }
    snprintf(buf, len,
             "a match keeps its state in the file its -resume named, else a stopped run "
             "writes RESULTS.resume beside its -results file (or PGN.resume, or "
             "dablo-match.resume)");
}

/* state_load's error for a -resume FILE, printed: a results or PGN file
 * given by mistake is named as one, with the hint (resume_hint). */
static void resume_load_error(const char *resume, const char *err)
{
    char why[1024], hint[4400];
    if (state_file_there(resume)) {
        match_say(err);
        return;
    }
    const char *kind = NULL;
    long games = stats_check_results_file(resume, why, sizeof why);
    if (games > 0)
        kind = "a results file";
    else if ((games = record_check_pgn_file(resume, why, sizeof why)) > 0)
        kind = "a PGN file";
    resume_hint(resume, hint, sizeof hint);
    struct stat st;
    if (kind)
        fprintf(stderr, "dablo-match: -resume %s: %s of %ld game%s, not a state file: %s\n", resume,
                kind, games, games == 1 ? "" : "s", hint);
    else if (stat(resume, &st) == 0 && S_ISREG(st.st_mode))
        output_stderr("dablo-match", "%s: %s", err, hint); /* "FILE:1: not a state file ..." */
    else
        fprintf(stderr, "dablo-match: %s: %s\n", err, hint);
}

/* For an empty -resume FILE named STEM.resume, STEM a results or PGN file
 * of games: the lock file a run without -resume left when it was killed
 * before it could write its state (this run holds the lock now, so no run
 * does), said in buf with what can be done.  Returns 1, else 0 (buf
 * untouched). */
static int stale_lock_file(const char *resume, char *buf, size_t len)
{
    size_t n = strlen(resume);
    if (n <= 7 || strcmp(resume + n - 7, ".resume") != 0) return 0;
    char stem[4200], why[1024];
    snprintf(stem, sizeof stem, "%.*s", (int)(n - 7), resume);
    long games = stats_check_results_file(stem, why, sizeof why);
    if (games <= 0) games = record_check_pgn_file(stem, why, sizeof why);
    if (games <= 0) return 0;
    snprintf(buf, len,
             "-resume %s: an empty file, not a state file: the lock file of a run without -resume "
             "killed before it could write its state (no run holds it now); no state was kept "
             "for the %ld game%s in %s, so that match cannot be continued: remove %s, and give a "
             "new match other file names or remove %s (-resume FILE keeps the state after every "
             "game)",
             resume, games, games == 1 ? "" : "s", stem, resume, stem);
    return 1;
}

/* -resume FILE: with an existing state, the command line to parse is the
 * saved one plus -concurrency / -log / -quiet / -rebuild from this one (in *merged,
 * which the caller frees; its words belong to argv and *sd).  Returns 1
 * with the state in *sd, 0 when there is no state to resume (a new match
 * that keeps its state in FILE), or -1 (message printed).  created: FILE
 * did not exist (the state file's lock created it empty). */
static int resume_command_line(int argc, char **argv, const char *resume, int created,
                               StateData *sd, char ***merged, int *n)
{
    char err[1024];
    int rc = state_load(resume, sd, err, sizeof err);
    if (rc < 0) {
        resume_load_error(resume, err);
        return -1;
    }
    if (rc == 1) {
        int engines = 0;
        for (int i = 1; i < argc; i++) engines += strcmp(argv[i], "-engine") == 0;
        if (engines > 0) return 0;
        struct stat st;
        char stale[9000];
        if (!created && stat(resume, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0
            && stale_lock_file(resume, stale, sizeof stale)) {
            fprintf(stderr, "dablo-match: %s\n", stale);
            return -1;
        }
        const char *what = created || stat(resume, &st) < 0 ? "no such file"
                         : !S_ISREG(st.st_mode)
                             ? "not a state file (not a regular file)"
                             : "an empty file, not a state file (no game was recorded in it)";
        char hint[4400];
        resume_hint(resume, hint, sizeof hint);
        fprintf(stderr,
                "dablo-match: -resume %s: %s: %s (a new match also needs its -engine options)\n",
                resume, what, hint);
        return -1;
    }
    if (state_check_dir(sd, resume, err, sizeof err) < 0) {
        match_say(err);
        return -1;
    }
    char **m = util_xmalloc((size_t)(sd->argc + argc + 1) * sizeof *m);
    int k = 0;
    for (int i = 0; i < sd->argc; i++) {
        /* An option this run changes replaces the saved one: both would be
         * the option given twice. */
        if (resume_override(sd->argv[i]) && i + 1 < sd->argc && given_in(argc, argv, sd->argv[i])) {
            i++;
            continue;
        }
        m[k++] = sd->argv[i];
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-resume") == 0) { i++; continue; }
        if (strcmp(argv[i], "-quiet") == 0 || strcmp(argv[i], "-rebuild") == 0
            || strcmp(argv[i], "-recover") == 0) {
            m[k++] = argv[i];
            continue;
        }
        if (resume_override(argv[i]) && i + 1 < argc) {
            m[k++] = argv[i];
            m[k++] = argv[++i];
            continue;
        }
        fprintf(stderr,
                "dablo-match: %s exists: a resumed match takes only -resume FILE "
                "[-concurrency N] [-log FILE] [-quiet] [-rebuild] [-recover], not '%s'\n",
                resume, argv[i]);
        free(m);
        return -1;
    }
    m[k] = NULL;
    *merged = m;
    *n = k;
    return 1;
}

/* -genopenings: writes the suite.  Returns the exit status: 2 for an
 * out=FILE that exists or cannot be created (a usage error, named by the
 * name given), 1 when the suite cannot be made or written. */
static int generate_openings(MatchConfig *c, GenSpec *g)
{
    char err[4200];
    uint64_t seed = c->seed_given ? c->seed : 1;
    newfile_catch_signals("dablo-match");
    NewFile nf;
    FILE *out = stdout;
    if (g->out) {
        if (newfile_open(&nf, g->out, err, sizeof err) < 0) {
            fprintf(stderr, "dablo-match: -genopenings: %s\n", err);
            return 2;
        }
        out = nf.f;
    }
    int n = genopenings(g, &c->rules, seed, out, err, sizeof err);
    if (n < 0) {
        if (g->out) newfile_abandon(&nf);
        match_say(err);
        return 1;
    }
    if (g->out) {
        if (newfile_commit(&nf, err, sizeof err) < 0) {
            match_say(err);
            return 1;
        }
        fprintf(stderr, "dablo-match: %d opening%s written to %s\n", n, n == 1 ? "" : "s", g->out);
    }
    return 0; /* a failed write to stdout: outstream_check_stdout() at exit */
}

int main(int argc, char **argv)
{
    outstream_check_stdout("dablo-match"); /* a failed write to stdout: exit 1 */
    geometry_init();
    MatchConfig c;
    GenSpec g;
    char err[1024];
    config_defaults(&c);
    if (argc > 0 && argv[0] && argv[0][0])
        match_program = argv[0];
    if (argc == 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-version"))) {
        printf("dablo-match %s\n", DABLO_VERSION);
        return 0;
    }

    /* -compliance checks one engine instead of playing a match. */
    int help = 0, compliance = 0;
    for (int i = 1; i < argc; i++) {
        help |= !strcmp(argv[i], "--help") || !strcmp(argv[i], "-help") || !strcmp(argv[i], "-h");
        compliance |= !strcmp(argv[i], "-compliance");
    }
    if (compliance && help) cli_help(stdout);
    if (compliance) return help ? 0 : compliance_main(argc - 1, argv + 1, stdout);

    /* -resume is looked for before the command line is parsed (the state
     * it names may hold the rest); a second one is refused here, as any
     * option given twice is, since a resumed run's own line is not parsed. */
    const char *resume = NULL;
    int resumes = 0;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-resume") == 0) {
            resumes++;
            if (i + 1 < argc) resume = argv[++i];
        }
    if (resumes > 1) {
        fprintf(stderr, "dablo-match: -resume is given twice\n");
        return 2;
    }
    StateData sd;
    memset(&sd, 0, sizeof sd);
    int have_state = 0;
    int pargc = argc - 1;
    char **pargv = argv + 1;
    char **merged = NULL;
    /* A FIFO would block the read below until a writer came; a state is
     * read, cut and appended to, so only a file can be one. */
    if (resume && !*resume) {
        fprintf(stderr, "dablo-match: -resume: empty value (a file name is needed)\n");
        return 2;
    }
    struct stat rst;
    if (resume && stat(resume, &rst) == 0 && S_ISFIFO(rst.st_mode)) {
        fprintf(stderr, "dablo-match: -resume %s: a FIFO, not a state file (a regular file)\n",
                resume);
        return 2;
    }
    /* The state is locked before it is read: another run may be writing it. */
    OutputLocks locks = { 0 };
    if (resume && outputs_lock(&locks, resume, "state file", err, sizeof err) < 0) {
        match_say(err);
        return 2;
    }
    if (resume) {
        have_state = resume_command_line(argc, argv, resume, locks.n > 0 && locks.created[0], &sd,
                                         &merged, &pargc);
        if (have_state < 0) {
            state_data_free(&sd);
            outputs_release(&locks);
            return 2;
        }
        if (have_state) pargv = merged;
    }

    CliMode mode = cli_parse(pargc, pargv, &c, &g, err, sizeof err);
    int status;
    if (mode == CLI_HELP) {
        cli_help(stdout);
        status = 0;
    } else if (mode == CLI_ERROR) {
        match_say(err);
        status = 2;
    } else if (mode == CLI_GENOPENINGS) {
        status = generate_openings(&c, &g);
        free(g.out);
    } else {
        /* A resumed run keeps the state it came from up to date, also when
         * that state was written by a Ctrl-C of a run without -resume. */
        if (have_state && (!c.resume || strcmp(c.resume, resume) != 0)) util_set_string(&c.resume, resume);
        /* Save the command line without the program name; on resume the
         * state file keeps its own. */
        TbSet tb = { 0 };
        if (!have_state && c.shard_n > 1 && c.openings.random && !c.seed_given) {
            /* Each shard would pick its own seed, so the shards would play
             * other orders of the openings (some twice, some never), and
             * nothing in a results file lets -merge see it.  A resumed
             * state keeps the seed its run picked. */
            fprintf(
                stderr,
                "dablo-match: -shard %d/%d with -openings order=random needs -srand S, the same "
                "on every shard (each would pick its own order of the openings)\n",
                c.shard_i, c.shard_n);
            status = 2;
        } else if (outputs_guard_match(&c, &locks, err, sizeof err) < 0) {
            match_say(err);
            status = 2;
        } else if (c.tb_path && tbadj_open(&tb, c.tb_path, &c.rules, err, sizeof err) != 0) {
            match_say(err);
            status = 2;
        } else {
            c.tb = c.tb_path ? &tb : NULL;
            c.stale_state = locks.stale_state;
            status = match_run(&c, pargc, pargv, have_state ? &sd : NULL);
            /* A whole schedule played keeps its files, also without a
             * game in them (an empty shard): dablo-stats -merge reads each. */
            const char *const kept[2][2] = { { c.results, "results file" },
                                             { c.pgnout, "PGN file" } };
            for (int k = 0; k < 2 && status == 0; k++)
                if (outputs_keep(&locks, kept[k][0]) < 0)
                    fprintf(stderr, "dablo-match: cannot sync the %s %s: %s\n", kept[k][1],
                            kept[k][0], strerror(errno));
        }
        tb_set_close(&tb);
    }
    config_free(&c);
    state_data_free(&sd);
    free(merged);
    outputs_release(&locks);
    return status;
}
