#include "config.h"

#include "keys.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#define CTRL(c) ((c)&0x1f)
#define KEY_ESC 27

typedef struct {
  int code;
  const char *label;
  key_action action;
  unsigned where;
} key_binding;

/* Lists go everywhere; the fold keys only where something folds. The
 * first binding of an action is the one the hint bar shows. */
#define KC_LISTS KC_ALL
#define KC_FOLDS (KC_TRACES | KC_STEPS | KC_THROUGH)
#define KC_TRACE_ANY (KC_TRACES | KC_STEPS | KC_CODE | KC_THROUGH)
static const key_binding key_table[] = {
    {'j', "j", KA_DOWN, KC_LISTS},
    {KEY_DOWN, "Down", KA_DOWN, KC_LISTS},
    {'k', "k", KA_UP, KC_LISTS},
    {KEY_UP, "Up", KA_UP, KC_LISTS},
    {KEY_NPAGE, "PgDn", KA_PAGE_DOWN, KC_LISTS},
    {CTRL('f'), "Ctrl-f", KA_PAGE_DOWN, KC_LISTS},
    {KEY_PPAGE, "PgUp", KA_PAGE_UP, KC_LISTS},
    {CTRL('b'), "Ctrl-b", KA_PAGE_UP, KC_LISTS},
    {CTRL('d'), "Ctrl-d", KA_HALF_DOWN, KC_LISTS},
    {CTRL('u'), "Ctrl-u", KA_HALF_UP, KC_LISTS},
    {'g', "g", KA_TOP, KC_LISTS},
    {KEY_HOME, "Home", KA_TOP, KC_LISTS},
    {'G', "G", KA_BOTTOM, KC_LISTS},
    {KEY_END, "End", KA_BOTTOM, KC_LISTS},
    {'\r', "Enter", KA_OPEN, KC_LISTS},
    {'\n', "Enter", KA_OPEN, KC_LISTS},
    {KEY_ENTER, "Enter", KA_OPEN, KC_LISTS},
    {'l', "l", KA_OPEN, KC_LISTS},
    {KEY_RIGHT, "Right", KA_OPEN, KC_LISTS},
    {'h', "h", KA_BACK, KC_LISTS},
    {KEY_LEFT, "Left", KA_BACK, KC_LISTS},
    {KEY_ESC, "Esc", KA_BACK, KC_LISTS},
    {'q', "q", KA_CLOSE, KC_LISTS},
    {'Q', "Q", KA_QUIT, KC_LISTS},
    {'\t', "Tab", KA_NEXT_PANE, KC_LISTS},
    {KEY_BTAB, "Shift-Tab", KA_PREV_PANE, KC_LISTS},
    {' ', "Space", KA_TOGGLE, KC_FOLDS},
    {'z', "z", KA_FOLD_LESS, KC_STEPS},
    {'-', "-", KA_FOLD_LESS, KC_STEPS},
    {'Z', "Z", KA_FOLD_MORE, KC_STEPS},
    {'+', "+", KA_FOLD_MORE, KC_STEPS},
    {'/', "/", KA_SEARCH, KC_LISTS},
    {'n', "n", KA_SEARCH_NEXT, KC_LISTS},
    {'N', "N", KA_SEARCH_PREV, KC_LISTS},
    {'f', "f", KA_FILTER, KC_LISTS & ~KC_HELP},
    {'s', "s", KA_SOURCE, KC_LISTS & ~KC_HELP},
    {'T', "T", KA_TESTS, KC_TRACE_ANY},
    {'D', "D", KA_DOT, KC_TRACE_ANY},
    {'v', "v", KA_VALUES, KC_STEPS},
    {':', ":N", KA_GOTO_LINE, KC_LISTS & ~KC_HELP},
    {'e', "e", KA_EDIT, KC_LISTS},
    {'?', "?", KA_HELP, KC_LISTS},
    {KEY_F(1), "F1", KA_HELP, KC_LISTS},
    {CTRL('l'), "Ctrl-l", KA_REDRAW, KC_LISTS},
};
#define KEY_NBIND (sizeof key_table / sizeof *key_table)

/* What each action does, for the help screen, and its word in the hint
 * bar (NULL: not shown there) in the order of priority there. `pair`: an
 * action whose key the hint shows after this one's ("z/Z depth"). */
static const struct {
  key_action action;
  const char *help, *hint;
  key_action pair;
  unsigned hint_where; /* panes whose hint bar shows it */
} key_info[] = {
    {KA_HELP, "this help", "help", KA_NONE, KC_ALL},
    {KA_CLOSE, "close this screen (quit on the first screen)", "back", KA_NONE,
     KC_ALL},
    {KA_QUIT, "quit, from any screen", NULL, KA_NONE, 0},
    {KA_OPEN,
     "open: a component's traces, a trace, a group, a folded call, "
     "a source line's traces; on a step or a warning: its line in the source",
     "open", KA_NONE, KC_ALL},
    {KA_TOGGLE, "fold or unfold the call, group or declarations here", "fold",
     KA_NONE, KC_STEPS},
    {KA_FOLD_LESS,
     "fold one more call depth (steps of called functions "
     "fold under their call)",
     "depth", KA_FOLD_MORE, KC_STEPS},
    {KA_VALUES,
     "show or hide the values each step assigns (x=42; from the solver's "
     "model of a feasible trace)",
     "values", KA_NONE, KC_STEPS},
    {KA_SEARCH,
     "search this pane (smart case); folded steps open to show "
     "a match",
     "search", KA_NONE, KC_ALL},
    {KA_FILTER,
     "filter: function, line range (10-20), component (safe, "
     "frontier, unknown, all); empty clears",
     "filter", KA_NONE, KC_ALL},
    {KA_NEXT_PANE, "next pane", "pane", KA_NONE, KC_ALL},
    {KA_TESTS, "write the selected trace as a Test-Comp suite (erep tests)",
     "export", KA_DOT, KC_ALL},
    {KA_SOURCE, "the whole source coloured by coverage", "source", KA_NONE,
     KC_ALL},
    {KA_GOTO_LINE,
     "go to line N of the program (N then g or G too): in the source there, "
     "in the steps the next step at N, elsewhere the source opens at N",
     NULL, KA_NONE, 0},
    {KA_EDIT,
     "open the program at this line in $VISUAL or $EDITOR (vi); a "
     "read-only copy of the report's source when the file is not the one "
     "analysed",
     NULL, KA_NONE, 0},
    {KA_BACK, "back: to the pane on the left or the screen before", NULL,
     KA_NONE, 0},
    {KA_PREV_PANE, "previous pane", NULL, KA_NONE, 0},
    {KA_FOLD_MORE, "unfold one more call depth", NULL, KA_NONE, 0},
    {KA_SEARCH_NEXT, "next match", NULL, KA_SEARCH_PREV, 0},
    {KA_SEARCH_PREV, "previous match", NULL, KA_NONE, 0},
    {KA_DOT, "write the selected trace as it is folded as DOT (cgraph)", NULL,
     KA_NONE, 0},
    {KA_DOWN, "down", NULL, KA_NONE, 0},
    {KA_UP, "up", NULL, KA_NONE, 0},
    {KA_PAGE_DOWN, "page down", NULL, KA_NONE, 0},
    {KA_PAGE_UP, "page up", NULL, KA_NONE, 0},
    {KA_HALF_DOWN, "half a page down", NULL, KA_NONE, 0},
    {KA_HALF_UP, "half a page up", NULL, KA_NONE, 0},
    {KA_TOP, "first row", NULL, KA_NONE, 0},
    {KA_BOTTOM, "last row", NULL, KA_NONE, 0},
    {KA_REDRAW, "redraw the screen", NULL, KA_NONE, 0},
};
#define KEY_NINFO (sizeof key_info / sizeof *key_info)

key_action key_lookup(int code, unsigned ctx) {
  for (size_t i = 0; i < KEY_NBIND; i++)
    if (key_table[i].code == code && (key_table[i].where & ctx))
      return key_table[i].action;
  return KA_NONE;
}

const char *key_label(int code) {
  for (size_t i = 0; i < KEY_NBIND; i++)
    if (key_table[i].code == code) return key_table[i].label;
  return "?";
}

/* the help in the order of a reader: moving first, then the rest */
static const key_action key_help_order[] = {
    KA_DOWN,      KA_UP,        KA_PAGE_DOWN,   KA_PAGE_UP,     KA_HALF_DOWN,
    KA_HALF_UP,   KA_TOP,       KA_BOTTOM,      KA_OPEN,        KA_BACK,
    KA_CLOSE,     KA_NEXT_PANE, KA_PREV_PANE,   KA_TOGGLE,      KA_FOLD_LESS,
    KA_FOLD_MORE, KA_SEARCH,    KA_SEARCH_NEXT, KA_SEARCH_PREV, KA_FILTER,
    KA_GOTO_LINE, KA_SOURCE,    KA_EDIT,        KA_TESTS,       KA_DOT,
    KA_HELP,      KA_REDRAW,    KA_VALUES,      KA_QUIT};
#define KEY_NHELP (sizeof key_help_order / sizeof *key_help_order)
#define KEY_HELP_HEAD 2

static char key_help_text[KEY_NHELP][200];
static bool key_help_made;

static const char *key_where(unsigned w) {
  if (w == KC_ALL || w == (KC_ALL & ~KC_HELP)) return "";
  if (w == KC_STEPS) return " (steps)";
  if (w == KC_FOLDS) return " (trace lists, steps)";
  if (w == KC_TRACE_ANY) return " (where a trace is selected)";
  return "";
}

static void key_make_help(void) {
  for (size_t h = 0; h < KEY_NHELP; h++) {
    key_action a = key_help_order[h];
    char keys[80] = "";
    size_t kl = 0;
    unsigned where = 0;
    for (size_t i = 0; i < KEY_NBIND; i++) {
      if (key_table[i].action != a) continue;
      where |= key_table[i].where;
      if (strstr(keys, key_table[i].label) &&
          !strcmp(key_table[i].label, "Enter"))
        continue; /* Enter has three codes */
      int k = snprintf(keys + kl, sizeof keys - kl, "%s%s", kl ? " " : "",
                       key_table[i].label);
      if (k > 0 && (size_t)k < sizeof keys - kl) kl += (size_t)k;
    }
    const char *help = "";
    for (size_t i = 0; i < KEY_NINFO; i++)
      if (key_info[i].action == a) help = key_info[i].help;
    snprintf(key_help_text[h], sizeof key_help_text[h], "  %-22s %s%s", keys,
             help, key_where(where));
  }
  key_help_made = true;
}

size_t key_help_count(void) { return KEY_HELP_HEAD + KEY_NHELP; }

const char *key_help_line(size_t i) {
  if (i == 0) return "erep browse: keys (q, h or Esc closes this help)";
  if (i == 1) return "";
  if (!key_help_made) key_make_help();
  i -= KEY_HELP_HEAD;
  return i < KEY_NHELP ? key_help_text[i] : "";
}

static const char *key_first(key_action a, unsigned ctx) {
  for (size_t i = 0; i < KEY_NBIND; i++)
    if (key_table[i].action == a && (key_table[i].where & ctx))
      return key_table[i].label;
  return NULL;
}

void key_hints(unsigned ctx, char *buf, size_t len, int width) {
  size_t at = 0;
  buf[0] = 0;
  for (size_t i = 0; i < KEY_NINFO; i++) {
    if (!key_info[i].hint || !(key_info[i].hint_where & ctx)) continue;
    const char *k = key_first(key_info[i].action, ctx);
    if (!k) continue;
    const char *k2 = key_info[i].pair ? key_first(key_info[i].pair, ctx) : NULL;
    const char *word = key_info[i].hint;
    /* q quits on the first screen and goes back elsewhere */
    if (key_info[i].action == KA_CLOSE)
      word = ctx & (KC_COMP | KC_TRACES) ? "quit" : "back";
    char item[64];
    int n = snprintf(item, sizeof item, "%s%s%s %s", k, k2 ? "/" : "",
                     k2 ? k2 : "", word);
    if (n < 0) continue;
    /* labels and words are ASCII: bytes are columns */
    if ((int)(at + (at ? 2 : 0) + (size_t)n) > width ||
        at + (size_t)n + 3 > len)
      continue; /* a shorter one further on may fit */
    at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? "  " : "", item);
  }
}
