/*
 * prng.h - the runner's seeded random numbers (opening order, generated
 * openings): splitmix64 (Steele, Lea and Flood, "Fast splittable
 * pseudorandom number generators", OOPSLA 2014), a tiny generator whose
 * whole state is one 64-bit word, so a seed reproduces every draw on any
 * machine.  The caller owns the state; no global state.
 */
#ifndef DABLO_MATCH_PRNG_H
#define DABLO_MATCH_PRNG_H

#include <stdint.h>

/* The next 64-bit number; advances *state. */
uint64_t prng_next(uint64_t *state);

/* Uniform integer in [0, n) (n >= 1), without modulo bias. */
uint64_t prng_below(uint64_t *state, uint64_t n);

#endif
