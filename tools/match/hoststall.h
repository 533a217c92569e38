/*
 * hoststall.h - times when the whole machine was frozen.
 *
 * A virtual machine's host can stop one of its CPUs (counted by Linux as
 * steal time, steal.h) or the whole machine (not counted anywhere inside
 * it) for tens of ms.  Nothing inside runs then: neither the engine nor
 * the runner timing it, and the monotonic clock goes on.  Measured on a
 * 2-CPU virtual machine with two games at once: stops of 40 ms (both CPUs)
 * and 100 ms (one CPU, 100 ms of steal) each cost a move on time at
 * st=0.03, while every other move of 277,384 came back within 7 ms of the
 * engine's own time.
 *
 * The runner sees these stops with a heartbeat thread that wakes every 2
 * ms: a gap of HOSTSTALL_MIN_GAP_MS or more between two beats is
 * a freeze (scheduling alone delayed a beat by at most about 10 ms in the
 * same runs), and the growth of steal time covers a stop of the other CPU.
 * A move's freeze is the larger of the two, so the runner can say that a
 * loss on time came from the host, and with -stallcredit not charge the
 * frozen time to the engine.
 *
 * State is global to the process (one heartbeat for every game slot),
 * guarded by a mutex; every function is safe to call from any thread.
 */
#ifndef DABLO_MATCH_HOSTSTALL_H
#define DABLO_MATCH_HOSTSTALL_H

#include <stdint.h>

/* Shortest gap between heartbeats (ms) counted as a freeze. */
#define HOSTSTALL_MIN_GAP_MS 15

/* Starts the heartbeat thread (later calls do nothing).  Returns 0, or -1
 * when the thread cannot start (then freezes are seen by steal alone). */
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

/* How long the machine was frozen between mark m and now, in us: the
 * larger of the heartbeat's freezes overlapping that window (a freeze
 * still going on, seen as an overdue heartbeat, included) and, with
 * with_steal and a mark that read it, the growth of steal time less one
 * tick (the reading's resolution).  0 when neither saw anything. */
int64_t hoststall_frozen_us(const HostMark *m, int with_steal);

/* Freezes seen by the heartbeat since it started: how many, the longest
 * (us), and the steal time (ms, -1 when unknown) since hoststall_start(). */
void hoststall_totals(int *count, int64_t *longest_us, int64_t *steal_ms);

#endif
