/* esc: the one escaping routine for text that erep did not write itself
 * (program source, automaton text, report fields, file names) on its way
 * to a terminal, a text file or a JSON string.
 *
 * Terminal and text output (esc_text): C0 controls, DEL, C1 controls and
 * the Unicode bidirectional controls become visible sequences, and so
 * does every byte that is not part of valid UTF-8; valid UTF-8 stays as
 * it is. Such text can then neither drive a terminal (escape sequences,
 * window titles, bells) nor reorder what is shown around it.
 *
 *   \a \b \t \n \v \f \r \e   the usual C0 controls
 *   \xNN                      any other C0 control, DEL, an invalid byte
 *   \uNNNN                    a C1 control or a bidirectional control
 *
 * JSON strings (esc_utf8): jansson takes only valid UTF-8 and refuses the
 * whole string otherwise; only invalid bytes are replaced (\xNN) there,
 * since the JSON writer escapes control characters itself. */
#ifndef EREP_ESC_H
#define EREP_ESC_H

#include <stdbool.h>
#include <stdio.h>

#define ESC_KEEP_TAB 1u  /* a tab passes unchanged */
#define ESC_KEEP_NL 2u   /* a newline passes unchanged (multi-line text) */
#define ESC_QUOTE 4u     /* also \" and \\: the text between double quotes */
#define ESC_UTF8_ONLY 8u /* only invalid bytes are escaped (esc_utf8) */

/* The escaped text of s (NULL gives NULL), allocated (mem_free). */
char *esc_text(const char *s, unsigned flags);
/* esc_text written to out. */
void esc_fputs(const char *s, unsigned flags, FILE *out);
/* A message formatted, then escaped as a whole and written; for error
 * messages that quote program, automaton or command-line text. A newline
 * that ends the message is written as it is. */
void esc_fprintf(FILE *out, unsigned flags, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Is s valid UTF-8 (and so acceptable to json_string as it is)? */
bool esc_utf8_valid(const char *s);
/* s with every byte outside valid UTF-8 written as \xNN: always valid
 * UTF-8 (NULL gives NULL), allocated (mem_free). */
char *esc_utf8(const char *s);

#endif
