/* search: the text matching behind `/`, n and N and the highlighting of
 * matches. A pattern is a plain substring; it ignores ASCII case unless it
 * has an uppercase letter (smart case, as in less -i and vim). */
#ifndef EREP_TUI_SEARCH_H
#define EREP_TUI_SEARCH_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *pat; /* NULL or "": no pattern */
  size_t len;
  bool icase;
} se_pattern;

/* A pattern over pat (not copied). */
se_pattern se_make(const char *pat);
/* Offset of the first match in s[from, n), or -1. */
long se_find(const se_pattern *p, const char *s, size_t n, size_t from);
/* Does s (NUL-terminated; NULL is empty) contain a match? */
bool se_in(const se_pattern *p, const char *s);

#endif
