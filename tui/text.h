/* text: untrusted bytes as pieces that are safe to put on a terminal.
 *
 * Program text and every string in a report come from files the user did
 * not write: a string literal may hold an escape sequence that retitles the
 * window, moves the cursor or rewrites the screen. The browser draws no
 * byte that has not come through tx_next, which passes printable
 * characters of the terminal's encoding and turns everything else into a
 * visible form:
 *   C0 controls and DEL                caret notation: ESC ^[  BEL ^G  DEL ^?
 *   C1 controls, bidi and invisible    <U+009B>, <U+202E>
 *   format characters, and characters
 *   the locale calls unprintable
 *   bytes that are not UTF-8 (every    <FF>
 *   byte >= 0x80 in a non-UTF-8 locale)
 * Tabs, newlines and carriage returns come back as kinds of their own so
 * that the caller can expand or fold them; their visible form is ready too.
 *
 * This is the one place that decides what is safe on the screen: callers
 * use nothing but tx_next. (lib/esc, the escaping of files and stderr,
 * writes \e and \xNN instead; the screen uses the forms above.) */
#ifndef EREP_TUI_TEXT_H
#define EREP_TUI_TEXT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { TX_CHAR, TX_ESCAPE, TX_TAB, TX_NEWLINE } tx_kind;

typedef struct {
  tx_kind kind;
  unsigned width; /* columns that `out` takes */
  unsigned len;   /* bytes in out */
  char out[12];   /* the character's own bytes, or its visible form */
} tx_piece;

/* The piece that starts at s (n > 0 bytes left); returns the number of
 * bytes it consumed (at least 1). `utf8`: the terminal takes UTF-8 (else
 * only ASCII passes). Character widths come from the locale (wcwidth). */
size_t tx_next(const char *s, size_t n, bool utf8, tx_piece *p);

#endif
