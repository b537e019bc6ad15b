#include "config.h"

#include "text.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

/* Decode one UTF-8 sequence strictly (no overlong forms, surrogates or
 * values past U+10FFFF); 0 when s does not start one. */
static size_t tx_utf8(const unsigned char *s, size_t n, uint32_t *cp) {
  unsigned c = s[0];
  size_t len;
  uint32_t min;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2, *cp = c & 0x1F, min = 0x80;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3, *cp = c & 0x0F, min = 0x800;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4, *cp = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (n < len) return 0;
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    *cp = (*cp << 6) | (s[i] & 0x3F);
  }
  if (*cp < min || *cp > 0x10FFFF || (*cp >= 0xD800 && *cp <= 0xDFFF)) return 0;
  return len;
}

/* Characters that are printable to wcwidth but change how the text around
 * them reads: C1 controls, bidi embeddings and isolates (Trojan Source),
 * zero-width and other invisible format characters, line and paragraph
 * separators, the byte-order mark, interlinear annotation and tags. */
static bool tx_invisible(uint32_t c) {
  return (c >= 0x80 && c <= 0x9F) || (c >= 0x200B && c <= 0x200F) ||
         (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x206F) ||
         c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFB) ||
         (c >= 0xE0000 && c <= 0xE007F) || c == 0x061C || c == 0x180E;
}

/* The visible form: caret notation (C0, DEL), <XX> (a byte that is not
 * text) or <U+XXXX> (a code point). */
typedef enum { TX_CARET, TX_BYTE, TX_CODE } tx_form;

static void tx_show(tx_piece *p, tx_kind kind, tx_form form, unsigned v) {
  int k = form == TX_CARET  ? snprintf(p->out, sizeof p->out, "^%c", v)
          : form == TX_BYTE ? snprintf(p->out, sizeof p->out, "<%02X>", v)
                            : snprintf(p->out, sizeof p->out, "<U+%04X>", v);
  p->kind = kind;
  p->len = p->width = (unsigned)k;
}

size_t tx_next(const char *s, size_t n, bool utf8, tx_piece *p) {
  const unsigned char *u = (const unsigned char *)s;
  unsigned c = u[0];
  if (c == '\t' || c == '\n' || c == '\r') {
    tx_show(p, c == '\t' ? TX_TAB : TX_NEWLINE, TX_CARET, c + 64);
    return 1;
  }
  if (c < 0x20 || c == 0x7F) {
    tx_show(p, TX_ESCAPE, TX_CARET, c == 0x7F ? '?' : c + 64);
    return 1;
  }
  if (c < 0x80) {
    p->kind = TX_CHAR;
    p->out[0] = (char)c;
    p->len = p->width = 1;
    return 1;
  }
  uint32_t cp = 0;
  size_t len = utf8 ? tx_utf8(u, n, &cp) : 0;
  if (!len) {
    tx_show(p, TX_ESCAPE, TX_BYTE, c);
    return 1;
  }
  int w = tx_invisible(cp) ? -1 : wcwidth((wchar_t)cp);
  if (w <= 0) {
    /* zero-width characters would also make column counts lie */
    tx_show(p, TX_ESCAPE, TX_CODE, cp);
    return len;
  }
  p->kind = TX_CHAR;
  memcpy(p->out, s, len);
  p->len = (unsigned)len;
  p->width = (unsigned)w;
  return len;
}
