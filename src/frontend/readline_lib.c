/*
 * readline_lib.c - GNU readline by dlopen() (readline_lib.h).
 *
 * Compiled with READLINE_LINKED (the static build, make STATIC=1:
 * mk/link.mk) it fills the same table from the linked library instead:
 * a static program should not dlopen() (glibc would need its own shared
 * libc at run time).
 */
#include "readline_lib.h"

#include <dlfcn.h>
#include <string.h>

#define STR_(x) #x
#define STR(x)  STR_(x)
#ifndef READLINE_SONAME
#define READLINE_SONAME "libreadline.so." STR(RL_VERSION_MAJOR)
#endif

#ifdef READLINE_LINKED
#define BIND(field, sym)     (rl.field = sym, 0)
#define BIND_VAR(field, sym) (rl.field = &sym, 0)
#else

/* The address of name in h into the size bytes at field (a pointer:
 * copied, as POSIX's dlsym() allows for functions too); 0, or -1 with
 * dlerror()'s message in err. */
static int bind_symbol(void *h, void *field, size_t size, const char *name, char *err,
                       size_t errlen)
{
    dlerror();
    void *p = dlsym(h, name);
    const char *why = dlerror();
    if (why || !p || size != sizeof p) {
        snprintf(err, errlen, "%s: %s", READLINE_SONAME, why ? why : name);
        return -1;
    }
    memcpy(field, &p, sizeof p);
    return 0;
}

/* BIND(field, sym): rl.field = the library's sym.  The sizeof is not
 * evaluated: it only makes the compiler check that the header's sym fits
 * the field (a function, or &variable with BIND_VAR), without a reference
 * for the linker. */
#define BIND(field, sym)                                                                           \
    ((void)sizeof(rl.field = sym), bind_symbol(h, &rl.field, sizeof rl.field, #sym, err, errlen))
#define BIND_VAR(field, sym)                                                                       \
    ((void)sizeof(rl.field = &sym), bind_symbol(h, &rl.field, sizeof rl.field, #sym, err, errlen))
#endif

int readline_lib_load(ReadlineLib *out, char *err, size_t errlen)
{
    static ReadlineLib loaded;
    static int have;
    if (have) {
        *out = loaded;
        return 0;
    }
#ifdef READLINE_LINKED
    (void)err, (void)errlen;
    ReadlineLib rl;
#else
    void *h = dlopen(READLINE_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        snprintf(err, errlen, "%s", why ? why : READLINE_SONAME);
        return -1;
    }
    ReadlineLib rl;
#endif
    if (BIND(callback_handler_install, rl_callback_handler_install) < 0
        || BIND(callback_read_char, rl_callback_read_char) < 0
        || BIND(callback_handler_remove, rl_callback_handler_remove) < 0
        || BIND(callback_sigcleanup, rl_callback_sigcleanup) < 0
        || BIND(replace_line, rl_replace_line) < 0 || BIND(insert_text, rl_insert_text) < 0
        || BIND(crlf, rl_crlf) < 0 || BIND(on_new_line, rl_on_new_line) < 0
        || BIND(redisplay, rl_redisplay) < 0 || BIND(completion_matches, rl_completion_matches) < 0
        || BIND(variable_bind, rl_variable_bind) < 0 || BIND(using_history, using_history) < 0
        || BIND(stifle_history, stifle_history) < 0 || BIND(read_history, read_history) < 0
        || BIND(append_history, append_history) < 0
        || BIND(history_truncate_file, history_truncate_file) < 0
        || BIND(add_history, add_history) < 0 || BIND(history_get, history_get) < 0
        || BIND_VAR(readline_name, rl_readline_name) < 0
        || BIND_VAR(catch_signals, rl_catch_signals) < 0
        || BIND_VAR(attempted_completion_function, rl_attempted_completion_function) < 0
        || BIND_VAR(completer_word_break_characters, rl_completer_word_break_characters) < 0
        || BIND_VAR(attempted_completion_over, rl_attempted_completion_over) < 0
        || BIND_VAR(line_buffer, rl_line_buffer) < 0 || BIND_VAR(history_length, history_length) < 0
        || BIND_VAR(history_base, history_base) < 0) {
#ifndef READLINE_LINKED
        dlclose(h);
#endif
        return -1;
    }
    loaded = rl;
    have = 1;
    *out = rl;
    return 0;
}
