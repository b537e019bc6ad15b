/* keys: the one table of key bindings. The browser dispatches keys
 * through key_lookup, and the help screen (key_help_line) and the hint bar
 * (key_hints) are generated from the same table, so what `?` says is what
 * the keys do. The bindings follow what users of tig, ncdu, htop and
 * lazygit expect: arrows and hjkl, g/G, PgUp/PgDn, Ctrl-d/Ctrl-u, Enter
 * and l open, h, q and Esc go back, Tab moves between panes, / n N
 * search, :N (or N then g or G, as in less) goes to line N, e opens the
 * program in $VISUAL or $EDITOR. Uppercase command keys (T, D) write files. */
#ifndef EREP_TUI_KEYS_H
#define EREP_TUI_KEYS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
  KA_NONE,
  KA_DOWN,
  KA_UP,
  KA_PAGE_DOWN,
  KA_PAGE_UP,
  KA_HALF_DOWN,
  KA_HALF_UP,
  KA_TOP,
  KA_BOTTOM,
  KA_OPEN,
  KA_BACK,
  KA_CLOSE,
  KA_NEXT_PANE,
  KA_PREV_PANE,
  KA_TOGGLE,
  KA_FOLD_LESS,
  KA_FOLD_MORE,
  KA_SEARCH,
  KA_SEARCH_NEXT,
  KA_SEARCH_PREV,
  KA_FILTER,
  KA_SOURCE,
  KA_TESTS,
  KA_DOT,
  KA_HELP,
  KA_REDRAW,
  KA_VALUES,
  KA_QUIT,
  KA_GOTO_LINE,
  KA_EDIT,
  KA__COUNT
} key_action;

/* Where a binding applies: the panes (one bit each). */
enum {
  KC_COMP = 1u << 0,    /* components */
  KC_TRACES = 1u << 1,  /* traces of a component */
  KC_STEPS = 1u << 2,   /* steps of the open trace */
  KC_CODE = 1u << 3,    /* the source beside the steps */
  KC_SOURCE = 1u << 4,  /* the whole source, coloured by coverage */
  KC_THROUGH = 1u << 5, /* traces through a source line */
  KC_HELP = 1u << 6,
  KC_ALL = (1u << 7) - 1
};

/* The action of key code (a curses key) in pane context ctx. */
key_action key_lookup(int code, unsigned ctx);
/* Help text, one line a row (n rows); the table of every action with its
 * keys. Lines are static. */
size_t key_help_count(void);
const char *key_help_line(size_t i);
/* The hint bar for ctx: "key word" pairs in priority order, written into
 * buf (at most len bytes, never more than `width` columns). */
void key_hints(unsigned ctx, char *buf, size_t len, int width);
/* A key's label ("j", "Down", "Ctrl-d") for messages. */
const char *key_label(int code);

#endif
