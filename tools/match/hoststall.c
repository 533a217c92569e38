/*
 * hoststall.c - the heartbeat that sees machine freezes (see hoststall.h).
 */
#include "hoststall.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

#include "steal.h"
#include "util.h"

enum { BEAT_US = 2000, MAX_FREEZES = 256 };

typedef struct Freeze {
    int64_t from_us, to_us;
} Freeze;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_t beat_thread;
static int running;
static atomic_int quit;
static atomic_llong last_beat_us;
static Freeze ring[MAX_FREEZES];   /* the latest MAX_FREEZES freezes */
static int nring;                  /* entries in use, at most MAX_FREEZES */
static int next;                   /* where the next one goes */
static int count;
static int64_t longest_us;
static int64_t steal_start_ms = -1;

static void *beat_main(void *arg)
{
    (void)arg;
    int64_t last = mu_now_us();
    atomic_store(&last_beat_us, last);
    while (!atomic_load(&quit)) {
        struct timespec d = { 0, BEAT_US * 1000L };
        nanosleep(&d, NULL);
        int64_t now = mu_now_us();
        int64_t gap = now - last - BEAT_US;
        if (gap >= HOSTSTALL_MIN_GAP_MS * 1000) {
            pthread_mutex_lock(&mu);
            ring[next] = (Freeze){ last + BEAT_US, now };
            next = (next + 1) % MAX_FREEZES;
            if (nring < MAX_FREEZES) nring++;
            count++;
            if (gap > longest_us) longest_us = gap;
            /* Under the lock, so a reader never counts this freeze twice
             * (as noted and as still going on). */
            atomic_store(&last_beat_us, now);
            pthread_mutex_unlock(&mu);
        }
        last = now;
        atomic_store(&last_beat_us, now);
    }
    return NULL;
}

int hoststall_start(void)
{
    pthread_mutex_lock(&mu);
    int rc = 0;
    if (!running) {
        steal_start_ms = steal_now_ms();
        atomic_store(&quit, 0);
        if (pthread_create(&beat_thread, NULL, beat_main, NULL) == 0) running = 1;
        else rc = -1;
    }
    pthread_mutex_unlock(&mu);
    return rc;
}

void hoststall_stop(void)
{
    pthread_mutex_lock(&mu);
    int was = running;
    running = 0;
    pthread_mutex_unlock(&mu);
    if (!was) return;
    atomic_store(&quit, 1);
    pthread_join(beat_thread, NULL);
}

HostMark hoststall_mark(int with_steal)
{
    HostMark m;
    m.steal_ms = with_steal ? steal_now_ms() : -1;
    m.t_us = mu_now_us();
    return m;
}

static int64_t overlap(int64_t a0, int64_t a1, int64_t b0, int64_t b1)
{
    int64_t lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
    return hi > lo ? hi - lo : 0;
}

int64_t hoststall_frozen_us(const HostMark *m, int with_steal)
{
    int64_t now = mu_now_us();
    int64_t beats = 0;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < nring; i++)
        beats += overlap(ring[i].from_us, ring[i].to_us, m->t_us, now);
    int live = running;
    int64_t last = atomic_load(&last_beat_us);
    pthread_mutex_unlock(&mu);
    /* A freeze that has just ended: this thread runs again before the
     * heartbeat has noted it. */
    if (live && now - last - BEAT_US >= HOSTSTALL_MIN_GAP_MS * 1000)
        beats += overlap(last + BEAT_US, now, m->t_us, now);
    /* Steal is read in whole ticks (10 ms at USER_HZ 100), so a growth of
     * one tick can be a fraction of a ms stolen at any time: one tick less
     * is counted, never more than was stolen. */
    int64_t stolen = 0;
    if (with_steal && m->steal_ms >= 0) {
        long hz = sysconf(_SC_CLK_TCK);
        int64_t tick_ms = hz > 0 ? 1000 / hz : 10;
        int64_t s = steal_now_ms();
        if (s - m->steal_ms > tick_ms) stolen = (s - m->steal_ms - tick_ms) * 1000;
    }
    return beats > stolen ? beats : stolen;
}

void hoststall_totals(int *n, int64_t *longest, int64_t *steal_ms)
{
    pthread_mutex_lock(&mu);
    *n = count;
    *longest = longest_us;
    int64_t s0 = steal_start_ms;
    pthread_mutex_unlock(&mu);
    int64_t s = steal_now_ms();
    *steal_ms = s0 >= 0 && s >= s0 ? s - s0 : -1;
}
