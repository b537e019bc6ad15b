/* sbuf: a growable NUL-terminated string. `sbuf b = {0};` is empty; the
 * buffer belongs to b until sb_take hands it over (mem_free it) or sb_free
 * releases it. */
#ifndef EREP_SBUF_H
#define EREP_SBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct {
  char *s; /* NULL until something is added; then always NUL-terminated */
  size_t len, cap;
} sbuf;

void sb_putn(sbuf *b, const char *s, size_t n);
void sb_put(sbuf *b, const char *s);
void sb_putc(sbuf *b, char c);
void sb_printf(sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The text ("" when empty), now the caller's (mem_free); b is empty. */
char *sb_take(sbuf *b);
void sb_free(sbuf *b);

#endif
