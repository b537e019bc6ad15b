#include "esc.h"

#include "lib/mem.h"
#include "lib/sbuf.h"

#include <stdarg.h>
#include <stdint.h>
#include <string.h>

/* Length (1 to 4) of the valid UTF-8 sequence at s, with its code point in
 * *cp, or 0 when the byte at s does not start one (stray continuation
 * byte, overlong form, surrogate, above U+10FFFF, cut short). The string
 * ends at its NUL, which is never a continuation byte. */
static unsigned esc_decode(const unsigned char *s, uint32_t *cp) {
  unsigned char c = s[0];
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  unsigned n;
  unsigned char lo = 0x80, hi = 0xbf; /* range of the second byte */
  if (c >= 0xc2 && c <= 0xdf) {
    n = 2;
    *cp = c & 0x1f;
  } else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    *cp = c & 0x0f;
    if (c == 0xe0) lo = 0xa0; /* overlong */
    if (c == 0xed) hi = 0x9f; /* surrogates */
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    *cp = c & 0x07;
    if (c == 0xf0) lo = 0x90; /* overlong */
    if (c == 0xf4) hi = 0x8f; /* above U+10FFFF */
  } else
    return 0;
  for (unsigned i = 1; i < n; i++) {
    unsigned char b = s[i];
    if (i == 1 ? b < lo || b > hi : b < 0x80 || b > 0xbf) return 0;
    *cp = *cp << 6 | (b & 0x3f);
  }
  return n;
}

/* Code points shown as \uNNNN although valid: C1 controls (some terminals
 * act on them like ESC sequences) and the bidirectional controls that
 * reorder the text displayed around them. */
static bool esc_hidden(uint32_t cp) {
  return (cp >= 0x80 && cp <= 0x9f) || cp == 0x61c || cp == 0x200e ||
         cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

/* The C0 controls with a letter of their own. */
static char esc_letter(unsigned char c) {
  switch (c) {
  case '\a':
    return 'a';
  case '\b':
    return 'b';
  case '\t':
    return 't';
  case '\n':
    return 'n';
  case '\v':
    return 'v';
  case '\f':
    return 'f';
  case '\r':
    return 'r';
  case 0x1b:
    return 'e';
  default:
    return 0;
  }
}

char *esc_text(const char *s, unsigned flags) {
  if (!s) return NULL;
  sbuf b = {0};
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    /* copy the longest run that needs nothing */
    const unsigned char *q = p;
    uint32_t cp = 0;
    unsigned n = 0;
    for (; *q; q += n) {
      n = esc_decode(q, &cp);
      if (!n) break;
      if (flags & ESC_UTF8_ONLY) continue;
      if (cp < 0x20 || cp == 0x7f || esc_hidden(cp)) break;
      if ((flags & ESC_QUOTE) && (cp == '"' || cp == '\\')) break;
    }
    sb_putn(&b, (const char *)p, (size_t)(q - p));
    p = q;
    if (!*p) break;
    char e[16];
    if (!n) { /* invalid byte */
      snprintf(e, sizeof e, "\\x%02x", *p);
      n = 1;
    } else if ((cp == '\t' && (flags & ESC_KEEP_TAB)) ||
               (cp == '\n' && (flags & ESC_KEEP_NL))) {
      e[0] = (char)cp;
      e[1] = 0;
    } else if (cp == '"' || cp == '\\') {
      e[0] = '\\';
      e[1] = (char)cp;
      e[2] = 0;
    } else if (cp < 0x80 && esc_letter((unsigned char)cp)) {
      e[0] = '\\';
      e[1] = esc_letter((unsigned char)cp);
      e[2] = 0;
    } else if (cp < 0x80)
      snprintf(e, sizeof e, "\\x%02x", (unsigned)cp);
    else
      snprintf(e, sizeof e, "\\u%04x", (unsigned)cp);
    sb_put(&b, e);
    p += n;
  }
  return sb_take(&b);
}

void esc_fputs(const char *s, unsigned flags, FILE *out) {
  char *e = esc_text(s ? s : "", flags);
  fputs(e, out);
  mem_free(e);
}

void esc_fprintf(FILE *out, unsigned flags, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  size_t n = strlen(m);
  bool nl = n && m[n - 1] == '\n';
  if (nl) m[n - 1] = 0;
  esc_fputs(m, flags, out);
  if (nl) fputc('\n', out);
  mem_free(m);
}

bool esc_utf8_valid(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  uint32_t cp;
  for (unsigned n; *p; p += n)
    if (!(n = esc_decode(p, &cp))) return false;
  return true;
}

char *esc_utf8(const char *s) { return esc_text(s, ESC_UTF8_ONLY); }
