// Swift cannot call C's variadic functions, so each el_set/el_get/history call the LineEditor
// wrapper needs has a fixed-argument inline shim here, prefixed with the module's name.
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

#include <histedit.h>
#include <wchar.h>

typedef char *(*clibedit_prompt_fn)(EditLine *);
typedef unsigned char (*clibedit_command_fn)(EditLine *, int);

static inline int clibedit_set_prompt_esc(EditLine *el, clibedit_prompt_fn fn, char ignore) {
    return el_set(el, EL_PROMPT_ESC, fn, ignore);
}
static inline int clibedit_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int clibedit_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int clibedit_set_getcfn(EditLine *el, el_rfunc_t fn) { return el_set(el, EL_GETCFN, fn); }
static inline int clibedit_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *clibedit_get_clientdata(EditLine *el) {
    void *data = 0;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
static inline int clibedit_set_history(EditLine *el, History *history_) { return el_set(el, EL_HIST, history, history_); }
static inline int clibedit_add_function(EditLine *el, const char *name, const char *help, clibedit_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int clibedit_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, (const char *)0);
}
static inline int clibedit_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }

static inline int clibedit_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}
static inline int clibedit_history_set_unique(History *h, int on) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, on);
}
static inline int clibedit_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}
static inline int clibedit_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}
static inline int clibedit_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

#endif
