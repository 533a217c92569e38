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

#include "host/engine.h"
#include "host/strbuf.h"
#include "host/transcript.h"
#include "host/util.h"
#include "hoststall.h"
#include "openings.h"
#include "play.h"
#include "record.h"
#include "report.h"
#include "schedule.h"

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
    StateFile state;
    Report report;
    Transcript *log;
    sigset_t signals;         /* taken by the signal thread (sigwait) */
    pthread_t signal_thread;
    int abort_pipe[2];
    atomic_int stop;          /* no new games */
    atomic_int abort;         /* drop running games */
    atomic_int interrupted;   /* by a signal */
    int failed;               /* an engine was lost without -recover */
    char failure[512];
    StrBuf written;           /* results lines recorded so far (for a late state file) */
} Match;

static Match *the_match;      /* for the signal thread only */

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
        if (sig == SIGINT && !atomic_load(&m->stop)) {
            atomic_store(&m->interrupted, 1);
            atomic_store(&m->stop, 1);
            static const char msg[] = "\ndablo-match: interrupted: finishing the running games "
                                      "(Ctrl-C again to abort them)\n";
            if (write(2, msg, sizeof msg - 1) < 0) {}
            continue;
        }
        atomic_store(&m->interrupted, 1);
        atomic_store(&m->stop, 1);
        if (!atomic_exchange(&m->abort, 1)) {
            static const char msg[] = "\ndablo-match: aborting the running games\n";
            if (write(2, msg, sizeof msg - 1) < 0) {}
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

/* Appends a whole text with as few write() calls as the kernel allows
 * (one, normally), bypassing stdio's buffer, so a kill leaves either the
 * whole game or, at worst during the call itself, a cut tail that a resume
 * cuts off (state.h). */
static void write_whole(FILE *f, const StrBuf *b)
{
    int fd = fileno(f);
    size_t off = 0;
    while (off < b->len) {
        ssize_t w = write(fd, b->s + off, b->len - off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            fprintf(stderr, "dablo-match: write failed: %s\n", strerror(errno));
            return;
        }
        off += (size_t)w;
    }
}

/* Writes record r (in game order).  Called with m->lock held. */
static void write_record(Match *m, GameRecord *r)
{
    StrBuf b = {0};
    if (m->pgn) {
        record_pgn(r, m->cfg, &b);
        write_whole(m->pgn, &b);
    }
    strbuf_clear(&b);
    record_results_line(r, &b);
    if (m->res) write_whole(m->res, &b);
    int64_t po = file_size(m->pgn), ro = file_size(m->res);
    state_append(&m->state, po, ro, strbuf_str(&b));
    strbuf_add(&m->written, strbuf_str(&b));
    strbuf_free(&b);
    report_add(&m->report, r->spec.white, r->spec.black, r->spec.pair, r->result, r->term, 0);
    report_add_latency(&m->report, r);
    if (!m->cfg->quiet) report_live(&m->report, r, stdout);
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
            if (lost && !m->cfg->recover && !m->failed) {
                m->failed = 1;
                snprintf(m->failure, sizeof m->failure,
                         "game %d: %s; stopping after the running games (use -recover to restart engines)",
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
    for (int i = 0; i < c->nengines; i++) {
        EngineSpec *s = &c->engines[i];
        char err[1024];
        if (engine_spec_resolve(s, err, sizeof err) < 0) {
            fprintf(stderr, "dablo-match: %s\n", err);
            return -1;
        }
        Engine e;
        memset(&e, 0, sizeof e);
        EngineStatus st = engine_start(&e, s, &c->sent, c->startup_ms, 0, m->log, m->abort_pipe[0], err, sizeof err);
        if (st != ENGINE_OK) {
            fprintf(stderr, "dablo-match: %s\n", err);
            engine_quit(&e, (int)c->quit_ms);
            return -1;
        }
        if (!s->name) s->name = util_xstrdup(e.id_name && *e.id_name ? e.id_name : s->cmd);
        engine_quit(&e, (int)c->quit_ms);
    }
    for (int i = 0; i < c->nengines; i++)
        for (int j = i + 1; j < c->nengines; j++)
            if (strcmp(c->engines[i].name, c->engines[j].name) == 0) {
                fprintf(stderr, "dablo-match: two engines are named '%s': give name= to tell them apart\n",
                        c->engines[i].name);
                return -1;
            }
    return 0;
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

/* Opens an output file for appending (with a note when it is not empty, as
 * a rerun adds to the earlier games); with a resume offset, cut it back first. */
static FILE *open_out(const char *path, int64_t cut, const char *what)
{
    if (!path) return NULL;
    if (cut >= 0) {
        struct stat st;
        if (stat(path, &st) == 0 && st.st_size > cut && truncate(path, cut) < 0)
            fprintf(stderr, "dablo-match: cannot cut %s back to %lld bytes: %s\n", path, (long long)cut, strerror(errno));
    }
    struct stat st;
    if (cut < 0 && stat(path, &st) == 0 && st.st_size > 0)
        fprintf(stderr, "dablo-match: note: %s %s already holds %lld bytes; appending to it "
                "(dablo-stats counts one run a file: remove it first to start afresh)\n",
                what, path, (long long)st.st_size);
    FILE *f = fopen(path, "ae");
    if (!f) fprintf(stderr, "dablo-match: cannot open %s %s: %s\n", what, path, strerror(errno));
    return f;
}

static const char *default_state_path(const MatchConfig *c, char *buf, size_t len)
{
    if (c->resume) return c->resume;
    snprintf(buf, len, "%s.resume", c->results ? c->results : c->pgnout ? c->pgnout : "dablo-match");
    return buf;
}

/* Signals: blocked in every thread but the signal thread.  A shell
 * starts background jobs with SIGINT ignored; the runner takes SIGINT and
 * SIGTERM anyway (an ignored signal would be discarded even while
 * blocked), and keeps SIGHUP ignored under nohup.  Returns 0, or -1 when
 * the abort pipe cannot be made (message printed; no thread started). */
static int start_signals(Match *m)
{
    signal(SIGPIPE, SIG_IGN);
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
    pthread_create(&m->signal_thread, NULL, signal_thread, &m->signals);
    return 0;
}

/* The games this run plays: the schedule, less another shard's and those
 * an earlier run recorded (which go to the report and m->written).
 * Returns the games of the whole match in this shard. */
static int schedule_games(Match *m, const StateData *resumed)
{
    MatchConfig *c = m->cfg;
    GameSpec *all;
    int nall = schedule_build(c, &m->book, &all);
    int total = 0;
    for (int i = 0; i < nall; i++) total += schedule_in_shard(&all[i], c->shard_i, c->shard_n);
    report_init(&m->report, c, total);
    uint8_t *done = util_xmalloc((size_t)nall + 1);
    memset(done, 0, (size_t)nall + 1);
    if (resumed)
        for (int i = 0; i < resumed->nlines; i++) {
            int g = report_add_line(&m->report, resumed->lines[i]);
            if (g >= 1 && g <= nall) done[g] = 1;
            strbuf_add(&m->written, resumed->lines[i]);
            strbuf_addc(&m->written, '\n');
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
}

/* Opens the PGN and results files (cut back to the state on resume) and
 * the state file.  Returns 0, or -1 (message printed). */
static int open_records(Match *m, int argc, char *const argv[], const StateData *resumed)
{
    MatchConfig *c = m->cfg;
    char err[1024];
    m->pgn = open_out(c->pgnout, resumed ? resumed->pgn_off : -1, "PGN file");
    m->res = open_out(c->results, resumed ? resumed->res_off : -1, "results file");
    if ((c->pgnout && !m->pgn) || (c->results && !m->res)) return -1;
    if (!c->resume) return 0;
    int rc = resumed ? state_reopen(&m->state, c->resume, resumed->valid_bytes, err, sizeof err)
                     : state_create(&m->state, c->resume, argc, argv, c->seed, file_size(m->pgn),
                                    file_size(m->res), err, sizeof err);
    if (rc < 0) fprintf(stderr, "dablo-match: %s\n", err);
    return rc < 0 ? -1 : 0;
}

/* Everything before the first game: transcript, engines, seed, openings,
 * schedule, output files.  Returns 0, or the exit status of a set-up that
 * failed (2) or was interrupted (130). */
static int set_up(Match *m, int argc, char *const argv[], const StateData *resumed, int *total)
{
    MatchConfig *c = m->cfg;
    char err[1024];
    if (c->logfile && !(m->log = transcript_open(c->logfile, err, sizeof err))) {
        fprintf(stderr, "dablo-match: %s\n", err);
        return 2;
    }
    if (probe_engines(m) < 0) return 2;
    if (atomic_load(&m->abort)) return 130;
    if (resumed) c->seed = resumed->seed;
    else if (!c->seed_given) c->seed = random_seed();
    if (openings_load(&m->book, &c->openings, &c->rules, c->seed, err, sizeof err) < 0) {
        fprintf(stderr, "dablo-match: %s\n", err);
        return 2;
    }
    *total = schedule_games(m, resumed);
    return open_records(m, argc, argv, resumed) < 0 ? 2 : 0;
}

/* The game slots, -concurrency threads, until every game is played or the
 * run stops; then the records still waiting are written. */
static void play_games(Match *m)
{
    int nslots = m->cfg->concurrency < m->ngames ? m->cfg->concurrency : m->ngames;
    hoststall_start();
    pthread_t *th = util_xmalloc((size_t)(nslots ? nslots : 1) * sizeof *th);
    SlotArg *sa = util_xmalloc((size_t)(nslots ? nslots : 1) * sizeof *sa);
    for (int i = 0; i < nslots; i++) {
        sa[i].m = m;
        sa[i].id = i + 1;
        pthread_create(&th[i], NULL, slot_thread, &sa[i]);
    }
    for (int i = 0; i < nslots; i++) pthread_join(th[i], NULL);
    hoststall_stop();
    free(th);
    free(sa);
    pthread_mutex_lock(&m->lock);
    flush_ready(m, 1);
    pthread_mutex_unlock(&m->lock);
}

/* 0 complete (or stopped by an SPRT verdict), 1 stopped early or an engine
 * lost without -recover, 130 interrupted. */
static int exit_status(Match *m)
{
    int status;
    if (m->report.done >= m->report.total) status = 0;
    else if (m->report.verdict != STATS_SPRT_CONTINUE) status = 0;
    else status = atomic_load(&m->interrupted) ? 130 : 1;
    return m->failed ? 1 : status;
}

/* Writes a new state file at path holding every game recorded so far
 * (offsets -1: the files are kept as they are on resume).  Returns 0, or
 * -1 (message printed). */
static int write_late_state(Match *m, const char *path, int argc, char *const argv[])
{
    StateFile sf;
    char err[1024];
    if (state_create(&sf, path, argc, argv, m->cfg->seed, -1, -1, err, sizeof err) < 0) {
        fprintf(stderr, "dablo-match: %s\n", err);
        return -1;
    }
    const char *p = strbuf_str(&m->written);
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
        char *line = util_xmalloc(n + 2);
        memcpy(line, p, n);
        line[n] = '\0';
        if (line[n - 1] != '\n') strcat(line, "\n");
        state_append(&sf, file_size(m->pgn), file_size(m->res), line);
        free(line);
        p += n;
    }
    state_close(&sf);
    return 0;
}

/* A match that stopped before its end: makes sure a state file holds the
 * recorded games and prints the command that continues it. */
static void offer_resume(Match *m, int argc, char *const argv[])
{
    const MatchConfig *c = m->cfg;
    char buf[4096];
    const char *path = default_state_path(c, buf, sizeof buf);
    if (!c->resume && write_late_state(m, path, argc, argv) < 0) return;
    /* The command as this run was invoked, and where: the state keeps the
     * paths exactly as they were given. */
    char cwd[4096];
    const char *dir = getcwd(cwd, sizeof cwd) ? cwd : ".";
    printf("dablo-match: %d of %d games recorded; to continue, in %s: %s -resume %s\n",
           m->report.done, m->report.total, dir, match_program, path);
}

/* Closes the files, stops the signal thread, frees everything of m. */
static void match_free(Match *m)
{
    if (m->pgn) fclose(m->pgn);
    if (m->res) fclose(m->res);
    state_close(&m->state);
    transcript_close(m->log);
    pthread_kill(m->signal_thread, SIGUSR1);
    pthread_join(m->signal_thread, NULL);
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

int match_run(MatchConfig *c, int argc, char *const argv[], const StateData *resumed)
{
    Match *m = util_xmalloc(sizeof *m);
    memset(m, 0, sizeof *m);
    the_match = m;
    m->cfg = c;
    pthread_mutex_init(&m->lock, NULL);
    if (start_signals(m) < 0) {
        free(m);
        return 2;
    }
    int total = 0;
    int status = set_up(m, argc, argv, resumed, &total);
    if (status == 0) {
        printf("dablo-match: %d engines, %d games%s, seed %llu, concurrency %d\n", c->nengines, total,
               resumed ? " (resumed)" : "", (unsigned long long)c->seed, c->concurrency);
        if (resumed) printf("dablo-match: %d games already recorded, %d to play\n", m->report.done, m->ngames);
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
