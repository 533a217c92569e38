/*
 * config.c - defaults and cleanup of MatchConfig (see config.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

void config_defaults(MatchConfig *c)
{
    memset(c, 0, sizeof *c);
    c->rules = rules_default(VARIANT_DABLOT);
    c->games = 1;
    c->rounds = 1;
    c->concurrency = 1;
    c->openings.start = 1;
    c->startup_ms = 10000;
    c->newgame_ms = 60000;
    c->ping_ms = 60000;
    c->search_ms = 300000;
    c->stop_ms = 2000;
    c->quit_ms = 1000;
    c->adj.draw_movenumber = 0;
    c->adj.draw_movecount = 1;
    c->adj.resign_movecount = 1;
    stats_sprt_default(&c->sprt);
}

void config_free(MatchConfig *c)
{
    for (int i = 0; i < c->nengines; i++) engine_spec_free(&c->engines[i]);
    free(c->engines);
    engine_spec_free(&c->each);
    engine_spec_options_free(&c->sent);
    free(c->openings.file);
    free(c->pgnout);
    free(c->tb_path);
    free(c->results);
    free(c->logfile);
    free(c->event);
    free(c->resume);
    memset(c, 0, sizeof *c);
}
