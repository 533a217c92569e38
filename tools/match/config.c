/*
 * config.c - defaults and cleanup of MatchConfig (see config.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void optlist_add(OptionList *l, const char *name, const char *value)
{
    l->v = mu_xrealloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
    l->v[l->n].name = mu_xstrdup(name);
    l->v[l->n].value = mu_xstrdup(value);
    l->n++;
}

void optlist_free(OptionList *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->v[i].name);
        free(l->v[i].value);
    }
    free(l->v);
    l->v = NULL;
    l->n = 0;
}

void spec_free(EngineSpec *s)
{
    free(s->name);
    free(s->cmd);
    free(s->path);
    free(s->dir);
    free(s->args);
    free(s->stderr_path);
    optlist_free(&s->options);
    memset(s, 0, sizeof *s);
}

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
    c->stop_ms = 2000;
    c->quit_ms = 1000;
    c->adj.draw_movenumber = 0;
    c->adj.draw_movecount = 1;
    c->adj.resign_movecount = 1;
    stats_sprt_default(&c->sprt);
}

void config_free(MatchConfig *c)
{
    for (int i = 0; i < c->nengines; i++) spec_free(&c->engines[i]);
    free(c->engines);
    spec_free(&c->each);
    optlist_free(&c->sent);
    free(c->openings.file);
    free(c->pgnout);
    free(c->results);
    free(c->logfile);
    free(c->event);
    free(c->resume);
    memset(c, 0, sizeof *c);
}
