/*
 * hoststall.h - times when the whole machine was frozen.
 *
 * A virtual machine's host can stop one of its CPUs (counted by Linux as
 * steal time, steal.h) or the whole machine (not counted anywhere inside
 * it) for tens of ms.  Nothing on a stopped CPU runs then, neither the
 * engine nor the runner timing it, and the monotonic clock goes on.
 * Measured on a 2-CPU virtual machine with two games at once: stops of
 * 40 ms (both CPUs) and 100 ms (one CPU, 100 ms of steal) each cost a
 * move on time at st=0.03, while every other move of 277,384 came back
 * within 7 ms of the engine's own time.
 *
 * The runner sees a freeze of the whole machine with a heartbeat thread
 * that sleeps 2 ms at a time: a beat that comes HOSTSTALL_MIN_GAP_MS or
 * more late, less the time it waited for a CPU (run_delay of
 * /proc/thread-self/schedstat), is a time when nothing ran.  A heartbeat
 * starved by other work waits for a CPU and is no freeze; scheduling
 * alone delayed a 1 ms sleeper by at most 15.3 ms in 3.9 million
 * wake-ups of the runs above.  The loss on time of a move the machine
 * froze during says so, and -stallcredit does not charge that time.
 *
 * A stop of one CPU only cannot be told apart from inside: the engine
 * may or may not have been on it.  Steal time shows it happened, and a
 * loss on time names it, but it is never credited.
 *
 * State is global to the process (one heartbeat for every game slot),
 * guarded by a mutex; every function is safe to call from any thread.
 */
#ifndef DABLO_MATCH_HOSTSTALL_H
#define DABLO_MATCH_HOSTSTALL_H

#include <stdint.h>

/* Shortest lateness of a heartbeat beyond its wait for a CPU (ms) that
 * counts as a freeze. */
#define HOSTSTALL_MIN_GAP_MS 15

/* Starts the heartbeat thread (later calls do nothing).  Returns 0, or -1
 * when the thread cannot start (then no freeze is seen). */
int hoststall_start(void);

/* Stops and joins the heartbeat thread (safe when it never started). */
void hoststall_stop(void);

/* A point in time to measure a freeze from: the monotonic clock (us) and
 * the machine's steal time (ms, -1 when unknown). */
typedef struct HostMark {
    int64_t t_us;
    int64_t steal_ms;
} HostMark;

/* The mark of now; with_steal reads /proc/stat (about 10 us, so only for
 * timed moves, and outside the timed window), else steal_ms = -1. */
HostMark hoststall_mark(int with_steal);

/* How long the whole machine was frozen between mark m and now, in us:
 * the heartbeat's freezes overlapping that window.  When the heartbeat
 * is overdue it first waits up to 10 ms for it to tell a freeze that has
 * just ended from a starved heartbeat.  0 when it saw nothing. */
int64_t hoststall_frozen_us(const HostMark *m);

/* CPU time stolen from the machine's CPUs together since mark m (ms, in
 * whole USER_HZ ticks, summed over CPUs), or -1 when the mark has no
 * steal reading or /proc/stat cannot be read. */
int64_t hoststall_stolen_ms(const HostMark *m);

/* Freezes seen by the heartbeat since it started: how many, the longest
 * (us), and the steal time (ms, -1 when unknown) since hoststall_start(). */
void hoststall_totals(int *count, int64_t *longest_us, int64_t *steal_ms);

#endif
