#include "config.h"

#include "search.h"

#include <string.h>

static unsigned char se_lower(unsigned char c) {
  return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

se_pattern se_make(const char *pat) {
  se_pattern p = {pat, pat ? strlen(pat) : 0, true};
  for (size_t i = 0; i < p.len; i++)
    if (pat[i] >= 'A' && pat[i] <= 'Z') p.icase = false;
  return p;
}

long se_find(const se_pattern *p, const char *s, size_t n, size_t from) {
  if (!p->len || n < p->len) return -1;
  const unsigned char *u = (const unsigned char *)s,
                      *q = (const unsigned char *)p->pat;
  for (size_t i = from; i + p->len <= n; i++) {
    size_t k = 0;
    if (p->icase)
      while (k < p->len && se_lower(u[i + k]) == se_lower(q[k]))
        k++;
    else
      while (k < p->len && u[i + k] == q[k])
        k++;
    if (k == p->len) return (long)i;
  }
  return -1;
}

bool se_in(const se_pattern *p, const char *s) {
  return s && se_find(p, s, strlen(s), 0) >= 0;
}
