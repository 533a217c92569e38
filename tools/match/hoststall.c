/*
 * hoststall.c - the heartbeat that sees machine freezes (see hoststall.h).
 */
#include "hoststall.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

#include "host/util.h"
#include "steal.h"

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

/* This thread's time waiting for a CPU (run_delay of schedstat, ns -> us),
 * or -1 when the kernel does not give it. */
static int64_t wait_us(int fd)
{
    char buf[128];
    if (fd < 0) return -1;
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0) return -1;
    buf[n] = '\0';
    unsigned long long run, delay;
    if (sscanf(buf, "%llu %llu", &run, &delay) != 2) return -1;
    return (int64_t)(delay / 1000);
}

static void *beat_main(void *arg)
{
    (void)arg;
    int fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    int64_t last = util_now_us(), waited_before = wait_us(fd);
    atomic_store(&last_beat_us, last);
    while (!atomic_load(&quit)) {
        struct timespec d = { 0, BEAT_US * 1000L };
        nanosleep(&d, NULL);
        int64_t now = util_now_us(), waited = wait_us(fd);
        /* Late by more than it waited for a CPU: the time nothing ran.
         * A beat that was runnable but starved by other work is late by
         * its wait, and is no freeze. */
        int64_t late = now - last - BEAT_US;
        if (waited >= 0 && waited_before >= 0) late -= waited - waited_before;
        waited_before = waited;
        if (late >= HOSTSTALL_MIN_GAP_MS * 1000) {
            pthread_mutex_lock(&mu);
            ring[next] = (Freeze){ now - late, now };
            next = (next + 1) % MAX_FREEZES;
            if (nring < MAX_FREEZES) nring++;
            count++;
            if (late > longest_us) longest_us = late;
            /* Under the lock, so a reader never counts this freeze twice
             * (as noted and as still going on). */
            atomic_store(&last_beat_us, now);
            pthread_mutex_unlock(&mu);
        }
        last = now;
        atomic_store(&last_beat_us, now);
    }
    if (fd >= 0) close(fd);
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
    m.t_us = util_now_us();
    return m;
}

static int64_t overlap(int64_t a0, int64_t a1, int64_t b0, int64_t b1)
{
    int64_t lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
    return hi > lo ? hi - lo : 0;
}

int64_t hoststall_frozen_us(const HostMark *m)
{
    /* A heartbeat overdue now is a freeze that has just ended (this thread
     * runs again before the heartbeat has noted it) or a heartbeat starved
     * of a CPU: give it up to 10 ms to run and tell which. */
    for (int i = 0; i < 20; i++) {
        int64_t t = util_now_us(), last = atomic_load(&last_beat_us);
        if (t - last - BEAT_US < HOSTSTALL_MIN_GAP_MS * 1000) break;
        struct timespec d = { 0, 500 * 1000L };
        nanosleep(&d, NULL);
    }
    int64_t now = util_now_us();
    int64_t frozen = 0;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < nring; i++)
        frozen += overlap(ring[i].from_us, ring[i].to_us, m->t_us, now);
    pthread_mutex_unlock(&mu);
    return frozen;
}

int64_t hoststall_stolen_ms(const HostMark *m)
{
    if (m->steal_ms < 0) return -1;
    int64_t s = steal_now_ms();
    return s >= m->steal_ms ? s - m->steal_ms : -1;
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
