/*
 * match.c - the whole match: probe, game slots, ordered writer, state,
 * signals, summary (see match.h).
 */
#define _GNU_SOURCE
#include "match.h"

const char *match_program = "dablo-match";

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "durable.h"
#include "host/engine.h"
#include "host/strbuf.h"
#include "host/transcript.h"
#include "host/util.h"
#include "hoststall.h"
#include "newfile.h"
#include "openings.h"
#include "outputs.h"
#include "play.h"
#include "record.h"
#include "report.h"
#include "schedule.h"
#include "search/output.h"
#include "text.h"

enum { SLOT_PENDING = 0, SLOT_DONE, SLOT_SKIPPED };

typedef struct Match {
    MatchConfig *cfg;
    OpeningBook book;
    GameSpec *games;          /* the games this run plays, in game order */
    int ngames;
    int next;                 /* next game to hand out */
    pthread_mutex_t lock;     /* next, slots, files, report */
    GameRecord **rec;         /* finished records waiting for their turn */
    uint8_t *slot;
    int wnext;                /* next slot to write */
    FILE *pgn, *res;
    int64_t pgn_base, res_base; /* their sizes when this run opened them (-1: none) */
    int64_t pgn_size, res_size; /* their sizes after the last recorded game */
    StateFile state;
    Report report;
    Transcript *log;
    sigset_t signals;         /* taken by the signal thread (sigwait) */
    pthread_t signal_thread;
    int signal_thread_running; /* pthread_create() of signal_thread succeeded */
    int abort_pipe[2];
    atomic_int stop;          /* no new games */
    atomic_int abort;         /* drop running games */
    atomic_int interrupted;   /* the first stopping signal, or 0 */
    atomic_int setting_up;    /* set-up runs: any stopping signal aborts it */
    int failed;               /* an engine was lost without -recover */
    int write_failed;         /* a record could not be written: nothing more is recorded */
    char failure[512];
    StrBuf written; /* state lines of the games recorded by this run (for a late state file) */
    uint64_t openings_sum; /* FNV-1a 64 of the openings file's bytes, when has_openings */
    int has_openings;
    int rebuilt; /* -rebuild dropped recorded games: the files are cut back before them */
    int restate; /* -rebuild put a wrong offset line right: the state is written anew */
} Match;

static Match *the_match;      /* for the signal thread only */

void match_say(const char *msg)
{
    output_stderr("dablo-match", "%s", msg);
}

/* Never runs: the signals are blocked and taken by sigwait(); a handler
 * (rather than SIG_IGN) only keeps them from being discarded. */
static void on_signal(int sig)
{
    (void)sig;
}

/* ---- signals ------------------------------------------------------------ */

static void *signal_thread(void *arg)
{
    sigset_t *set = arg;
    for (;;) {
        int sig;
        if (sigwait(set, &sig) != 0) continue;
        if (sig == SIGUSR1) return NULL;
        Match *m = the_match;
        int none = 0;
        atomic_compare_exchange_strong(&m->interrupted, &none, sig);
        if (sig == SIGINT && !atomic_load(&m->stop) && !atomic_load(&m->setting_up)) {
            atomic_store(&m->stop, 1);
            static const char msg[] = "\ndablo-match: interrupted: finishing the running games "
                                      "(Ctrl-C again to abort them)\n";
            if (write(2, msg, sizeof msg - 1) < 0) {}
            continue;
        }
        atomic_store(&m->stop, 1);
        if (!atomic_exchange(&m->abort, 1)) {
            static const char msg[] = "\ndablo-match: aborting the running games\n";
            static const char early[] =
                "\ndablo-match: interrupted before the first game started: stopping\n";
            int s = atomic_load(&m->setting_up);
            if (write(2, s ? early : msg, s ? sizeof early - 1 : sizeof msg - 1) < 0) {}
            if (write(m->abort_pipe[1], "x", 1) < 0) {}
        }
    }
}

/* ---- writer ------------------------------------------------------------- */

static int64_t file_size(FILE *f)
{
    if (!f) return -1;
    struct stat st;
    return fstat(fileno(f), &st) == 0 ? (int64_t)st.st_size : -1;
}

/* A record could not be written (lock held): no game is recorded after
 * it, no game is started, and the run ends with exit 1. */
static void write_failure(Match *m, const GameRecord *r, const char *what, const char *path,
                          int err)
{
    if (!m->write_failed)
        fprintf(stderr,
                "dablo-match: cannot write game %d to the %s %s: %s; stopping (no more games are "
                "started or recorded)\n",
                r->spec.number, what, path, strerror(err));
    m->write_failed = 1;
    atomic_store(&m->stop, 1);
}

/* Appends b to f, whose size is *size; on failure the file is cut back to
 * *size (so it ends with a whole game).  Returns 0, or -1 with errno. */
static int append_whole(FILE *f, int64_t *size, const StrBuf *b)
{
    if (!f) return 0;
    if (durable_write(fileno(f), b->s, b->len) < 0) {
        int e = errno;
        if (ftruncate(fileno(f), *size) < 0) {}
        errno = e;
        return -1;
    }
    *size += (int64_t)b->len;
    return 0;
}

/* Cuts f back to size after a later write of the same record failed. */
static void cut_back(FILE *f, int64_t size)
{
    if (f && ftruncate(fileno(f), size) < 0) {}
}

/* Writes record r (in game order).  Called with m->lock held.  The game
 * counts as recorded only once its PGN text, results line and state line
 * are all written and synced; otherwise both files are cut back to the
 * previous game and the run stops recording (write_failure). */
static void write_record(Match *m, GameRecord *r)
{
    if (m->write_failed) return;
    const MatchConfig *c = m->cfg;
    StrBuf pgn = { 0 }, line = { 0 }, st = { 0 };
    if (m->pgn) record_pgn(r, c, &pgn);
    record_results_line(r, &line);
    int64_t p0 = m->pgn_size, r0 = m->res_size;
    const char *what = NULL, *path = NULL;
    if (append_whole(m->pgn, &m->pgn_size, &pgn) < 0)
        what = "PGN file", path = c->pgnout;
    else if (append_whole(m->res, &m->res_size, &line) < 0)
        what = "results file", path = c->results;
    else if (m->pgn && durable_sync(fileno(m->pgn)) < 0)
        what = "PGN file", path = c->pgnout;
    else if (m->res && durable_sync(fileno(m->res)) < 0)
        what = "results file", path = c->results;
    else {
        state_format_record(&st, m->pgn ? m->pgn_size : -1, m->res ? m->res_size : -1,
                            state_sum(pgn.s ? pgn.s : "", pgn.len), strbuf_str(&line));
        if (state_append_line(&m->state, strbuf_str(&st)) < 0)
            what = "state file", path = c->resume;
    }
    if (what) {
        int e = errno;
        cut_back(m->pgn, m->pgn_size = p0);
        cut_back(m->res, m->res_size = r0);
        write_failure(m, r, what, path, e);
    } else {
        strbuf_add(&m->written, strbuf_str(&st));
    }
    strbuf_free(&pgn);
    strbuf_free(&line);
    strbuf_free(&st);
    if (what) return;
    report_add(&m->report, r->spec.white, r->spec.black, r->spec.pair, r->result, r->term, 0);
    report_add_latency(&m->report, r);
    if (!c->quiet) report_live(&m->report, r, stdout);
    if (m->report.verdict != STATS_SPRT_CONTINUE && !atomic_load(&m->stop)) {
        atomic_store(&m->stop, 1);
        printf("SPRT: %s, no new games\n", stats_verdict_name(m->report.verdict));
        fflush(stdout);
    }
}

/* Writes every finished record whose turn has come (lock held). */
static void flush_ready(Match *m, int skip_pending)
{
    while (m->wnext < m->ngames) {
        int s = m->slot[m->wnext];
        if (s == SLOT_PENDING && !skip_pending) break;
        if (s == SLOT_DONE) {
            write_record(m, m->rec[m->wnext]);
            record_free(m->rec[m->wnext]);
            free(m->rec[m->wnext]);
            m->rec[m->wnext] = NULL;
        }
        m->wnext++;
    }
}

/* ---- game slots ------------------------------------------------------------ */

typedef struct SlotArg {
    Match *m;
    int id;
} SlotArg;

static void *slot_thread(void *arg)
{
    SlotArg *sa = arg;
    Match *m = sa->m;
    Worker w;
    memset(&w, 0, sizeof w);
    w.id = sa->id;
    w.cfg = m->cfg;
    w.book = &m->book;
    w.log = m->log;
    w.abort_fd = m->abort_pipe[0];
    w.engines = util_xmalloc((size_t)m->cfg->nengines * sizeof *w.engines);
    memset(w.engines, 0, (size_t)m->cfg->nengines * sizeof *w.engines);
    for (;;) {
        pthread_mutex_lock(&m->lock);
        if (atomic_load(&m->stop) || m->next >= m->ngames) {
            pthread_mutex_unlock(&m->lock);
            break;
        }
        int idx = m->next++;
        pthread_mutex_unlock(&m->lock);

        GameRecord *rec = util_xmalloc(sizeof *rec);
        int lost = 0;
        PlayStatus ps = play_game(&w, &m->games[idx], rec, &lost);
        pthread_mutex_lock(&m->lock);
        if (ps == PLAY_ABORTED) {
            record_free(rec);
            free(rec);
            m->slot[idx] = SLOT_SKIPPED;
        } else {
            m->rec[idx] = rec;
            m->slot[idx] = SLOT_DONE;
            if (lost && (lost == 2 || !m->cfg->recover) && !m->failed) {
                m->failed = 1;
                snprintf(m->failure, sizeof m->failure,
                         lost == 2
                             ? "game %d: %s; an engine that cannot be started stops the run, "
                               "even with -recover (the game is scored as its loss)"
                             : "game %d: %s; stopping after the running games (use -recover to "
                               "restart engines; -resume takes it too)",
                         rec->spec.number, rec->detail ? rec->detail : "an engine failed");
                atomic_store(&m->stop, 1);
                fprintf(stderr, "dablo-match: %s\n", m->failure);
            }
        }
        flush_ready(m, 0);
        pthread_mutex_unlock(&m->lock);
    }
    if (atomic_load(&m->abort)) {
        for (int i = 0; i < m->cfg->nengines; i++) engine_kill(&w.engines[i]);
    }
    worker_stop_engines(&w);
    free(w.engines);
    return NULL;
}

/* ---- set-up ----------------------------------------------------------------- */

/* Starts every engine once: resolves its program, runs the handshake,
 * checks the options and learns its name.  Returns 0 or -1 (message printed). */
static int probe_engines(Match *m)
{
    MatchConfig *c = m->cfg;
    /* Which names were given (name=) rather than learned: two equal given
     * names need different ones, two learned ones a name= each. */
    char *given = calloc((size_t)c->nengines + 1, 1);
    if (!given) {
        match_say("out of memory");
        return -1;
    }
    for (int i = 0; i < c->nengines; i++)
        given[i] = c->engines[i].name != NULL;
    int rc = 0;
    for (int i = 0; i < c->nengines; i++) {
        EngineSpec *s = &c->engines[i];
        char err[1024];
        if (engine_spec_resolve(s, err, sizeof err) < 0) {
            match_say(err);
            free(given);
            return -1;
        }
        Engine e;
        memset(&e, 0, sizeof e);
        EngineStatus st = engine_start(&e, s, &c->sent, c->startup_ms, 0, m->log, m->abort_pipe[0], err, sizeof err);
        if (st != ENGINE_OK) {
            /* A signal ended the start-up: set_up() says so by the exit status. */
            if (!atomic_load(&m->abort)) match_say(err);
            engine_quit(&e, (int)c->quit_ms);
            free(given);
            return -1;
        }
        if (!s->name) s->name = util_xstrdup(e.id_name && *e.id_name ? e.id_name : s->cmd);
        engine_quit_said(&e, (int)c->quit_ms, "dablo-match", s->name);
    }
    for (int i = 0; i < c->nengines && rc == 0; i++)
        for (int j = i + 1; j < c->nengines && rc == 0; j++)
            if (strcmp(c->engines[i].name, c->engines[j].name) == 0) {
                fprintf(stderr, "dablo-match: two engines are named '%s': %s\n", c->engines[i].name,
                        given[i] && given[j] ? "give them different names (name=)"
                                             : "give name= to tell them apart");
                rc = -1;
            }
    free(given);
    return rc;
}

static double cpu_seconds(const struct rusage *r)
{
    return (double)r->ru_utime.tv_sec + (double)r->ru_stime.tv_sec +
           ((double)r->ru_utime.tv_usec + (double)r->ru_stime.tv_usec) / 1e6;
}

/* The runner's own CPU time against its engines' (every engine has been
 * reaped by now, so RUSAGE_CHILDREN holds them all). */
static void print_cpu(FILE *f)
{
    struct rusage self, kids;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &kids);
    double a = cpu_seconds(&self), b = cpu_seconds(&kids);
    fprintf(f, "CPU: runner %.2f s, engines %.2f s; runner share %.2f%%\n", a, b, a + b > 0 ? 100.0 * a / (a + b) : 0.0);
}

/* The machine's freezes and steal time while the games ran (hoststall.h),
 * printed when there was a freeze or 20 ms of steal, or with -stallcredit:
 * on a virtual machine they explain a loss on time no engine could avoid. */
static void print_host(FILE *f, int credit)
{
    int n;
    int64_t longest_us, steal_ms;
    hoststall_totals(&n, &longest_us, &steal_ms);
    if (n == 0 && steal_ms < 20 && !credit) return;
    if (n == 0) fprintf(f, "Host: no freeze of %d ms or more", HOSTSTALL_MIN_GAP_MS);
    else fprintf(f, "Host: %d freeze%s of %d ms or more (longest %.1f ms)", n, n == 1 ? "" : "s",
                 HOSTSTALL_MIN_GAP_MS, (double)longest_us / 1000.0);
    if (steal_ms >= 0) fprintf(f, ", %lld ms of CPU time stolen from the CPUs (steal)", (long long)steal_ms);
    else fprintf(f, ", steal time unknown");
    fprintf(f, "; %s\n", credit ? "frozen time not charged to the engines (-stallcredit)" : "frozen time charged to the engines");
}

static uint64_t random_seed(void)
{
    uint64_t s = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        if (read(fd, &s, sizeof s) != (ssize_t)sizeof s) s = 0;
        close(fd);
    }
    if (!s) s = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) ^ (uint64_t)util_now_us();
    return s & 0x7fffffffffffffffULL;
}

/* Copies the bytes of path from offset cut to its end into a new file
 * beside it, PATH.cut-N (the first N from 1 whose name is free: an
 * existing file is never replaced), written and synced with its folder
 * (newfile.h) before the caller cuts them.  Returns 0 with the name in
 * saved, or -1 with a one-line reason in err (nothing saved). */
static int save_cut_bytes(const char *path, int64_t cut, char *saved, size_t savedlen, char *err,
                          size_t errlen)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    for (int n = 1; n <= 1000; n++) {
        struct stat st;
        snprintf(saved, savedlen, "%s.cut-%d", path, n);
        if (lstat(saved, &st) == 0) continue;
        NewFile nf;
        if (newfile_open(&nf, saved, err, errlen) < 0) {
            if (lstat(saved, &st) == 0) continue; /* appeared meanwhile */
            close(fd);
            return -1;
        }
        char buf[65536];
        off_t at = (off_t)cut;
        ssize_t r;
        while ((r = pread(fd, buf, sizeof buf, at)) > 0 || (r < 0 && errno == EINTR))
            if (r > 0) {
                if (fwrite(buf, 1, (size_t)r, nf.f) != (size_t)r) break;
                at += r;
            }
        if (r < 0) {
            snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
            newfile_abandon(&nf);
            close(fd);
            return -1;
        }
        if (newfile_commit(&nf, err, errlen) < 0) {
            if (lstat(saved, &st) == 0) continue; /* appeared meanwhile: the next name */
            close(fd);
            return -1;
        }
        close(fd);
        return 0;
    }
    close(fd);
    snprintf(err, errlen, "%s.cut-1 .. %s.cut-1000 all exist", path, path);
    return -1;
}

/* What the bytes saved in file hold, for the note: games the state does
 * not record, nothing of a game, or not a complete record (a game cut
 * short by a kill, a line typed by hand). */
static void describe_cut(const char *saved, int pgn, char *out, size_t outlen)
{
    char why[1024];
    long n = pgn ? record_check_pgn_file(saved, why, sizeof why)
                 : stats_check_results_file(saved, why, sizeof why);
    if (n > 0)
        snprintf(out, outlen, "%ld complete game%s the state does not record", n,
                 n == 1 ? "" : "s");
    else
        snprintf(out, outlen, n == 0 ? "no game in them" : "not a complete record");
}

/* Opens an output file for appending (a new run's file holds no games:
 * check_appendable; a FIFO without a reader is an
 * error, not a wait); with a resume offset, cut it back
 * first: the bytes cut are saved beside it first (save_cut_bytes; a file
 * that cannot be saved is not cut, and NULL is returned), with a note
 * saying how many bytes went, after which game (after: "after game 9,
 * the last game the state records"), what they hold and where they are,
 * as a line added by hand is cut too. */
static FILE *open_out(const char *path, int64_t cut, const char *what, const char *after,
                      int rebuilt, int pgn)
{
    if (!path) return NULL;
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "dablo-match: %s %s is a folder, not a file\n", what, path);
        return NULL;
    }
    if (cut >= 0 && exists && S_ISREG(st.st_mode) && st.st_size > cut) {
        char saved[4200], err[1024], holds[128];
        long long bytes = (long long)(st.st_size - cut);
        if (save_cut_bytes(path, cut, saved, sizeof saved, err, sizeof err) < 0) {
            fprintf(stderr,
                    "dablo-match: %s: cannot save the %lld byte%s %s before cutting them (%s); "
                    "nothing cut, not resumed\n",
                    path, bytes, bytes == 1 ? "" : "s", after, err);
            return NULL;
        }
        if (rebuilt)
            snprintf(holds, sizeof holds, "-rebuild plays those games again");
        else
            describe_cut(saved, pgn, holds, sizeof holds);
        if (truncate(path, cut) < 0)
            fprintf(
                stderr,
                "dablo-match: cannot cut %s back to %lld bytes: %s (the bytes after are saved in %s)\n",
                path, (long long)cut, strerror(errno), saved);
        else
            fprintf(stderr, "dablo-match: note: %s: cut %lld byte%s %s (%s); saved to %s\n", path,
                    bytes, bytes == 1 ? "" : "s", after, holds, saved);
    }
    /* A FIFO nobody reads is refused at once: open() would wait for a
     * reader with no signal able to end the wait. */
    char why[256];
    FILE *f = util_fopen_append(path, why, sizeof why);
    if (!f) fprintf(stderr, "dablo-match: cannot open %s %s: %s\n", what, path, why);
    return f;
}

/* A new run (cut < 0) writes only into a results or PGN file without
 * games: its games are numbered from 1 again, so dablo-stats would refuse
 * the file ("game 1 appears twice"), and a file that is something else (an
 * openings file given by mistake) must not be written into.  The file is
 * read as dablo-stats reads a results file (stats_check_results_file) or
 * as PGN games (record_check_pgn_file).  Returns 0, or -1 (message
 * printed, the file untouched). */
static int check_appendable(const MatchConfig *c, const char *option, const char *path, int64_t cut,
                            int pgn)
{
    struct stat st;
    if (!path || cut >= 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0)
        return 0;
    char why[1024], msg[4400];
    long games = pgn ? record_check_pgn_file(path, why, sizeof why)
                     : stats_check_results_file(path, why, sizeof why);
    if (games == 0) return 0;
    if (games < 0) {
        snprintf(msg, sizeof msg,
                 "%s %s is not a %s (%s); nothing was written: remove it or give another file",
                 option, path, pgn ? "PGN file" : "results file", why);
    } else {
        /* The state a stopped run left: this run's -resume file or the
         * default beside the results (or PGN) file, not an empty one. */
        char buf[1024], dbuf[1024], why_none[1400];
        MatchConfig d = *c;
        d.resume = NULL;
        const char *state = outputs_state_path(c, buf, sizeof buf);
        const char *def = outputs_state_path(&d, dbuf, sizeof dbuf);
        const char *have = state_file_there(state) ? state : state_file_there(def) ? def : NULL;
        /* Without -resume this run locked the default (made it, if it was
         * not there); an empty one found there is removed at its end
         * (outputs_guard_match). */
        int empty = c->resume ? stat(def, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0
                              : c->stale_state;
        if (empty)
            snprintf(why_none, sizeof why_none,
                     "no state file was kept for them, so that match cannot be continued: %s is "
                     "the empty lock file of a run killed before it could write its state%s; "
                     "-resume FILE keeps the state after every game",
                     def, c->resume ? "" : " (removed now)");
        else
            snprintf(why_none, sizeof why_none,
                     "no state file is there to go on with that match: there is no %s, which a "
                     "run without -resume writes only when it stops early; if that run was given "
                     "-resume FILE, go on by -resume FILE",
                     def);
        if (have)
            snprintf(msg, sizeof msg,
                     "%s %s already holds %ld game%s of an earlier run; nothing was written: give "
                     "another file name, remove it, or go on with that match by -resume %s",
                     option, path, games, games == 1 ? "" : "s", have);
        else
            snprintf(msg, sizeof msg,
                     "%s %s already holds %ld game%s of an earlier run; nothing was written: give "
                     "another file name or remove it (%s)",
                     option, path, games, games == 1 ? "" : "s", why_none);
    }
    match_say(msg);
    return -1;
}

/* Signals: blocked in every thread but the signal thread.  A shell
 * starts background jobs with SIGINT ignored; the runner takes SIGINT and
 * SIGTERM anyway (an ignored signal would be discarded even while
 * blocked), and keeps SIGHUP ignored under nohup.  Returns 0, or -1 when
 * the abort pipe cannot be made (message printed; no thread started). */
static int start_signals(Match *m)
{
    /* SIGPIPE and SIGXFSZ: ignored by outstream_check_stdout() in main() */
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    if (signal(SIGHUP, on_signal) == SIG_IGN) signal(SIGHUP, SIG_IGN);
    sigemptyset(&m->signals);
    sigaddset(&m->signals, SIGINT);
    sigaddset(&m->signals, SIGTERM);
    sigaddset(&m->signals, SIGHUP);
    sigaddset(&m->signals, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &m->signals, NULL);
    if (pipe2(m->abort_pipe, O_CLOEXEC) < 0) {
        fprintf(stderr, "dablo-match: pipe: %s\n", strerror(errno));
        return -1;
    }
    int e = pthread_create(&m->signal_thread, NULL, signal_thread, &m->signals);
    if (e) {
        fprintf(stderr, "dablo-match: cannot start a thread: %s\n", strerror(e));
        close(m->abort_pipe[0]);
        close(m->abort_pipe[1]);
        return -1;
    }
    m->signal_thread_running = 1;
    return 0;
}

/* Checks the recorded games of a resumed state against the schedule:
 * each must be a game of this match and shard, recorded once, with the
 * round, pair and engines the schedule gives it.  Returns 0, or -1 with
 * "FILE:LINE: ..." printed. */
static int check_resumed(const Match *m, const StateData *d, const GameSpec *all, int nall,
                         const uint8_t *done, int i)
{
    const MatchConfig *c = m->cfg;
    const char *line = d->lines[i];
    char *end;
    long g = strncmp(line, "game=", 5) == 0 ? strtol(line + 5, &end, 10) : 0;
    const char *why = NULL;
    char buf[160];
    if (g < 1 || g > nall) {
        snprintf(buf, sizeof buf, "game %ld is not a game of this match (1..%d)", g, nall);
        why = buf;
    } else if (!schedule_in_shard(&all[g - 1], c->shard_i, c->shard_n)) {
        snprintf(buf, sizeof buf, "game %ld belongs to another shard", g);
        why = buf;
    } else if (done[g]) {
        snprintf(buf, sizeof buf, "game %ld is recorded twice", g);
        why = buf;
    } else {
        const GameSpec *s = &all[g - 1];
        why = record_check_results_line(line, s, c->engines[s->white].name,
                                        c->engines[s->black].name);
    }
    if (!why) return 0;
    fprintf(stderr, "dablo-match: %s:%d: %s; the state file is damaged (not resumed)\n", c->resume,
            d->rec[i].lineno, why);
    return -1;
}

/* On resume: the PGN and results files must hold what the state says was
 * written (state_check_files).  With -rebuild, the records from the first
 * game that differs on are dropped: the files are cut back before it and
 * those games are played again; the message counts the games kept (the
 * ones the report starts from) and the games left to play of the total
 * of this shard.  Returns 0, or -1 (message printed). */
static int check_resumed_files(Match *m, StateData *d, int total)
{
    const MatchConfig *c = m->cfg;
    char err[1024];
    int64_t pgn_base, res_base;
    if (state_check_bases(d, c->resume, c->pgnout, c->results, &pgn_base, &res_base, err,
                          sizeof err)
        < 0) {
        /* Cut back to the line's value, the files would keep part of a
         * game in front (or lose bytes of the file before the match). */
        if (!c->rebuild) {
            fprintf(stderr,
                    "dablo-match: %s; the state file is damaged (not resumed: correct that line, "
                    "or give -resume %s -rebuild to play the %d recorded game%s again)\n",
                    err, c->resume, d->nlines, d->nlines == 1 ? "" : "s");
            return -1;
        }
        fprintf(stderr,
                "dablo-match: %s; -rebuild: 0 recorded games kept, the files cut back to where "
                "the match began and the state written anew; %d of the %d game%s to play (%d of "
                "them recorded before)\n",
                err, total, total, total == 1 ? "" : "s", d->nlines);
        d->pgn_base = pgn_base;
        d->res_base = res_base;
        state_keep(d, 0);
        m->rebuilt = m->restate = 1;
        return 0;
    }
    int bad = state_check_files(d, c->pgnout, c->results, err, sizeof err);
    if (bad < 0) return 0;
    if (!c->rebuild && bad == 0) { /* nothing of the files can be kept */
        fprintf(stderr,
                "dablo-match: %s; not resumed: put the file back as it was, or give -resume %s "
                "-rebuild to play the %d recorded game%s again\n",
                err, c->resume, d->nlines, d->nlines == 1 ? "" : "s");
        return -1;
    }
    if (!c->rebuild) {
        fprintf(stderr,
                "dablo-match: %s; not resumed (give -resume %s -rebuild to cut the files back "
                "before that game and play it and the later ones again)\n",
                err, c->resume);
        return -1;
    }
    int64_t cut = bad == 0 ? state_pgn_cut_point(d, c->pgnout) : d->pgn_base;
    if (cut != d->pgn_base) {
        /* A damaged pgn-offset inside a game: cut back to its value, the
         * file would keep that part of the game in front. */
        fprintf(stderr,
                "dablo-match: note: %s:%d: pgn-offset %lld falls inside a game of %s: -rebuild "
                "cuts the file back to byte %lld, where that game begins, and writes the state "
                "anew\n",
                c->resume, d->pgn_base_line, (long long)d->pgn_base, c->pgnout, (long long)cut);
        d->pgn_base = cut;
        m->restate = 1;
    }
    fprintf(stderr,
            "dablo-match: %s; -rebuild: %d recorded game%s kept, the files cut back before the "
            "others; %d of the %d game%s to play (%d of them recorded before)\n",
            err, bad, bad == 1 ? "" : "s", total - bad, total, total == 1 ? "" : "s",
            d->nlines - bad);
    state_keep(d, bad);
    m->rebuilt = 1;
    return 0;
}

/* The games this run plays: the schedule, less another shard's and those
 * an earlier run recorded (which go to the report).  Returns the games of
 * the whole match in this shard, or -1 when the state's records do not
 * fit the schedule (message printed). */
static int schedule_games(Match *m, StateData *resumed)
{
    MatchConfig *c = m->cfg;
    GameSpec *all;
    /* A loaded book holds at least one opening; none was read when the
     * resume has nothing left to play (set_up). */
    int nall = schedule_build(c, m->book.n ? &m->book : NULL, &all);
    int total = 0;
    int pairs = 0;
    for (int i = 0; i < nall; i++) {
        total += schedule_in_shard(&all[i], c->shard_i, c->shard_n);
        if (all[i].pair > pairs) pairs = all[i].pair;
    }
    if (total == 0 && c->shard_n > 1)
        fprintf(stderr,
                "dablo-match: note: -shard %d/%d holds no game: the match has %d pair%s of games, "
                "and shard i plays pairs i, i+%d, ...\n",
                c->shard_i, c->shard_n, pairs, pairs == 1 ? "" : "s", c->shard_n);
    report_init(&m->report, c, total);
    uint8_t *done = util_xmalloc((size_t)nall + 1);
    memset(done, 0, (size_t)nall + 1);
    /* The state's records first, then the files against them. */
    for (int i = 0; resumed && i < resumed->nlines; i++) {
        if (check_resumed(m, resumed, all, nall, done, i) < 0) goto refused;
        done[strtol(resumed->lines[i] + 5, NULL, 10)] = 1;
    }
    if (resumed && check_resumed_files(m, resumed, total) < 0) goto refused;
    memset(done, 0, (size_t)nall + 1);
    for (int i = 0; resumed && i < resumed->nlines; i++) {
        int g = report_add_line(&m->report, resumed->lines[i]);
        if (g >= 1 && g <= nall) done[g] = 1;
    }
    m->games = util_xmalloc((size_t)(nall ? nall : 1) * sizeof *m->games);
    for (int i = 0; i < nall; i++)
        if (schedule_in_shard(&all[i], c->shard_i, c->shard_n) && !done[all[i].number])
            m->games[m->ngames++] = all[i];
    free(all);
    free(done);
    m->rec = util_xmalloc((size_t)(m->ngames ? m->ngames : 1) * sizeof *m->rec);
    m->slot = util_xmalloc((size_t)(m->ngames ? m->ngames : 1));
    memset(m->slot, 0, (size_t)(m->ngames ? m->ngames : 1));
    return total;
refused:
    free(all);
    free(done);
    return -1;
}

/* Opens the PGN and results files (cut back to the state on resume) and
 * the state file; total: the games of the match (of its shard).  A resume
 * whose command line schedules another number of games than the state's
 * last games line (its -rounds or that line edited: either may be) says
 * so, naming both numbers, and records the schedule's.  Returns 0, or -1
 * (message printed). */
static int open_records(Match *m, int argc, char *const argv[], const StateData *resumed, int total)
{
    MatchConfig *c = m->cfg;
    char err[1024], after[96] = "before the first game";
    if (resumed && resumed->nlines > 0)
        snprintf(after, sizeof after, "after game %ld, the last game %s",
                 state_line_game(resumed->lines[resumed->nlines - 1]),
                 m->rebuilt ? "kept" : "the state records");
    m->pgn = open_out(c->pgnout, resumed ? resumed->pgn_off : -1, "PGN file", after, m->rebuilt, 1);
    if (c->pgnout && !m->pgn) return -1; /* the results file untouched */
    m->res = open_out(c->results, resumed ? resumed->res_off : -1, "results file", after,
                      m->rebuilt, 0);
    if ((c->pgnout && !m->pgn) || (c->results && !m->res)) return -1;
    m->pgn_base = m->pgn_size = file_size(m->pgn);
    m->res_base = m->res_size = file_size(m->res);
    if (!c->resume) return 0;
    /* A state written anew keeps its command line (its arg lines). */
    if (m->restate) {
        argc = resumed->argc;
        argv = resumed->argv;
    }
    int rc = resumed && !m->restate
               ? state_reopen(&m->state, c->resume, resumed->valid_bytes, err, sizeof err)
               : state_create(&m->state, c->resume, argc, argv, c->seed,
                              m->has_openings ? &m->openings_sum : NULL, total, m->pgn_base,
                              m->res_base, err, sizeof err);
    if (rc < 0) {
        match_say(err);
        return -1;
    }
    if (resumed && !m->restate && resumed->has_games && (resumed->games != total || m->rebuilt)) {
        if (resumed->games != total)
            fprintf(stderr,
                    "dablo-match: note: %s: its games line says %lld game%s, its command line (the "
                    "arg lines) schedules %d; playing to %d\n",
                    c->resume, (long long)resumed->games, resumed->games == 1 ? "" : "s", total,
                    total);
        StrBuf b = { 0 };
        state_format_games(&b, total);
        rc = state_append_line(&m->state, strbuf_str(&b));
        strbuf_free(&b);
        if (rc < 0) {
            fprintf(stderr, "dablo-match: cannot write state %s: %s\n", c->resume, strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* The openings file's identity: the FNV-1a 64 of its bytes (state_sum)
 * in m, which the state records so that a resume plays the same openings.
 * On resume it must be the recorded one; a state without it (written by
 * an older runner) is resumed with a note.  Returns 0, or -1 (message
 * printed). */
static int check_openings_file(Match *m, const StateData *resumed, const StrBuf *bytes)
{
    const MatchConfig *c = m->cfg;
    m->openings_sum = state_sum(bytes->s ? bytes->s : "", bytes->len);
    m->has_openings = 1;
    if (!resumed) return 0;
    if (!resumed->has_openings_sum) {
        fprintf(stderr,
                "dablo-match: note: %s does not record the openings file's hash (an older "
                "dablo-match wrote it): %s is not checked\n",
                c->resume, c->openings.file);
        return 0;
    }
    if (resumed->openings_sum == m->openings_sum) return 0;
    fprintf(stderr,
            "dablo-match: openings file %s has changed since the match began (its hash is not the "
            "one %s records); not resumed (restore the file, or start a new match)\n",
            c->openings.file, c->resume);
    return -1;
}

/* 128 + the signal that aborted the set-up, or 0 while none did. */
static int set_up_aborted(Match *m)
{
    return atomic_load(&m->abort) ? 128 + atomic_load(&m->interrupted) : 0;
}

/* The opening suite: the file read once (a FIFO until its writer closes
 * it, or until a signal: openings_read with the abort pipe), its hash
 * checked against a resumed state, and the suite loaded from the same
 * bytes.  Returns 0, 2 (message printed) or 128 + the signal. */
static int load_openings(Match *m, const StateData *resumed)
{
    MatchConfig *c = m->cfg;
    char err[1024];
    StrBuf bytes = { 0 };
    int rc = 0;
    if (c->openings.file) {
        int r = openings_read(c->openings.file, m->abort_pipe[0], &bytes, err, sizeof err);
        if (r < 0) match_say(err);
        rc = r > 0 ? set_up_aborted(m) : r < 0 ? 2 : 0;
    }
    if (rc == 0
        && openings_load_text(&m->book, &c->openings, &c->rules, c->seed, bytes.s, bytes.len, err,
                              sizeof err)
               < 0) {
        match_say(err);
        rc = 2;
    }
    if (rc == 0 && c->openings.file && check_openings_file(m, resumed, &bytes) < 0) rc = 2;
    strbuf_free(&bytes);
    return rc;
}

/* Whether the recorded games of a resumed state already give the SPRT
 * verdict (-sprt, two engines): the engines are taken by the schedule's
 * indices, since they have no names yet. */
static int resumed_verdict(const MatchConfig *c, const StateData *resumed, const GameSpec *all,
                           int nall)
{
    if (!c->sprt_on || c->nengines != 2) return 0;
    Report r;
    report_init(&r, c, nall);
    for (int i = 0; i < resumed->nlines; i++) {
        long g = state_line_game(resumed->lines[i]);
        if (g >= 1 && g <= nall)
            report_add_line_as(&r, resumed->lines[i], all[g - 1].white, all[g - 1].black);
    }
    int reached = r.verdict != STATS_SPRT_CONTINUE;
    report_free(&r);
    return reached;
}

/* A resume whose state records every game of the schedule (of this
 * shard), or games that already give the SPRT verdict, has nothing to
 * play, and starts no engine and reads no openings (decided from the
 * schedule without them: an openings FIFO nobody writes cannot hold it
 * up): each engine without name= takes the name its records give (else
 * its command), which schedule_games() then checks as it checks any.
 * Returns 1 then, else 0 (also with -rebuild, which may drop records and
 * play them again). */
static int resumed_complete(Match *m, const StateData *resumed)
{
    MatchConfig *c = m->cfg;
    if (!resumed || c->rebuild) return 0;
    GameSpec *all;
    int nall = schedule_build(c, NULL, &all);
    uint8_t *done = util_xmalloc((size_t)nall + 1);
    memset(done, 0, (size_t)nall + 1);
    for (int i = 0; i < resumed->nlines; i++) {
        long g = state_line_game(resumed->lines[i]);
        if (g >= 1 && g <= nall) done[g] = 1;
    }
    int nothing = 1;
    for (int i = 0; i < nall && nothing; i++)
        nothing = !schedule_in_shard(&all[i], c->shard_i, c->shard_n) || done[all[i].number];
    if (!nothing) nothing = resumed_verdict(c, resumed, all, nall);
    for (int i = 0; nothing && i < resumed->nlines; i++) {
        long g = state_line_game(resumed->lines[i]);
        if (g < 1 || g > nall) continue;
        const int side[2] = { all[g - 1].white, all[g - 1].black };
        for (int k = 0; k < 2; k++)
            if (!c->engines[side[k]].name)
                c->engines[side[k]].name = text_field(resumed->lines[i], k ? "black" : "white");
    }
    for (int i = 0; nothing && i < c->nengines; i++)
        if (!c->engines[i].name) c->engines[i].name = util_xstrdup(c->engines[i].cmd);
    free(all);
    free(done);
    return nothing;
}

/* After a resumed set-up failed: the paths of a state (cmd=, file=, -pgnout,
 * -results) are the command line's, relative to the folder the match ran
 * in, as fastchess's config file keeps them; when the state file is not in
 * the current folder, say so, since the failure may be a path that only
 * exists there (docs/match.md "Stopping and resuming"). */
static void hint_resume_folder(const char *state)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", state);
    char *slash = strrchr(dir, '/');
    if (!slash) return; /* in the current folder */
    if (slash == dir)
        slash[1] = '\0';
    else
        *slash = '\0';
    struct stat a, b;
    if (stat(dir, &a) < 0 || stat(".", &b) < 0 || (a.st_dev == b.st_dev && a.st_ino == b.st_ino))
        return;
    fprintf(stderr,
            "dablo-match: note: a state is resumed from the folder its match ran in (its paths are "
            "relative to it): %s is in %s, not in the current folder; cd %s first\n",
            state, dir, dir);
}

/* Everything before the first game: transcript, seed, openings, engines,
 * schedule, output files.  A resume with nothing left to play reads no
 * openings and starts no engine (resumed_complete).  Runs with m->setting_up set: any stopping
 * signal aborts it (each wait that could block, on the engines or on a
 * FIFO of openings, also watches the abort pipe).  Returns 0, or the exit
 * status of a set-up that failed (2) or was interrupted (128 + the
 * signal: 130 SIGINT, 143 SIGTERM). */
static int set_up(Match *m, int argc, char *const argv[], StateData *resumed, int *total)
{
    MatchConfig *c = m->cfg;
    char err[1024];
    if (check_appendable(c, "-results", c->results, resumed ? resumed->res_off : -1, 0) < 0
        || check_appendable(c, "-pgnout", c->pgnout, resumed ? resumed->pgn_off : -1, 1) < 0)
        return 2;
    if (c->logfile && !(m->log = transcript_open(c->logfile, "dablo-match", err, sizeof err))) {
        match_say(err);
        return 2;
    }
    if (resumed) c->seed = resumed->seed;
    else if (!c->seed_given)
        c->seed = random_seed();
    if (!resumed_complete(m, resumed)) {
        int rc = load_openings(m, resumed);
        if (rc) return rc;
        int probed = probe_engines(m);
        if ((rc = set_up_aborted(m))) return rc;
        if (probed < 0) return 2;
    }
    if ((*total = schedule_games(m, resumed)) < 0) return 2;
    if (open_records(m, argc, argv, resumed, *total) < 0) return 2;
    return set_up_aborted(m);
}

/* The game slots, -concurrency threads, until every game is played or the
 * run stops; then the records still waiting are written. */
static void play_games(Match *m)
{
    int nslots = m->cfg->concurrency < m->ngames ? m->cfg->concurrency : m->ngames;
    hoststall_start();
    pthread_t *th = util_xmalloc((size_t)(nslots ? nslots : 1) * sizeof *th);
    SlotArg *sa = util_xmalloc((size_t)(nslots ? nslots : 1) * sizeof *sa);
    /* A slot thread that cannot start (no memory for its stack) leaves its
     * games to the others; with none started the run fails. */
    int started = 0;
    for (int i = 0; i < nslots; i++) {
        sa[started].m = m;
        sa[started].id = started + 1;
        int e = pthread_create(&th[started], NULL, slot_thread, &sa[started]);
        if (e == 0) {
            started++;
            continue;
        }
        fprintf(stderr, "dablo-match: cannot start game slot %d of %d: %s%s\n", i + 1, nslots,
                strerror(e), started ? "; playing on with fewer" : "");
        if (!started) {
            pthread_mutex_lock(&m->lock);
            m->failed = 1;
            snprintf(m->failure, sizeof m->failure, "no game slot could start: %s", strerror(e));
            pthread_mutex_unlock(&m->lock);
        }
        break;
    }
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    hoststall_stop();
    free(th);
    free(sa);
    pthread_mutex_lock(&m->lock);
    flush_ready(m, 1);
    pthread_mutex_unlock(&m->lock);
}

/* 0 complete (or stopped by an SPRT verdict), 1 stopped early, an engine
 * lost without -recover or a record that could not be written, 128 + the
 * signal when interrupted (130 SIGINT, 143 SIGTERM, 129 SIGHUP). */
static int exit_status(Match *m)
{
    int status;
    if (m->report.done >= m->report.total) status = 0;
    else if (m->report.verdict != STATS_SPRT_CONTINUE) status = 0;
    else if (atomic_load(&m->interrupted))
        status = 128 + atomic_load(&m->interrupted);
    else
        status = 1;
    return m->failed || m->write_failed ? 1 : status;
}

/* Writes a new state file at path holding every game this run recorded
 * (with the sizes the files had when it began).  Returns 0, or -1
 * (message printed). */
static int write_late_state(Match *m, const char *path, int argc, char *const argv[])
{
    StateFile sf;
    char err[1024];
    if (state_create(&sf, path, argc, argv, m->cfg->seed, m->has_openings ? &m->openings_sum : NULL,
                     m->report.total, m->pgn_base, m->res_base, err, sizeof err)
        < 0) {
        match_say(err);
        return -1;
    }
    int rc = state_append_line(&sf, strbuf_str(&m->written));
    if (rc < 0) fprintf(stderr, "dablo-match: cannot write state %s: %s\n", path, strerror(errno));
    state_close(&sf);
    return rc;
}

/* Whether descriptors 1 and 2 are one file (a terminal, 2>&1): a line
 * for both is then written once. */
static bool stdout_is_stderr(void)
{
    struct stat o, e;
    return fstat(STDOUT_FILENO, &o) == 0 && fstat(STDERR_FILENO, &e) == 0 && o.st_dev == e.st_dev
        && o.st_ino == e.st_ino;
}

/* Prints the command that continues the match of the state file path,
 * done of total games recorded (total < 0: not known yet), on stdout with
 * the report, and on stderr too unless both are one file: with -quiet
 * >/dev/null stderr is where a user reads why and how the match stopped.
 * The command is as this run was invoked, and where: the state keeps the
 * paths exactly as they were given. */
static void print_resume_command(const char *path, int done, int64_t total)
{
    char cwd[4096], of[32] = "";
    const char *dir = getcwd(cwd, sizeof cwd) ? cwd : ".";
    if (total >= 0) snprintf(of, sizeof of, " of %lld", (long long)total);
    int one = total >= 0 ? total == 1 : done == 1;
    char line[16384];
    snprintf(line, sizeof line,
             "dablo-match: %d%s game%s recorded; to continue, in %s: %s -resume %s\n", done, of,
             one ? "" : "s", dir, match_program, path);
    fputs(line, stdout);
    fflush(stdout);
    if (!stdout_is_stderr()) fputs(line, stderr);
}

/* A match that stopped before its end: makes sure a state file holds the
 * recorded games and prints the command that continues it. */
static void offer_resume(Match *m, int argc, char *const argv[])
{
    const MatchConfig *c = m->cfg;
    char buf[4096];
    const char *path = outputs_state_path(c, buf, sizeof buf);
    if (!c->resume && write_late_state(m, path, argc, argv) < 0) return;
    print_resume_command(path, m->report.done, m->report.total);
}

/* A set-up ended by a signal: a state that exists (a resumed one, or the
 * new one open_records wrote) holds every recorded game as it was, so its
 * resume command is printed; a new match without one has nothing to
 * continue. */
static void offer_resume_after_set_up(Match *m, const StateData *resumed)
{
    const MatchConfig *c = m->cfg;
    if (!c->resume || (!resumed && !m->state.f)) return;
    if (m->report.cfg)
        print_resume_command(c->resume, m->report.done, m->report.total);
    else
        print_resume_command(c->resume, resumed ? resumed->nlines : 0,
                             resumed && resumed->has_games ? resumed->games : -1);
    fflush(stdout);
}

/* Closes the files, stops the signal thread, frees everything of m. */
static void match_free(Match *m)
{
    if (m->pgn) fclose(m->pgn);
    if (m->res) fclose(m->res);
    state_close(&m->state);
    transcript_close(m->log);
    if (m->signal_thread_running) {
        pthread_kill(m->signal_thread, SIGUSR1);
        pthread_join(m->signal_thread, NULL);
    }
    close(m->abort_pipe[0]);
    close(m->abort_pipe[1]);
    if (m->report.cfg) report_free(&m->report);
    openings_free(&m->book);
    free(m->games);
    free(m->rec);
    free(m->slot);
    strbuf_free(&m->written);
    pthread_mutex_destroy(&m->lock);
    free(m);
    the_match = NULL;
}

int match_run(MatchConfig *c, int argc, char *const argv[], StateData *resumed)
{
    Match *m = util_xmalloc(sizeof *m);
    memset(m, 0, sizeof *m);
    the_match = m;
    m->cfg = c;
    atomic_store(&m->setting_up, 1); /* before any signal can come (start_signals) */
    pthread_mutex_init(&m->lock, NULL);
    if (start_signals(m) < 0) {
        free(m);
        return 2;
    }
    int total = 0;
    int status = set_up(m, argc, argv, resumed, &total);
    atomic_store(&m->setting_up, 0);
    if (status == 2 && resumed) hint_resume_folder(c->resume);
    if (status > 128) offer_resume_after_set_up(m, resumed);
    if (status == 0 && resumed && (m->ngames == 0 || m->report.verdict != STATS_SPRT_CONTINUE)) {
        /* A resume with nothing left to play: the report of the recorded games. */
        if (m->ngames == 0)
            printf("dablo-match: %s %d game%s recorded in %s; none to play\n",
                   total == 1 ? "the" : "all", total, total == 1 ? " is" : "s are", c->resume);
        else
            printf(
                "dablo-match: the %d game%s recorded in %s already give%s the SPRT verdict (%s); none to play\n",
                m->report.done, m->report.done == 1 ? "" : "s", c->resume,
                m->report.done == 1 ? "s" : "", stats_verdict_name(m->report.verdict));
        report_summary(&m->report, stdout);
        status = exit_status(m);
    } else if (status == 0) {
        printf("dablo-match: %d engines, %d game%s%s, seed %llu, concurrency %d\n", c->nengines,
               total, total == 1 ? "" : "s", resumed ? " (resumed)" : "",
               (unsigned long long)c->seed, c->concurrency);
        if (resumed)
            printf("dablo-match: %d game%s already recorded, %d to play\n", m->report.done,
                   m->report.done == 1 ? "" : "s", m->ngames);
        fflush(stdout);
        play_games(m);
        report_summary(&m->report, stdout);
        print_cpu(stdout);
        print_host(stdout, c->stall_credit);
        status = exit_status(m);
        if (m->report.done < m->report.total && m->report.verdict == STATS_SPRT_CONTINUE) offer_resume(m, argc, argv);
        fflush(stdout);
    }
    match_free(m);
    return status;
}
