#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <histedit.h>

typedef ssize_t (*jotter_write_fn)(void *, const char *, size_t);

// glibc declares fopencookie only under _GNU_SOURCE, and defining that here would
// give this module other definitions of the C types than Swift's Glibc module has.
// So it is declared here under its own name, with a struct laid out as glibc's
// cookie_io_functions_t: four function pointers, read, write, seek and close.
typedef struct {
    void *read;
    jotter_write_fn write;
    void *seek;
    void *close;
} jotter_cookie_functions;
extern FILE *jotter_fopencookie(void *cookie, const char *mode, jotter_cookie_functions functions)
    __asm__("fopencookie");

// A stream whose writes go to `write` with `cookie`: libedit writes through a FILE.
static inline FILE *jotter_open_write_stream(void *cookie, jotter_write_fn write) {
    jotter_cookie_functions functions = { .read = NULL, .write = write, .seek = NULL, .close = NULL };
    return jotter_fopencookie(cookie, "w", functions);
}

// el_set, el_get and history are variadic, so Swift cannot call them: one typed
// wrapper per use.

typedef char *(*jotter_prompt_fn)(EditLine *);
typedef unsigned char (*jotter_editor_fn)(EditLine *, int);
typedef int (*jotter_read_fn)(EditLine *, wchar_t *);

static inline int jotter_el_set_prompt(EditLine *el, jotter_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}
static inline int jotter_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}
static inline int jotter_el_set_signal(EditLine *el, int handle) {
    return el_set(el, EL_SIGNAL, handle);
}
// The function libedit reads each character of input with.
static inline int jotter_el_set_read(EditLine *el, jotter_read_fn fn) {
    return el_wset(el, EL_GETCFN, fn);
}
// Forgets what libedit thinks the screen shows and draws the prompt and the line
// again, from where the terminal's cursor is.
static inline int jotter_el_refresh(EditLine *el) {
    return el_set(el, EL_REFRESH);
}
static inline int jotter_el_set_history(EditLine *el, History *history_) {
    return el_set(el, EL_HIST, history, history_);
}
static inline int jotter_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}
static inline void *jotter_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
// keymap: NULL for the current one, "-a" for vi's command mode.
// 1 when the key bindings are emacs's, 0 when ~/.editrc chose vi's.
static inline int jotter_el_is_emacs(EditLine *el) {
    const char *editor = NULL;
    return el_get(el, EL_EDITOR, &editor) == 0 && editor != NULL && strcmp(editor, "emacs") == 0;
}

static inline int jotter_el_bind(EditLine *el, const char *keymap, const char *key, const char *function) {
    if (keymap) {
        return el_set(el, EL_BIND, keymap, key, function, NULL);
    }
    return el_set(el, EL_BIND, key, function, NULL);
}
// The wide call: the narrow one copies name and help and never frees the copies.
// libedit keeps these pointers, so they must live as long as `el`.
static inline int jotter_el_add_function(EditLine *el, const wchar_t *name, const wchar_t *help, jotter_editor_fn fn) {
    return el_wset(el, EL_ADDFN, name, help, fn);
}
static inline int jotter_el_set_edit_tty(EditLine *el, const char *setting) {
    return el_set(el, EL_SETTY, "-d", setting, NULL);
}
static inline int jotter_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}
static inline int jotter_history_set_unique(History *h, int unique) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, unique);
}
static inline int jotter_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

// ppoll is likewise declared only under _GNU_SOURCE: declared here under its own name.
// It waits for the terminal with the signals of `allowed` let through for the wait
// alone, so that a signal noted just before the wait cannot leave it waiting for a key.
#include <poll.h>
#include <signal.h>
extern int jotter_ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout, const sigset_t *allowed)
    __asm__("ppoll");
static inline int jotter_wait_for_input(int descriptor, const sigset_t *allowed) {
    struct pollfd poller = { .fd = descriptor, .events = POLLIN, .revents = 0 };
    return jotter_ppoll(&poller, 1, NULL, allowed);
}
