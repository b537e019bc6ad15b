#include "config.h"

#include "filter.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const flt_comp_names[] = {"safe", "frontier", "unknown",
                                             "undefined", "all"};

static bool flt_lines(const char *w, unsigned *lo, unsigned *hi) {
  char *end;
  errno = 0;
  unsigned long a = strtoul(w, &end, 10), b = a;
  if (end == w || *w == '-' || *w == '+' || errno || a == 0 || a > 99999999)
    return false;
  if (*end == '-') {
    const char *s = end + 1;
    if (*s < '0' || *s > '9') return false;
    b = strtoul(s, &end, 10);
    if (errno || b < a || b > 99999999) return false;
  }
  if (*end) return false;
  *lo = (unsigned)a;
  *hi = (unsigned)b;
  return true;
}

static bool flt_ident(const char *w) {
  if (!*w) return false;
  for (const char *c = w; *c; c++)
    if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
          (c > w && *c >= '0' && *c <= '9')))
      return false;
  return true;
}

bool flt_parse(const char *text, flt_filter *f, char *err, size_t errlen) {
  flt_filter n;
  memset(&n, 0, sizeof n);
  n.comp = FLT_NONE;
  size_t tl = strlen(text);
  if (tl >= sizeof n.text) {
    snprintf(err, errlen, "filter too long (at most %zu characters)",
             sizeof n.text - 1);
    return false;
  }
  char buf[sizeof n.text];
  memcpy(buf, text, tl + 1);
  char *save = NULL;
  size_t out = 0;
  for (char *w = strtok_r(buf, " \t", &save); w;
       w = strtok_r(NULL, " \t", &save)) {
    char *v = w;
    int forced = 0; /* 1 fn:, 2 line:, 3 comp: */
    if (!strncmp(w, "fn:", 3)) forced = 1, v = w + 3;
    if (!strncmp(w, "line:", 5)) forced = 2, v = w + 5;
    if (!strncmp(w, "comp:", 5)) forced = 3, v = w + 5;
    int comp = FLT_NONE;
    for (int k = 0; k <= FLT_ALL; k++)
      if (!strcmp(v, flt_comp_names[k])) comp = k;
    bool ok = false;
    if ((forced == 0 || forced == 3) && comp != FLT_NONE) {
      n.comp = comp;
      ok = true;
    } else if ((forced == 0 || forced == 2) && flt_lines(v, &n.lo, &n.hi)) {
      ok = true;
    } else if ((forced == 0 || forced == 1) && flt_ident(v) &&
               strlen(v) < sizeof n.fn) {
      strcpy(n.fn, v);
      ok = true;
    }
    if (!ok) {
      snprintf(err, errlen,
               "filter: '%.40s' is not a function name, line range (12 or "
               "10-20) or component (safe, frontier, unknown, undefined, all)",
               w);
      return false;
    }
    /* the text as normalised words, for titles */
    int k =
        snprintf(n.text + out, sizeof n.text - out, "%s%s", out ? " " : "", w);
    if (k > 0) out += (size_t)k;
  }
  *f = n;
  return true;
}

bool flt_active(const flt_filter *f) { return f->fn[0] || f->hi; }

static bool flt_place(const flt_filter *f, const char *fn, unsigned line) {
  if (f->fn[0] && (!fn || !strstr(fn, f->fn))) return false;
  if (f->hi && (line < f->lo || line > f->hi)) return false;
  return true;
}

bool flt_trace(const flt_filter *f, const rep_trace *t) {
  return flt_place(f, t->end_function, t->end_line);
}

bool flt_step(const flt_filter *f, const rep_step *s) {
  return flt_place(f, s->function, s->line);
}

int flt_comp_of(const rep_trace *t) {
  if (t->undefined) return FLT_UNDEFINED;
  if (!t->feasible) return FLT_UNKNOWN;
  return t->component == REP_SAFE ? FLT_SAFE : FLT_FRONTIER;
}

bool flt_number(const char *text, bool spaces, unsigned long *n) {
  const char *s = text;
  while (spaces && *s == ' ')
    s++;
  const char *digits = s;
  *n = 0;
  for (; *s >= '0' && *s <= '9'; s++) {
    if (s - digits >= 9) return false;
    *n = *n * 10 + (unsigned long)(*s - '0');
  }
  bool any = s > digits;
  while (spaces && *s == ' ')
    s++;
  return any && !*s;
}
