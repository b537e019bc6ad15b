#include "sbuf.h"

#include "lib/mem.h"

#include <stdio.h>
#include <string.h>

static void sb_room(sbuf *b, size_t n) {
  if (b->len + n + 1 <= b->cap) return;
  size_t cap = b->cap ? b->cap : 32;
  while (cap < b->len + n + 1)
    cap *= 2;
  b->s = mem_realloc(b->s, cap);
  b->cap = cap;
}

void sb_putn(sbuf *b, const char *s, size_t n) {
  sb_room(b, n);
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}

void sb_put(sbuf *b, const char *s) { sb_putn(b, s, strlen(s)); }

void sb_putc(sbuf *b, char c) { sb_putn(b, &c, 1); }

void sb_printf(sbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = mem_vprintf(fmt, ap);
  va_end(ap);
  sb_put(b, s);
  mem_free(s);
}

char *sb_take(sbuf *b) {
  char *s = b->s ? b->s : mem_strdup("");
  b->s = 0;
  b->len = b->cap = 0;
  return s;
}

void sb_free(sbuf *b) {
  mem_free(b->s);
  b->s = 0;
  b->len = b->cap = 0;
}
