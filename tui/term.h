/* term: the curses session of the browser, and the promise that the
 * terminal is given back as it was on every way out: term_stop on a
 * normal exit; a handler for SIGINT, SIGTERM, SIGHUP and SIGQUIT and for
 * the crash signals (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) that writes
 * the terminal's own reset strings (leave the alternate screen, show the
 * cursor, attributes off, keypad off) and the saved tty modes with
 * async-signal-safe calls only, then dies of the same signal.
 *
 * Attributes are named by role (TA_*); colours only when the terminal has
 * them and NO_COLOR is not set. */
#ifndef EREP_TUI_TERM_H
#define EREP_TUI_TERM_H

#include <curses.h>
#include <stdbool.h>

typedef enum {
  TA_NORMAL,
  TA_HEADER,
  TA_TITLE,       /* title row of a pane without focus */
  TA_TITLE_FOCUS, /* ... with focus */
  TA_SELECT,      /* cursor row, pane with focus */
  TA_SELECT_IDLE, /* cursor row, pane without focus */
  TA_HINT_KEY,
  TA_ERROR,
  TA_SAFE,
  TA_FRONTIER,
  TA_UNKNOWN,
  TA_VERIFIED,
  TA_UNEXPLORED,
  TA_ONTRACE,
  TA_VISITED,
  TA_DIM,
  TA_ESCAPE, /* the visible form of a sanitised byte */
  TA_MATCH,  /* search matches */
  TA_MARK,   /* lines of the open trace */
  TA__COUNT
} term_attr_id;

/* Start curses on stdin/stdout; -1 with *err (mem_free) when the terminal
 * cannot be used. */
int term_start(char **err);
/* Give the terminal back (idempotent). */
void term_stop(void);
attr_t term_attr(term_attr_id a);
/* The locale's encoding is UTF-8 (else only ASCII is drawn). */
bool term_utf8(void);

#endif
