/*
 * cli.h - the command line of dablo-match (documented in help.c, the
 * --help text).  Option names and meanings follow cutechess-cli and
 * fastchess where they fit.
 */
#ifndef DABLO_MATCH_CLI_H
#define DABLO_MATCH_CLI_H

#include <stddef.h>
#include "config.h"
#include "genopen.h"

typedef enum { CLI_MATCH, CLI_HELP, CLI_GENOPENINGS, CLI_ERROR } CliMode;

/* Parses argv[0..argc) (without the program name) into *c (which
 * config_defaults() prepared) and, for -genopenings, *g.  Checks
 * everything that can be checked without starting an engine.  On
 * CLI_ERROR a one-line reason is in err. */
CliMode cli_parse(int argc, char *const argv[], MatchConfig *c, GenSpec *g, char *err, size_t errlen);

/* The --help text. */
void cli_help(FILE *f);

#endif
