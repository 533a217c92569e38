/*
 * test_host.c - unit tests of the engine-host library (tools/host/, Check):
 * engine settings, the protocol lines a host writes, the line channel over
 * a real process, and whole conversations with engines: the fake engine of
 * tests/match/ (which misbehaves on request) and the real bin/dablo, driven
 * both blocking and polled, as a host that multiplexes engines would.
 *
 * Usage: test_host [FAKE_ENGINE [DABLO]]  (default build/fake_engine and
 * bin/dablo, from the repository root).  Run by tests/suites/41-host.sh.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "host/engine.h"
#include "host/linefile.h"
#include "host/proc.h"
#include "host/util.h"
#include "rules/geometry.h"
#include "rules/notation.h"
#include "rules/position.h"

static const char *fake_path = "build/fake_engine";
static const char *dablo_path = "bin/dablo";

/* A spec from settings words (which must parse). */
static EngineSpec spec_of(const char *const words[], int n)
{
    EngineSpec s;
    memset(&s, 0, sizeof s);
    char err[256];
    ck_assert_int_eq(engine_spec_parse_args(&s, n, (char *const *)words, err, sizeof err), n);
    ck_assert_int_eq(engine_spec_resolve(&s, err, sizeof err), 0);
    return s;
}

/* 1 when mv is a legal move of the Dablot start position. */
static int legal_at_start(const char *mv)
{
    Rules r = rules_default(VARIANT_DABLOT);
    Position p;
    position_start(&p, &r);
    Move m;
    char err[128];
    return notation_parse_move(&p, mv, &m, err, sizeof err) == 0;
}

/* ---- settings -------------------------------------------------------------- */

START_TEST(spec_settings)
{
    char *const words[] = { "cmd=./x", "name=A", "args=--seed 1", "option.Move Overhead=30", "tc=10+0.1",
                            "depth=3", "nodes=500", "st=0.25", "timemargin=40", "proto=uci", "-engine", "cmd=y" };
    EngineSpec s;
    memset(&s, 0, sizeof s);
    char err[256];
    ck_assert_int_eq(engine_spec_parse_args(&s, 12, words, err, sizeof err), 10);   /* stops at -engine */
    ck_assert_str_eq(s.cmd, "./x");
    ck_assert_str_eq(s.name, "A");
    ck_assert_str_eq(s.args, "--seed 1");
    ck_assert_int_eq(s.options.n, 1);
    ck_assert_str_eq(s.options.v[0].name, "Move Overhead");
    ck_assert_str_eq(s.options.v[0].value, "30");
    ck_assert(s.tc.timed && s.tc.base_ms == 10000 && s.tc.inc_ms == 100);
    ck_assert_int_eq(s.depth, 3);
    ck_assert(s.nodes == 500);
    ck_assert_int_eq(s.st_ms, 250);
    ck_assert_int_eq(s.timemargin_ms, 40);
    ck_assert(engine_spec_has_limit(&s));
    engine_spec_free(&s);
    ck_assert_ptr_null(s.cmd);

    /* A negative number is a value, not the next option. */
    char *const neg[] = { "cmd=x", "-5" };
    ck_assert_int_eq(engine_spec_parse_args(&s, 2, neg, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "'-5' is not key=value") != NULL, "%s", err);
    engine_spec_free(&s);

    static const struct { const char *word, *reason; } bad[] = {
        { "depth=0", "depth must be 1..1000, not '0'" },
        { "nodes=-1", "nodes must be a positive integer" },
        { "st=0", "st must be a positive number of seconds" },
        { "tc=40/x", "bad time control '40/x'" },
        { "timemargin=x", "timemargin must be 0..3600000 ms" },
        { "name=", "empty engine name" },
        { "proto=xboard", "only proto=uci is supported" },
        { "colour=red", "unknown engine setting 'colour'" },
        { "option.=1", "unknown engine setting 'option.'" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = '\0';
        ck_assert_int_eq(engine_spec_set(&s, bad[i].word, err, sizeof err), -1);
        ck_assert_msg(strstr(err, bad[i].reason) != NULL, "%s: %s", bad[i].word, err);
    }
    ck_assert(!engine_spec_has_limit(&s));
    engine_spec_free(&s);
}
END_TEST

START_TEST(spec_merge)
{
    char err[256];
    EngineSpec each, s;
    memset(&each, 0, sizeof each);
    memset(&s, 0, sizeof s);
    const char *const ew[] = { "tc=60+1", "dir=/tmp", "option.Hash=4", "timemargin=50", "depth=2" };
    const char *const sw[] = { "cmd=a", "tc=inf", "option.Skill=3", "depth=5" };
    ck_assert_int_eq(engine_spec_parse_args(&each, 5, (char *const *)ew, err, sizeof err), 5);
    ck_assert_int_eq(engine_spec_parse_args(&s, 4, (char *const *)sw, err, sizeof err), 4);
    engine_spec_merge(&s, &each);
    ck_assert_int_eq(s.tc.timed, 0);          /* its own tc=inf wins */
    ck_assert_int_eq(s.depth, 5);             /* and its own depth */
    ck_assert_str_eq(s.dir, "/tmp");          /* the rest comes from each */
    ck_assert_int_eq(s.timemargin_ms, 50);
    ck_assert_int_eq(s.options.n, 2);         /* each's options first */
    ck_assert_str_eq(s.options.v[0].name, "Hash");
    ck_assert_str_eq(s.options.v[1].name, "Skill");
    engine_spec_free(&s);
    engine_spec_free(&each);

    memset(&s, 0, sizeof s);
    const char *const missing[] = { "cmd=./no-such-engine" };
    ck_assert_int_eq(engine_spec_parse_args(&s, 1, (char *const *)missing, err, sizeof err), 1);
    ck_assert_int_eq(engine_spec_resolve(&s, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "'./no-such-engine' does not exist") != NULL, "%s", err);
    ck_assert_ptr_null(s.path);
    engine_spec_free(&s);
}
END_TEST

/* ---- protocol lines ------------------------------------------------------------ */

START_TEST(go_and_position_lines)
{
    StrBuf b = {0};
    EngineGo g;
    memset(&g, 0, sizeof g);
    g.timed[0] = g.timed[1] = 1;
    g.time_ms[0] = 11000;
    g.time_ms[1] = 10000;
    g.inc_ms[0] = g.inc_ms[1] = 1000;
    engine_go_line(&b, &g);
    ck_assert_str_eq(strbuf_str(&b), "go wtime 11000 btime 10000 winc 1000 binc 1000");
    memset(&g, 0, sizeof g);
    g.timed[1] = 1;            /* only Black on a clock, no increment */
    g.time_ms[1] = 60000;
    g.movestogo = 40;
    engine_go_line(&b, &g);
    ck_assert_str_eq(strbuf_str(&b), "go btime 60000 movestogo 40");
    memset(&g, 0, sizeof g);
    EngineSpec s;
    memset(&s, 0, sizeof s);
    s.st_ms = 500;
    s.depth = 1;
    s.nodes = 100;
    engine_go_limits(&g, &s);
    engine_go_line(&b, &g);
    ck_assert_str_eq(strbuf_str(&b), "go movetime 500 depth 1 nodes 100");
    memset(&g, 0, sizeof g);
    g.infinite = 1;
    engine_go_line(&b, &g);
    ck_assert_str_eq(strbuf_str(&b), "go infinite");

    engine_position_line(&b, NULL, NULL, 0);
    ck_assert_str_eq(strbuf_str(&b), "position startpos");
    const char *const moves[] = { "c5-d6", "b8-c7" };
    engine_position_line(&b, NULL, moves, 2);
    ck_assert_str_eq(strbuf_str(&b), "position startpos moves c5-d6 b8-c7");
    engine_position_line(&b, "k5/5/6/5/6/5/5K/5/6/5/m5/5/M5 w 0 1", moves, 1);
    ck_assert_str_eq(strbuf_str(&b), "position fen k5/5/6/5/6/5/5K/5/6/5/m5/5/M5 w 0 1 moves c5-d6");
    strbuf_free(&b);
}
END_TEST

START_TEST(info_lines_and_cp)
{
    EngineInfo si;
    memset(&si, 0, sizeof si);
    si.depth = -1;
    engine_info_parse(&si, "info depth 7 score mate 3 nodes 42 time 9 pv c5-d6");
    ck_assert(si.has_score && si.score_is_mate);
    ck_assert_int_eq(engine_info_cp(&si), 100000 - 3);
    ck_assert_int_eq(si.depth, 7);
    ck_assert(si.nodes == 42);
    engine_info_parse(&si, "bestmove c5-d6");   /* not an info line: nothing changes */
    ck_assert_int_eq(si.depth, 7);
}
END_TEST

/* ---- the line channel over a real process ------------------------------------------ */

/* Starts /bin/sh -c script as an engine process on a channel. */
static void start_shell(Channel *ch, const char *script)
{
    char *const argv[] = { "sh", "-c", (char *)script, NULL };
    Proc p;
    char err[256];
    ck_assert_msg(proc_start(&p, "/bin/sh", argv, NULL, NULL, err, sizeof err) == 0, "%s", err);
    channel_init(ch, &p, "sh", 1, NULL, -1);
}

START_TEST(channel_lines)
{
    Channel ch;
    start_shell(&ch, "printf 'uciok \\r\\n\\n   \\nb\\t\\nlast'");
    int64_t deadline = util_now_ms() + 5000;
    char *line;
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_LINE);
    ck_assert_str_eq(line, "uciok");                 /* "\r" and blanks trimmed */
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_LINE);
    ck_assert_str_eq(line, "b");                     /* empty lines skipped */
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_LINE);
    ck_assert_str_eq(line, "last");                  /* no '\n' before EOF */
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_EOF);
    ck_assert_int_eq(ch.read_errno, 0); /* the engine's own end, no read error */
    channel_close(&ch, 1000);
    ck_assert_int_eq(ch.proc.pid, 0);

    /* Words split by any run of blanks (PROTOCOL.md 1.1) come back joined
     * by one space, with no blank at either end; a NUL counts as a blank. */
    start_shell(&ch, "printf ' bestmove c5-d6\\n\\t\\tbestmove\\t\\v c5-d6 \\f ponder  x\\n"
                     "id\\0name  A\\tB\\n \\t \\r\\n  info   depth\\t3'");
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_LINE);
    ck_assert_str_eq(line, "bestmove c5-d6");
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_LINE);
    ck_assert_str_eq(line, "bestmove c5-d6 ponder x");
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_LINE);
    ck_assert_str_eq(line, "id name A B");
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_LINE);
    ck_assert_str_eq(line, "info depth 3"); /* blank lines skipped; last line at EOF */
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_EOF);
    channel_close(&ch, 1000);

    /* An over-long line is cut at CHANNEL_LINE_MAX; the next line is whole. */
    start_shell(&ch, "head -c 1100000 /dev/zero | tr '\\0' x; echo; echo after");
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_LINE);
    ck_assert_uint_eq(strlen(line), CHANNEL_LINE_MAX - 1);
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_LINE);
    ck_assert_str_eq(line, "after");
    channel_close(&ch, 1000);
}
END_TEST

/* Makes the host's end of the engine's output pipe fail every read: a
 * folder's descriptor in its place (poll() says readable, read() fails
 * with EISDIR), as a read error no pipe of a live engine gives on demand. */
static void break_output(int fd)
{
    int d = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    ck_assert_int_ge(d, 0);
    ck_assert_int_eq(dup2(d, fd), fd);
    close(d);
}

START_TEST(channel_read_error)
{
    /* A read that fails is an end of the output with its cause kept, not
     * taken for the engine's exit; it comes at once, not at the deadline. */
    Channel ch;
    start_shell(&ch, "echo first; sleep 10");
    char *line;
    int64_t t0 = util_now_ms();
    ck_assert_int_eq(channel_read_line(&ch, t0 + 5000, &line), CHANNEL_LINE);
    ck_assert_str_eq(line, "first");
    break_output(ch.proc.from_child);
    ck_assert_int_eq(channel_read_line(&ch, util_now_ms() + 5000, &line), CHANNEL_EOF);
    ck_assert_int_eq(ch.read_errno, EISDIR);
    ck_assert_int_lt(util_now_ms() - t0, 4000);
    ck_assert_int_eq(channel_read_line(&ch, CHANNEL_NO_WAIT, &line), CHANNEL_EOF);
    channel_kill(&ch);
}
END_TEST

START_TEST(channel_waits)
{
    Channel ch;
    start_shell(&ch, "read x; echo \"got $x\"; exec sleep 30");
    char *line;
    /* Nothing printed yet: CHANNEL_NO_WAIT returns at once, a deadline
     * returns when it has passed, not before. */
    int64_t t0 = util_now_ms();
    ck_assert_int_eq(channel_read_line(&ch, CHANNEL_NO_WAIT, &line), CHANNEL_TIMEOUT);
    ck_assert_int_lt(util_now_ms() - t0, 100);
    t0 = util_now_ms();
    ck_assert_int_eq(channel_read_line(&ch, t0 + 150, &line), CHANNEL_TIMEOUT);
    ck_assert_int_ge(util_now_ms() - t0, 150);
    ck_assert_int_eq(channel_write(&ch, "hello", util_now_ms() + 1000), 0);
    struct pollfd pf = { channel_fd(&ch), POLLIN, 0 };
    ck_assert_int_eq(poll(&pf, 1, 5000), 1);
    ck_assert_int_eq(channel_read_line(&ch, CHANNEL_NO_WAIT, &line), CHANNEL_LINE);
    ck_assert_str_eq(line, "got hello");
    /* The abort fd ends a wait at once. */
    int ab[2];
    ck_assert_int_eq(pipe(ab), 0);
    ch.abort_fd = ab[0];
    ck_assert_int_eq(write(ab[1], "x", 1), 1);
    t0 = util_now_ms();
    ck_assert_int_eq(channel_read_line(&ch, CHANNEL_NO_DEADLINE, &line), CHANNEL_ABORT);
    ck_assert_int_lt(util_now_ms() - t0, 1000);
    close(ab[0]);
    close(ab[1]);
    /* The engine does not exit by itself: closed, then killed after the grace. */
    pid_t pid = ch.proc.pid;
    channel_close(&ch, 100);
    ck_assert_int_eq(kill(pid, 0), -1);   /* reaped: no such process */
}
END_TEST

START_TEST(exit_status_comes_back)
{
    /* The runner reaps the supervisor, yet learns the engine's own end: an
     * exit status, a signal (not the supervisor's coded 128 + N), and -1
     * when the host had to kill it. */
    static const struct {
        const char *script;
        const char *words;
    } cases[] = {
        { "exit 3", "exited with status 3" },
        { "exit 0", "exited with status 0" },
        { "exit 139", "exited with status 139" },
        { "kill -SEGV $$", "was killed by signal 11 (Segmentation fault)" },
        { "kill -KILL $$", "was killed by signal 9 (Killed)" },
        { "kill -TERM $$", "was killed by signal 15 (Terminated)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Channel ch;
        char script[128], how[160];
        /* no core file of the SIGSEGV */
        snprintf(script, sizeof script, "ulimit -c 0; %s", cases[i].script);
        start_shell(&ch, script);
        char *line;
        ck_assert_int_eq(channel_read_line(&ch, util_now_ms() + 5000, &line), CHANNEL_EOF);
        int status = channel_close(&ch, 5000);
        ck_assert_int_ge(status, 0);
        proc_status_words(status, how, sizeof how);
        ck_assert_str_eq(how, cases[i].words);
    }
    Channel ch;
    start_shell(&ch, "exec sleep 30");
    ck_assert_int_eq(channel_close(&ch, 50), -1); /* killed by the host: no status of its own */
    char how[160];
    proc_status_words(-1, how, sizeof how);
    ck_assert_str_eq(how, "ended in an unknown way");
}
END_TEST

/* A process that is gone (or a zombie nobody will reap): retried for up to
 * 2 s, as the kill is asynchronous. */
static int gone(pid_t pid)
{
    for (int i = 0; i < 200; i++) {
        char path[64], st = 0;
        snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
        FILE *f = fopen(path, "r");
        if (!f) return 1;
        int n = fscanf(f, "%*d %*s %c", &st);
        fclose(f);
        if (n == 1 && st == 'Z') return 1;
        usleep(10000);
    }
    return 0;
}

START_TEST(process_tree_killed)
{
    /* The engine starts a helper in a new session (out of its process
     * group) and one in its group, and ignores EOF.  Closing the channel
     * kills both: the supervisor is the subreaper of the whole tree. */
    Channel ch;
    start_shell(
        &ch,
        "setsid sleep 61 & echo $!; sleep 62 & echo $!; trap '' HUP; while :; do sleep 1; done");
    char *line;
    int64_t deadline = util_now_ms() + 5000;
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_LINE);
    pid_t escaped = (pid_t)atoi(line);
    ck_assert_int_eq(channel_read_line(&ch, deadline, &line), CHANNEL_LINE);
    pid_t grouped = (pid_t)atoi(line);
    ck_assert(escaped > 0 && grouped > 0);
    ck_assert_int_eq(kill(escaped, 0), 0);
    ck_assert(ch.proc.engine > 0 && ch.proc.engine != ch.proc.pid);
    channel_close(&ch, 100);
    ck_assert_int_eq(ch.proc.pid, 0);
    ck_assert_msg(gone(escaped), "the helper in its own session survived");
    ck_assert_msg(gone(grouped), "the helper in the engine's group survived");
}
END_TEST

START_TEST(stderr_fifo_refused)
{
    /* A stderr path that became a FIFO nobody reads after the host checked
     * it: proc_start refuses it at once, naming it (it blocked in open()). */
    char dir[] = "/tmp/dablo-host-XXXXXX", path[64], err[512];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/ff", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    char *argv[] = { "sh", "-c", "exit 0", NULL };
    Proc p;
    ck_assert_int_eq(proc_start(&p, "/bin/sh", argv, NULL, path, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "a FIFO with no reader") && strstr(err, path), "%s", err);
    /* A folder is refused too; a regular file is taken. */
    ck_assert_int_eq(proc_open_stderr(dir, err, sizeof err), -1);
    ck_assert_msg(strstr(err, dir), "%s", err);
    unlink(path);
    int fd = proc_open_stderr(path, err, sizeof err);
    ck_assert_msg(fd >= 0, "%s", err);
    close(fd);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* ---- whole conversations ---------------------------------------------------------------- */

static OptionList variant_option(void)
{
    OptionList l = {0};
    engine_spec_option_add(&l, "Variant", "dablot");
    return l;
}

START_TEST(fake_engine_polled)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "cmd=%s", fake_path);
    const char *const w[] = { cmd, "args=--name Fake --think-ms 200", "depth=1", "option.Hash=8" };
    EngineSpec s = spec_of(w, 4);
    OptionList sent = variant_option();
    Engine e;
    memset(&e, 0, sizeof e);
    char err[512];
    ck_assert_msg(engine_start(&e, &s, &sent, 5000, 1, NULL, -1, err, sizeof err) == ENGINE_OK, "%s", err);
    ck_assert(e.running);
    ck_assert_str_eq(engine_name(&e), "Fake");     /* learned from "id name" */
    ck_assert_int_eq(engine_check_option(&e, "hash", "2000", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "needs an integer in 1..1024") != NULL, "%s", err);
    ck_assert_int_eq(engine_check_option(&e, "Nope", "1", err, sizeof err), -1);
    ck_assert_int_eq(engine_newgame(&e, 5000), ENGINE_OK);
    ck_assert_int_eq(engine_set_position(&e, NULL, NULL, 0, 5000), ENGINE_OK);

    StrBuf go = {0};
    EngineGo g;
    memset(&g, 0, sizeof g);
    engine_go_limits(&g, &s);
    engine_go_line(&go, &g);
    ck_assert_str_eq(strbuf_str(&go), "go depth 1");
    EngineSearch search;
    ck_assert_int_eq(engine_search_start(&e, strbuf_str(&go), util_now_ms() + 1000, &search), ENGINE_OK);
    char *line;
    /* The engine thinks 200 ms: a read that must not wait finds nothing. */
    int64_t t0 = util_now_ms();
    ck_assert_int_eq(engine_read(&e, &search, CHANNEL_NO_WAIT, &line), ENGINE_TIMEOUT);
    ck_assert_int_lt(util_now_ms() - t0, 100);
    /* A host's loop: poll the fd with its other fds, read what is there. */
    int lines = 0;
    while (!search.done) {
        struct pollfd pf = { engine_fd(&e), POLLIN, 0 };
        ck_assert_int_eq(poll(&pf, 1, 5000), 1);
        EngineStatus st;
        while (!search.done && (st = engine_read(&e, &search, CHANNEL_NO_WAIT, &line)) == ENGINE_OK) lines++;
        ck_assert(search.done || st == ENGINE_TIMEOUT);
    }
    ck_assert_int_ge(lines, 2);                     /* info, bestmove */
    ck_assert_msg(legal_at_start(search.move), "bestmove '%s'", search.move);
    ck_assert_int_eq(search.info.depth, 1);
    ck_assert(search.info.has_score);
    ck_assert_int_ge(search.elapsed_us, 150000);

    /* The move played, the engine answers from the new position. */
    const char *const moves[] = { search.move };
    ck_assert_int_eq(engine_set_position(&e, NULL, moves, 1, 5000), ENGINE_OK);
    ck_assert_int_eq(engine_search_start(&e, "go depth 1", util_now_ms() + 1000, &search), ENGINE_OK);
    while (!search.done) ck_assert_int_eq(engine_read(&e, &search, util_now_ms() + 5000, &line), ENGINE_OK);
    ck_assert(search.move[0] != '\0');
    ck_assert(!legal_at_start(search.move));        /* Black's move, not White's */

    engine_quit(&e, 1000);
    ck_assert(!e.running);
    ck_assert_int_eq(engine_fd(&e), -1);
    ck_assert_int_eq(engine_send(&e, "isready", util_now_ms() + 100), ENGINE_EOF);
    strbuf_free(&go);
    engine_spec_options_free(&sent);
    engine_spec_free(&s);
}
END_TEST

START_TEST(fake_engine_stop)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "cmd=%s", fake_path);
    char err[512];
    char *line;
    Engine e;
    memset(&e, 0, sizeof e);
    EngineSearch search;

    /* A slow search answers "stop" with its bestmove: drained, still usable. */
    const char *const slow[] = { cmd, "args=--slow-go-at 1 --slow-ms 300", "depth=1" };
    EngineSpec s = spec_of(slow, 3);
    ck_assert_msg(engine_start(&e, &s, NULL, 5000, 1, NULL, -1, err, sizeof err) == ENGINE_OK, "%s", err);
    ck_assert_int_eq(engine_search_start(&e, "go depth 1", util_now_ms() + 1000, &search), ENGINE_OK);
    ck_assert_int_eq(engine_search_stop(&e, &search, 3000), ENGINE_OK);
    ck_assert(search.done && legal_at_start(search.move));
    ck_assert_int_eq(engine_send_sync(&e, NULL, 5000), ENGINE_OK);
    ck_assert_int_eq(engine_search_stop(&e, &search, 100), ENGINE_OK);   /* already done: nothing sent */
    engine_quit(&e, 1000);
    engine_spec_free(&s);

    /* A hung search is killed after stop_ms. */
    const char *const hung[] = { cmd, "args=--hang-go-at 1", "depth=1" };
    s = spec_of(hung, 3);
    ck_assert_msg(engine_start(&e, &s, NULL, 5000, 1, NULL, -1, err, sizeof err) == ENGINE_OK, "%s", err);
    ck_assert_int_eq(e.starts, 2);                   /* the second process of this Engine */
    ck_assert_int_eq(engine_search_start(&e, "go depth 1", util_now_ms() + 1000, &search), ENGINE_OK);
    ck_assert_int_eq(engine_read(&e, &search, util_now_ms() + 100, &line), ENGINE_TIMEOUT);
    int64_t t0 = util_now_ms();
    ck_assert_int_eq(engine_search_stop(&e, &search, 200), ENGINE_TIMEOUT);
    ck_assert_int_ge(util_now_ms() - t0, 200);
    ck_assert(!e.running && !search.done);
    engine_quit(&e, 1000);
    engine_spec_free(&s);
}
END_TEST

START_TEST(fake_engine_failures)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "cmd=%s", fake_path);
    char err[512];
    Engine e;
    memset(&e, 0, sizeof e);

    const char *const mute[] = { cmd, "args=--hang-uciok", "depth=1" };
    EngineSpec s = spec_of(mute, 3);
    ck_assert_int_eq(engine_start(&e, &s, NULL, 300, 1, NULL, -1, err, sizeof err), ENGINE_TIMEOUT);
    ck_assert_msg(strstr(err, "no uciok within 300 ms after uci") != NULL, "%s", err);
    ck_assert(!e.running);
    engine_spec_free(&s);

    const char *const bad_option[] = { cmd, "depth=1", "option.Hash=0" };
    s = spec_of(bad_option, 3);
    ck_assert_int_eq(engine_start(&e, &s, NULL, 5000, 1, NULL, -1, err, sizeof err), ENGINE_ERROR);
    ck_assert_msg(strstr(err, "option Hash needs an integer in 1..1024, not '0'") != NULL, "%s", err);
    ck_assert(!e.running);
    engine_spec_free(&s);

    const char *const crash[] = { cmd, "args=--crash-at 1", "depth=1" };
    s = spec_of(crash, 3);
    ck_assert_int_eq(engine_start(&e, &s, NULL, 5000, 1, NULL, -1, err, sizeof err), ENGINE_OK);
    EngineSearch search;
    char *line;
    ck_assert_int_eq(engine_search_start(&e, "go depth 1", util_now_ms() + 1000, &search), ENGINE_OK);
    ck_assert_int_eq(engine_read(&e, &search, util_now_ms() + 5000, &line), ENGINE_EOF);
    engine_kill(&e);
    ck_assert(!e.running);
    ck_assert_int_eq(engine_read(&e, &search, CHANNEL_NO_WAIT, &line), ENGINE_EOF);
    engine_quit(&e, 100);
    engine_spec_free(&s);

    /* A crash is reaped rather than killed: how it ended is said. */
    char how[160];
    const char *const segv[] = { cmd, "args=--signal-at 1 11", "depth=1" };
    s = spec_of(segv, 3);
    ck_assert_int_eq(engine_start(&e, &s, NULL, 5000, 1, NULL, -1, err, sizeof err), ENGINE_OK);
    ck_assert_int_eq(engine_search_start(&e, "go depth 1", util_now_ms() + 1000, &search),
                     ENGINE_OK);
    ck_assert_int_eq(engine_read(&e, &search, util_now_ms() + 5000, &line), ENGINE_EOF);
    ck_assert_int_eq(engine_reap(&e, 5000, how, sizeof how), 1);
    ck_assert_str_eq(how, "was killed by signal 11 (Segmentation fault)");
    ck_assert(!e.running && WIFSIGNALED(e.exit_status) && WTERMSIG(e.exit_status) == SIGSEGV);
    ck_assert_int_eq(engine_reap(&e, 100, how, sizeof how), 0); /* not running: nothing */
    ck_assert_str_eq(how, "");
    engine_quit(&e, 100);
    engine_spec_free(&s);

    /* An engine that ends at start-up is named with its status. */
    const char *const uci_exit[] = { cmd, "args=--uci-exit 5", "depth=1" };
    s = spec_of(uci_exit, 3);
    ck_assert_int_eq(engine_start(&e, &s, NULL, 5000, 1, NULL, -1, err, sizeof err), ENGINE_EOF);
    ck_assert_msg(strstr(err, ": exited with status 5 before uciok (sent uci); its stderr is "
                              "discarded")
                      != NULL,
                  "%s", err);
    ck_assert(!e.running);
    engine_quit(&e, 100);
    engine_spec_free(&s);

    /* Its output cannot be read: ENGINE_EOF with the cause, kept after the
     * kill until the next start. */
    const char *const plain[] = { cmd, "depth=1" };
    s = spec_of(plain, 2);
    ck_assert_msg(engine_start(&e, &s, NULL, 5000, 1, NULL, -1, err, sizeof err) == ENGINE_OK, "%s",
                  err);
    ck_assert_int_eq(engine_read_errno(&e), 0);
    ck_assert_int_eq(engine_search_start(&e, "go depth 1", util_now_ms() + 1000, &search),
                     ENGINE_OK);
    break_output(engine_fd(&e));
    ck_assert_int_eq(engine_read(&e, &search, util_now_ms() + 5000, &line), ENGINE_EOF);
    ck_assert_int_eq(engine_read_errno(&e), EISDIR);
    engine_kill(&e);
    ck_assert_int_eq(engine_read_errno(&e), EISDIR);
    ck_assert_msg(engine_start(&e, &s, NULL, 5000, 1, NULL, -1, err, sizeof err) == ENGINE_OK, "%s",
                  err);
    ck_assert_int_eq(engine_read_errno(&e), 0);
    /* During a handshake exchange the reason names the cause. */
    ck_assert_int_eq(engine_send(&e, "isready", util_now_ms() + 1000), ENGINE_OK);
    break_output(engine_fd(&e));
    ck_assert_int_eq(engine_send_sync(&e, NULL, 5000), ENGINE_EOF);
    ck_assert_int_eq(engine_read_errno(&e), EISDIR);
    engine_quit(&e, 100);
    engine_spec_free(&s);

    const char *const quoted[] = { cmd, "args=--name 'open", "depth=1" };
    s = spec_of(quoted, 3);
    ck_assert_int_eq(engine_start(&e, &s, NULL, 5000, 1, NULL, -1, err, sizeof err), ENGINE_ERROR);
    ck_assert_msg(strstr(err, "unterminated quote in args") != NULL, "%s", err);
    engine_spec_free(&s);
}
END_TEST

/* The real engine: "go infinite" runs until "stop", then names a legal move. */
/* The stderr that f writes while it runs, read back into out (len bytes). */
static void stderr_of(void (*f)(Engine *), Engine *e, char *out, size_t len)
{
    char path[] = "/tmp/test_host_stderr_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    unlink(path);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    ck_assert_int_ge(saved, 0);
    dup2(fd, STDERR_FILENO);
    f(e);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    ssize_t n = pread(fd, out, len - 1, 0);
    close(fd);
    out[n > 0 ? n : 0] = '\0';
}

static void quit_said_200(Engine *e)
{
    engine_quit_said(e, 200, "host-test", "Q");
}

/* engine_quit_said(): an engine that ignores quit is killed and named on
 * stderr, one line; one that quits is not named. */
START_TEST(fake_engine_quit_said)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "cmd=%s", fake_path);
    char err[512], said[512];
    Engine e;
    memset(&e, 0, sizeof e);
    const char *const deaf[] = { cmd, "args=--ignore-quit", "depth=1" };
    EngineSpec s = spec_of(deaf, 3);
    ck_assert_msg(engine_start(&e, &s, NULL, 5000, 1, NULL, -1, err, sizeof err) == ENGINE_OK, "%s",
                  err);
    stderr_of(quit_said_200, &e, said, sizeof said);
    ck_assert(e.quit_killed && !e.running);
    ck_assert_str_eq(said, "host-test: engine Q did not quit within 200 ms: killed\n");
    engine_spec_free(&s);

    const char *const plain[] = { cmd, "depth=1" };
    s = spec_of(plain, 2);
    ck_assert_msg(engine_start(&e, &s, NULL, 5000, 1, NULL, -1, err, sizeof err) == ENGINE_OK, "%s",
                  err);
    stderr_of(quit_said_200, &e, said, sizeof said);
    ck_assert(!e.quit_killed && !e.running);
    ck_assert_str_eq(said, "");
    engine_spec_free(&s);
}
END_TEST

START_TEST(dablo_infinite_and_stop)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "cmd=%s", dablo_path);
    const char *const w[] = { cmd, "depth=1", "option.Hash=1" };
    EngineSpec s = spec_of(w, 3);
    OptionList sent = variant_option();
    Engine e;
    memset(&e, 0, sizeof e);
    char err[512];
    ck_assert_msg(engine_start(&e, &s, &sent, 10000, 1, NULL, -1, err, sizeof err) == ENGINE_OK, "%s", err);
    ck_assert_int_eq(engine_newgame(&e, 10000), ENGINE_OK);
    ck_assert_int_eq(engine_set_position(&e, NULL, NULL, 0, 10000), ENGINE_OK);
    EngineGo g;
    memset(&g, 0, sizeof g);
    g.infinite = 1;
    StrBuf go = {0};
    engine_go_line(&go, &g);
    EngineSearch search;
    ck_assert_int_eq(engine_search_start(&e, strbuf_str(&go), util_now_ms() + 1000, &search), ENGINE_OK);
    char *line;
    int64_t until = util_now_ms() + 300;
    EngineStatus st;
    while ((st = engine_read(&e, &search, until, &line)) == ENGINE_OK) ck_assert(!search.done);
    ck_assert_int_eq(st, ENGINE_TIMEOUT);            /* still searching after 300 ms */
    ck_assert_int_eq(engine_search_stop(&e, &search, 5000), ENGINE_OK);
    ck_assert_msg(legal_at_start(search.move), "bestmove '%s'", search.move);
    ck_assert_int_ge(search.info.depth, 1);
    ck_assert_int_eq(engine_send_sync(&e, NULL, 5000), ENGINE_OK);
    engine_quit(&e, 2000);
    ck_assert(!e.running);
    strbuf_free(&go);
    engine_spec_options_free(&sent);
    engine_spec_free(&s);
}
END_TEST

/* linefile.h: the lines of a file as read, with and without a last '\n'. */
START_TEST(linefile_lines)
{
    static const char text[] = "one\r\n\ntwo\0x\nlast";
    FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
    ck_assert_ptr_nonnull(f);
    LineFile lf;
    linefile_init(&lf, f, "t.txt", 8);
    char *line;
    size_t len;
    bool nl;
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_LINE);
    ck_assert(len == 4 && memcmp(line, "one\r", 5) == 0 && nl); /* the '\r' stays */
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_LINE);
    ck_assert(len == 0 && *line == '\0' && nl);
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_LINE);
    ck_assert(len == 5 && memcmp(line, "two\0x", 6) == 0 && nl); /* a NUL byte stays */
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_LINE);
    ck_assert(len == 4 && strcmp(line, "last") == 0 && !nl); /* cut short */
    ck_assert_int_eq(lf.lineno, 4);
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_EOF);
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_EOF);
    linefile_free(&lf);
    fclose(f);
}
END_TEST

/* A line over the cap is refused with its number, with or without its
 * '\n', and after reading about the cap and one buffer of it only. */
START_TEST(linefile_too_long)
{
    static const char text[] = "12345678\n123456789\nnext\n";
    FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
    LineFile lf;
    linefile_init(&lf, f, "t.txt", 8);
    char *line, err[128];
    size_t len;
    bool nl;
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_LINE);
    ck_assert_uint_eq(len, 8);
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_TOO_LONG);
    ck_assert_ptr_null(line);
    linefile_message(&lf, LINEFILE_TOO_LONG, err, sizeof err);
    ck_assert_str_eq(err, "t.txt:2: line longer than 8 bytes");
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl),
                     LINEFILE_TOO_LONG); /* it stays stopped */
    linefile_free(&lf);
    fclose(f);

    f = fmemopen((void *)"123456789", 9, "r"); /* the last line, without '\n' */
    linefile_init(&lf, f, "t.txt", 8);
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_TOO_LONG);
    ck_assert_int_eq(lf.lineno, 1);
    linefile_free(&lf);
    fclose(f);

    f = fopen("/dev/zero", "r");
    ck_assert_ptr_nonnull(f);
    linefile_init(&lf, f, "/dev/zero", LINEFILE_MAX_RECORD);
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_TOO_LONG);
    ck_assert_uint_le(lf.cap, LINEFILE_MAX_RECORD + (1 << 20));
    ck_assert_uint_le(ftell(f), LINEFILE_MAX_RECORD + (1 << 20));
    linefile_free(&lf);
    fclose(f);

    LineSpan sp = { 0, 0 };
    ck_assert_int_eq(linespan_feed(&sp, "1234\n12", 7, 4), 0);
    ck_assert_int_eq(linespan_feed(&sp, "34", 2, 4), 0);
    ck_assert_int_eq(linespan_feed(&sp, "5", 1, 4), -1);
    ck_assert_int_eq(sp.lines + 1, 2);
}
END_TEST

static int allocs_left;
static void *failing_realloc(void *p, size_t n)
{
    return allocs_left-- > 0 ? realloc(p, n) : NULL;
}

/* Out of memory and a read error are said as such, never as the end. */
START_TEST(linefile_failures)
{
    char path[] = "/tmp/test_host_linefile_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w+");
    fputs("short\n", f);
    for (int i = 0; i < 200000; i++)
        fputc('x', f);
    fputs("\nafter\n", f);
    rewind(f);
    LineFile lf;
    linefile_init(&lf, f, "big.txt", LINEFILE_MAX_RECORD);
    char *line, err[128];
    size_t len;
    bool nl;
    allocs_left = 1;
    linefile_realloc = failing_realloc;
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_LINE);
    ck_assert_str_eq(line, "short");
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_NOMEM);
    linefile_realloc = realloc;
    linefile_message(&lf, LINEFILE_NOMEM, err, sizeof err);
    ck_assert_str_eq(err, "big.txt:2: out of memory");
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_NOMEM);
    linefile_free(&lf);
    fclose(f);
    unlink(path);

    f = fopen("/tmp", "r"); /* opens; reading it fails with EISDIR */
    ck_assert_ptr_nonnull(f);
    linefile_init(&lf, f, "/tmp", 100);
    ck_assert_int_eq(linefile_next(&lf, &line, &len, &nl), LINEFILE_ERROR);
    linefile_message(&lf, LINEFILE_ERROR, err, sizeof err);
    ck_assert_str_eq(err, "/tmp: read error: Is a directory");
    linefile_free(&lf);
    fclose(f);
}
END_TEST

static Suite *host_suite(void)
{
    Suite *s = suite_create("host");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, spec_settings);
    tcase_add_test(tc, spec_merge);
    tcase_add_test(tc, go_and_position_lines);
    tcase_add_test(tc, info_lines_and_cp);
    tcase_add_test(tc, channel_lines);
    tcase_add_test(tc, channel_read_error);
    tcase_add_test(tc, channel_waits);
    tcase_add_test(tc, exit_status_comes_back);
    tcase_add_test(tc, process_tree_killed);
    tcase_add_test(tc, stderr_fifo_refused);
    tcase_add_test(tc, fake_engine_polled);
    tcase_add_test(tc, fake_engine_stop);
    tcase_add_test(tc, fake_engine_failures);
    tcase_add_test(tc, fake_engine_quit_said);
    tcase_add_test(tc, dablo_infinite_and_stop);
    tcase_add_test(tc, linefile_lines);
    tcase_add_test(tc, linefile_too_long);
    tcase_add_test(tc, linefile_failures);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    if (argc > 1) fake_path = argv[1];
    if (argc > 2) dablo_path = argv[2];
    signal(SIGPIPE, SIG_IGN);
    geometry_init();
    SRunner *sr = srunner_create(host_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
