/*
 * steal.h - CPU time the hypervisor takes from this machine ("steal").
 *
 * On a virtual machine the host can stop a virtual CPU for a while to run
 * something else.  Every program on that CPU freezes, the engine searching
 * and the runner timing it alike, and the clock goes on: a 100 ms stop of
 * one CPU costs the engine on it 100 ms it never had.  Linux counts this
 * time per CPU as "steal", the eighth number of each cpu line of
 * /proc/stat, in USER_HZ ticks (proc(5)).  The runner reads the total
 * around each move, so a loss on time can say whether the host stole CPU
 * time during that move, and the match summary says how much it stole.
 */
#ifndef DABLO_MATCH_STEAL_H
#define DABLO_MATCH_STEAL_H

#include <stdint.h>

/* Steal time of all CPUs together, in ms since boot, from the text of
 * /proc/stat (its first line, "cpu  user nice system idle iowait irq
 * softirq steal ...") with ticks_per_s USER_HZ ticks a second (> 0).
 * Returns -1 when the text has no such line or fewer than eight numbers
 * (kernels before 2.6.11, or not Linux). */
int64_t steal_parse_ms(const char *proc_stat, long ticks_per_s);

/* The same, read now from /proc/stat; -1 when it cannot be read.  Costs
 * one small file read (about 20 us), so the runner calls it outside the
 * time it measures. */
int64_t steal_now_ms(void);

#endif
