/*
 * engine_spec.h - what to start and how it plays: one engine as a host's
 * command line gives it, in the words of cutechess-cli and fastchess:
 *
 *     -engine cmd=PATH name=NAME dir=DIR args="WORDS" stderr=FILE
 *             option.NAME=VALUE ... tc=40/60+0.6 st=SECONDS depth=PLIES
 *             nodes=N timemargin=MS proto=uci
 *
 * An EngineSpec is plain data; its strings and option list are owned by
 * it and freed by engine_spec_free().  Invariants a caller relies on:
 * every field holds a checked value (a bad setting is refused with a
 * one-line reason and changes nothing); `given`
 * remembers which settings were given, so engine_spec_merge() fills only
 * the others (dablo-match's -each); `path` is NULL until
 * engine_spec_resolve() finds the program, which engine_start() needs.
 * Time values are in ms unless a name says otherwise.
 */
#ifndef DABLO_HOST_ENGINE_SPEC_H
#define DABLO_HOST_ENGINE_SPEC_H

#include <stddef.h>
#include <stdint.h>
#include "tc.h"

/* Ordered name=value pairs (engine options, rule options). */
typedef struct OptionPair {
    char *name, *value;
} OptionPair;

typedef struct OptionList {
    OptionPair *v;
    int n;
} OptionList;

/* Appends a copy of name=value to l (zero-initialise l first). */
void engine_spec_option_add(OptionList *l, const char *name, const char *value);

/* Frees every pair; l is empty and usable again. */
void engine_spec_options_free(OptionList *l);

typedef struct EngineSpec {
    char *name;          /* display name; NULL until given or learned from "id name" */
    char *cmd;           /* as given */
    char *path;          /* resolved program (engine_spec_resolve), NULL before */
    char *dir;           /* working directory, NULL = the host's */
    char *args;          /* extra arguments, shell-like words (util_split_words) */
    char *stderr_path;   /* engine stderr goes here (NULL = /dev/null) */
    OptionList options;  /* option.NAME=VALUE, in the order given */
    TimeControl tc;      /* tc= (tc.h); tc.timed 0 = no clock */
    int depth;           /* plies, 0 = no limit */
    uint64_t nodes;      /* 0 = no limit */
    int64_t st_ms;       /* fixed time a move, 0 = none */
    int64_t timemargin_ms;   /* how far past its time a move may come before it is lost */
    unsigned given;      /* which settings were given (bits private to engine_spec.c) */
} EngineSpec;

/* Applies one "key=value" setting (the list at the top) to s.  Returns 0,
 * or -1 with a one-line reason in err (unknown key, bad value). */
int engine_spec_set(EngineSpec *s, const char *setting, char *err, size_t errlen);

/* Applies the settings argv[0..argc) up to the first word that starts
 * with '-' and a non-digit (the host's next option).  Returns the number
 * of words used (0 when none), or -1 with a reason in err. */
int engine_spec_parse_args(EngineSpec *s, int argc, char *const argv[], char *err, size_t errlen);

/* Fills every setting s was not given from each (dablo-match's -each);
 * each's option.X come before s's own. */
void engine_spec_merge(EngineSpec *s, const EngineSpec *each);

/* 1 when a search of this engine ends by itself: a clock, st=, depth= or
 * nodes= is set. */
int engine_spec_has_limit(const EngineSpec *s);

/* Finds the program of cmd= (proc_resolve(): relative to the host's
 * working directory or dir=, or on PATH) and stores it in s->path.
 * Returns 0, or -1 with a reason in err. */
int engine_spec_resolve(EngineSpec *s, char *err, size_t errlen);

/* Frees what s owns and zeroes it. */
void engine_spec_free(EngineSpec *s);

#endif
