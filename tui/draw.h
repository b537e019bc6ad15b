/* draw: text on the screen, clipped to a width, through text.h only, so
 * no byte of a program or a report reaches the terminal unsanitised.
 * Sanitised bytes show in TA_ESCAPE; matches of a search pattern in
 * TA_MATCH. Text that does not fit ends in an ellipsis. */
#ifndef EREP_TUI_DRAW_H
#define EREP_TUI_DRAW_H

#include "search.h"
#include "term.h"

#include <stddef.h>

typedef enum {
  DR_LINE,  /* one line: runs of white space with a tab or newline in them
               become one space */
  DR_SOURCE /* a source line: tabs expand to 8 columns */
} dr_mode;

/* Draw s[0..n) at (y, x) in at most w columns with attr; returns the
 * columns used. hl may be NULL. */
int dr_text(int y, int x, int w, const char *s, size_t n, attr_t attr,
            dr_mode mode, const se_pattern *hl);
int dr_str(int y, int x, int w, const char *s, attr_t attr);
int dr_printf(int y, int x, int w, attr_t attr, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* s[0..n) over at most `rows` rows of w columns from (y, x), broken at
 * spaces where a row allows (DR_LINE); what does not fit ends the last row
 * in an ellipsis. Returns the rows used. */
int dr_wrap(int y, int x, int w, int rows, const char *s, size_t n,
            attr_t attr, const se_pattern *hl);
/* Columns that s takes in DR_LINE mode (at most `max`). */
int dr_width(const char *s, int max);
/* Spaces over w columns. */
void dr_fill(int y, int x, int w, attr_t attr);
/* Lines between panes (box-drawing characters in UTF-8, else | and -). */
void dr_vline(int y, int x, int h, attr_t attr);
void dr_hline(int y, int x, int w, attr_t attr);

#endif
