/* build.c - the dependency-ordered, threaded build of many signatures. */
#include "build.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "generate.h"
#include "match/newfile.h"
#include "tb/tb_file.h"
#include "tb/tb_index.h"

typedef struct Job {
    TbSig sig;
    GenTable table; /* e == NULL until built, and again once no job needs it */
    int state;      /* 0 waiting, 1 building, 2 done */
    uint64_t prio;  /* its stored positions and those of its longest chain of dependants */
} Job;

typedef struct Sched {
    const Rules *rules;
    const char *dir;
    FILE *out;
    Job *jobs;
    int n, failed;
    const char *made_dir; /* dir when this build made it (removed on a signal while empty) */
    GenTable **loaded;    /* dependencies read from files, each malloc'd */
    int nloaded;
    pthread_mutex_t mu;
    pthread_cond_t cv;
} Sched;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Writes the table of sig (entries e) to path through dablo-match's
 * whole-file writer (newfile.h): a temporary PATH.tmp.PID of its own,
 * synced, renamed over path, the folder synced; so two builds of one
 * table at once never write the same temporary file, and a reader sees
 * the old table or the new one, whole.  One table at a time (the writer
 * keeps one temporary name for its signal handler).  Returns 0, or -1
 * with a message naming path in err. */
static int write_table(const char *path, const Rules *r, const TbSig *sig, const uint16_t *e,
                       char *err, size_t errlen)
{
    static pthread_mutex_t write_mu = PTHREAD_MUTEX_INITIALIZER;
    uint8_t *img;
    size_t len;
    char why[256];
    if (tb_file_image(r, sig, e, &img, &len, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s: %s", path, why);
        return -1;
    }
    pthread_mutex_lock(&write_mu);
    NewFile nf;
    int rc = newfile_open_replace(&nf, path, err, errlen);
    if (rc == 0) {
        fwrite(img, 1, len, nf.f); /* a failed write is kept and said by commit */
        rc = newfile_commit(&nf, err, errlen);
    }
    pthread_mutex_unlock(&write_mu);
    free(img);
    return rc;
}

/* Reads a dependency that is not in the set from its file (under mu). */
static int load_dep(Sched *s, const TbSig *sig)
{
    for (int i = 0; i < s->nloaded; i++)
        if (tb_sig_equal(&s->loaded[i]->sig, sig)) return 0;
    char path[4096], err[512];
    tb_file_path(s->dir, s->rules, sig, path, sizeof path);
    TbFile f;
    if (tb_file_open(&f, path, err, sizeof err) != 0) {
        fprintf(stderr, "dablo-tb: a needed table is missing or bad: %s\n", err);
        return -1;
    }
    GenTable *t = malloc(sizeof *t);
    GenTable **grown = realloc(s->loaded, (size_t)(s->nloaded + 1) * sizeof *grown);
    if (grown) s->loaded = grown;
    if (t) {
        *t = (GenTable){ *sig, malloc(f.npos * sizeof(uint16_t)), { 0 } };
        tb_layout_init(&t->lay, sig);
    }
    bool mem = !t || !t->e || !grown;
    if (mem || tb_file_load(&f, t->e) != 0) {
        char why[4400];
        if (mem)
            snprintf(why, sizeof why, "%s: out of memory to read it (%llu MB; ulimit -v?)", path,
                     (unsigned long long)(f.npos * sizeof(uint16_t) >> 20) + 1);
        else
            tb_file_problem(&f, why, sizeof why);
        fprintf(stderr, "dablo-tb: a needed table cannot be read: %s\n", why);
        if (t) free(t->e);
        free(t);
        tb_file_close(&f);
        return -1;
    }
    tb_file_close(&f);
    s->loaded[s->nloaded++] = t;
    return 0;
}

/* Whether every dependency of job j inside the set is built. */
static bool ready(const Sched *s, int j)
{
    for (int i = 0; i < j; i++)
        if (s->jobs[i].state != 2 && tb_sig_reaches(&s->jobs[j].sig, &s->jobs[i].sig)) return false;
    return true;
}

/* The priority of each job: the stored positions of the longest chain of
 * jobs that starts with it and runs through the jobs that need it (the
 * critical path; its length in positions stands for its build time).
 * Jobs are sorted so that a job's dependants come after it. */
static void set_priorities(Sched *s)
{
    for (int j = s->n - 1; j >= 0; j--) {
        uint64_t after = 0;
        for (int k = j + 1; k < s->n; k++)
            if (s->jobs[k].prio > after && tb_sig_reaches(&s->jobs[k].sig, &s->jobs[j].sig))
                after = s->jobs[k].prio;
        s->jobs[j].prio = tb_index_size(&s->jobs[j].sig) + after;
    }
}

/* Frees the built tables that no job still waiting or building reaches
 * (under mu). */
static void release_unneeded(Sched *s)
{
    for (int i = 0; i < s->n; i++) {
        if (s->jobs[i].state != 2 || !s->jobs[i].table.e) continue;
        bool needed = false;
        for (int k = i + 1; k < s->n && !needed; k++)
            needed = s->jobs[k].state != 2 && tb_sig_reaches(&s->jobs[k].sig, &s->jobs[i].sig);
        if (!needed) {
            free(s->jobs[i].table.e);
            s->jobs[i].table.e = NULL;
        }
    }
}

static void report(Sched *s, const Job *j, const GenStats *st, double secs)
{
    char name[TB_SIG_NAME], tag[64];
    tb_sig_name(&j->sig, name, sizeof name);
    tb_rules_tag(s->rules, tag, sizeof tag);
    uint64_t half = tb_index_placements(&j->sig) / 2;
    fprintf(s->out, "%s %-8s positions %llu stored %llu", tag, name, (unsigned long long)(2 * half),
            (unsigned long long)tb_index_size(&j->sig));
    for (int c = 0; c < 2; c++) {
        const uint64_t *k = st->count[c];
        fprintf(s->out, "  %ctm W %.1f%% D %.1f%% L %.1f%% cursed %llu blessed %llu", c ? 'b' : 'w',
                100.0 * k[TB_WIN] / half, 100.0 * k[TB_DRAW] / half, 100.0 * k[TB_LOSS] / half,
                (unsigned long long)k[TB_CURSED_WIN], (unsigned long long)k[TB_BLESSED_LOSS]);
    }
    fprintf(s->out, "  longest win %d (any %d)  %.1f s\n", st->longest_win, st->longest_any, secs);
    fflush(s->out);
}

/* What a signal would leave unwritten, for its line (newfile_signal_note()):
 * "3 tables of DIR (Kvk, Kvm, KKvk)", the first three named (under mu, or
 * before the workers start). */
static void note_pending(const Sched *s)
{
    char what[1024], name[TB_SIG_NAME];
    int left = 0, named = 0;
    size_t used = 0;
    what[0] = '\0';
    for (int i = 0; i < s->n; i++)
        left += s->jobs[i].state != 2;
    if (!left) {
        newfile_signal_note(NULL, NULL);
        return;
    }
    used = (size_t)snprintf(what, sizeof what, "%d table%s of %.700s (", left, left == 1 ? "" : "s",
                            s->dir);
    for (int i = 0; i < s->n && named < 3; i++) {
        if (s->jobs[i].state == 2) continue;
        tb_sig_name(&s->jobs[i].sig, name, sizeof name);
        used += (size_t)snprintf(what + used, sizeof what - used, "%s%s", named ? ", " : "", name);
        named++;
    }
    if (left > named)
        snprintf(what + used, sizeof what - used, " and %d more)", left - named);
    else
        snprintf(what + used, sizeof what - used, ")");
    newfile_signal_note(what, s->made_dir);
}

static void *worker(void *arg)
{
    Sched *s = arg;
    pthread_mutex_lock(&s->mu);
    for (;;) {
        /* Of the jobs whose dependencies are built, the one at the head
         * of the longest chain, so that the last tables to finish are
         * short ones and every thread has work to the end. */
        int pick = -1, waiting = 0;
        for (int j = 0; j < s->n && !s->failed; j++) {
            if (s->jobs[j].state != 0) continue;
            waiting++;
            if ((pick < 0 || s->jobs[j].prio > s->jobs[pick].prio) && ready(s, j)) pick = j;
        }
        if (s->failed || (!waiting && pick < 0)) break;
        if (pick < 0) {
            pthread_cond_wait(&s->cv, &s->mu);
            continue;
        }
        Job *job = &s->jobs[pick];
        job->state = 1;
        /* The tables this one may look into: built ones in the set, and
         * the files of those outside it. */
        const GenTable **deps = malloc((size_t)(s->n + 512) * sizeof *deps);
        int nd = 0, bad = !deps;
        TbSig all[512];
        int na = bad
                   ? 0
                   : tb_sig_enumerate(s->rules->variant, tb_sig_pieces(&job->sig), false, all, 512);
        for (int i = 0; i < na && i < 512 && !bad; i++) {
            if (!tb_sig_reaches(&job->sig, &all[i])) continue;
            int in_set = -1;
            for (int k = 0; k < s->n; k++)
                if (tb_sig_equal(&s->jobs[k].sig, &all[i])) in_set = k;
            if (in_set < 0 && load_dep(s, &all[i]) != 0) bad = 1;
        }
        if (bad) {
            s->failed = 1;
            free(deps);
            break;
        }
        for (int k = 0; k < s->n; k++)
            if (s->jobs[k].state == 2 && tb_sig_reaches(&job->sig, &s->jobs[k].sig))
                deps[nd++] = &s->jobs[k].table;
        for (int k = 0; k < s->nloaded; k++)
            if (tb_sig_reaches(&job->sig, &s->loaded[k]->sig)) deps[nd++] = s->loaded[k];
        pthread_mutex_unlock(&s->mu);

        GenLookup lk = { deps, nd };
        GenStats st;
        char err[4600], path[4096], name[TB_SIG_NAME];
        double t0 = now_s();
        uint16_t *e = NULL;
        tb_sig_name(&job->sig, name, sizeof name);
        tb_file_path(s->dir, s->rules, &job->sig, path, sizeof path);
        int rc = gen_build(s->rules, &job->sig, &lk, &e, &st, err, sizeof err);
        if (rc == 0 && write_table(path, s->rules, &job->sig, e, err, sizeof err) != 0) rc = -1;
        free(deps);

        pthread_mutex_lock(&s->mu);
        if (rc != 0) {
            fprintf(stderr, "dablo-tb: %s: %s\n", name, err);
            free(e);
            s->failed = 1;
        } else {
            job->table.sig = job->sig;
            job->table.e = e;
            tb_layout_init(&job->table.lay, &job->sig);
            job->state = 2;
            report(s, job, &st, now_s() - t0);
            note_pending(s);
            release_unneeded(s);
        }
        pthread_cond_broadcast(&s->cv);
    }
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

int build_set(const Rules *r, TbSig *sigs, int n, const char *dir, bool made_dir, int threads,
              FILE *out)
{
    tb_sig_order(sigs, n);
    Sched s = { .rules = r, .dir = dir, .out = out, .n = n, .made_dir = made_dir ? dir : NULL };
    s.jobs = calloc((size_t)(n ? n : 1), sizeof *s.jobs);
    if (!s.jobs) {
        fprintf(stderr, "dablo-tb: out of memory\n");
        return -1;
    }
    for (int i = 0; i < n; i++)
        s.jobs[i].sig = sigs[i];
    note_pending(&s);
    set_priorities(&s);
    pthread_mutex_init(&s.mu, NULL);
    pthread_cond_init(&s.cv, NULL);
    if (threads < 1) threads = 1;
    if (threads > 64) threads = 64;
    pthread_t tid[64];
    /* A worker that cannot start (no memory for its stack) leaves its
     * tables to the others; with none started nothing is built. */
    int started = 0;
    for (int t = 0; t < threads; t++) {
        int e = pthread_create(&tid[started], NULL, worker, &s);
        if (e == 0) {
            started++;
            continue;
        }
        fprintf(stderr, "dablo-tb: cannot start thread %d of %d: %s%s\n", t + 1, threads,
                strerror(e), started ? "; building with fewer" : "");
        if (!started) s.failed = 1;
        break;
    }
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    for (int i = 0; i < n; i++)
        free(s.jobs[i].table.e);
    for (int i = 0; i < s.nloaded; i++) {
        free(s.loaded[i]->e);
        free(s.loaded[i]);
    }
    free(s.loaded);
    free(s.jobs);
    pthread_mutex_destroy(&s.mu);
    pthread_cond_destroy(&s.cv);
    newfile_signal_note(NULL, NULL);
    return s.failed ? -1 : 0;
}
