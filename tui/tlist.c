#include "config.h"

#include "tlist.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int tl_strcmp(const char *a, const char *b) {
  if (!a || !b) return (a != NULL) - (b != NULL);
  return strcmp(a, b);
}

/* the number in an id such as "F12" or "UB3", for discovery order */
static unsigned long tl_idnum(const rep_trace *t) {
  const char *p = t->id;
  while (*p && (*p < '0' || *p > '9'))
    p++;
  return strtoul(p, NULL, 10);
}

/* What a trace is grouped under: its end function; a trace that reaches
 * undefined behaviour, what is undefined and where (its reason). */
static const char *tl_group_name(const rep_trace *t) {
  return t->undefined ? t->reason : t->end_function;
}

static int tl_cmp_place(const void *pa, const void *pb) {
  const rep_trace *a = *(const rep_trace *const *)pa,
                  *b = *(const rep_trace *const *)pb;
  int c = tl_strcmp(tl_group_name(a), tl_group_name(b));
  if (c) return c;
  if (a->end_line != b->end_line) return a->end_line < b->end_line ? -1 : 1;
  int ka = flt_comp_of(a), kb = flt_comp_of(b);
  if (ka != kb) return ka < kb ? -1 : 1;
  unsigned long ia = tl_idnum(a), ib = tl_idnum(b);
  return ia < ib ? -1 : ia > ib;
}

typedef struct {
  unsigned line; /* smallest end line of the group */
  size_t group;
} tl_key;

static int tl_cmp_key(const void *pa, const void *pb) {
  const tl_key *a = pa, *b = pb;
  if (a->line != b->line) return a->line < b->line ? -1 : 1;
  return a->group < b->group ? -1 : a->group > b->group;
}

void tl_build(tl_list *l, const rep_trace *const *ts, size_t n,
              const flt_filter *f, bool grouped) {
  /* remember folded groups by function */
  VEC(const char *) folded = {0};
  for (size_t g = 0; g < l->groups.len; g++)
    if (l->groups.data[g].folded) VEC_PUSH(folded, l->groups.data[g].function);
  l->grouped = grouped;
  l->traces.len = l->groups.len = l->rows.len = 0;
  for (size_t i = 0; i < n; i++)
    if (!f || flt_trace(f, ts[i])) VEC_PUSH(l->traces, ts[i]);
  if (grouped && l->traces.len) {
    qsort(l->traces.data, l->traces.len, sizeof *l->traces.data, tl_cmp_place);
    for (size_t i = 0; i < l->traces.len; i++) {
      const char *fn = tl_group_name(l->traces.data[i]);
      if (!l->groups.len ||
          tl_strcmp(l->groups.data[l->groups.len - 1].function, fn)) {
        tl_group g = {fn, i, 0, false};
        for (size_t k = 0; k < folded.len; k++)
          if (!tl_strcmp(folded.data[k], fn)) g.folded = true;
        VEC_PUSH(l->groups, g);
      }
      l->groups.data[l->groups.len - 1].count++;
    }
    /* groups in source order: by the smallest end line in each */
    size_t ng = l->groups.len;
    tl_key *keys = mem_alloc(ng * sizeof *keys);
    for (size_t g = 0; g < ng; g++) {
      const tl_group *k = &l->groups.data[g];
      keys[g].line = UINT32_MAX;
      keys[g].group = g;
      for (size_t i = k->first; i < k->first + k->count; i++)
        if (l->traces.data[i]->end_line < keys[g].line)
          keys[g].line = l->traces.data[i]->end_line;
    }
    qsort(keys, ng, sizeof *keys, tl_cmp_key);
    const rep_trace **traces = mem_alloc(l->traces.len * sizeof *traces);
    tl_group *groups = mem_alloc(ng * sizeof *groups);
    size_t at = 0;
    for (size_t g = 0; g < ng; g++) {
      tl_group k = l->groups.data[keys[g].group];
      memcpy(traces + at, l->traces.data + k.first, k.count * sizeof *traces);
      k.first = at;
      at += k.count;
      groups[g] = k;
    }
    memcpy(l->traces.data, traces, at * sizeof *traces);
    memcpy(l->groups.data, groups, ng * sizeof *groups);
    mem_free(traces);
    mem_free(groups);
    mem_free(keys);
  }
  VEC_FREE(folded);
  tl_rows(l);
}

void tl_free(tl_list *l) {
  VEC_FREE(l->traces);
  VEC_FREE(l->groups);
  VEC_FREE(l->rows);
}

void tl_rows(tl_list *l) {
  l->rows.len = 0;
  if (!l->grouped) {
    for (size_t i = 0; i < l->traces.len; i++) {
      tl_row r = {false, i};
      VEC_PUSH(l->rows, r);
    }
    return;
  }
  for (size_t g = 0; g < l->groups.len; g++) {
    tl_row h = {true, g};
    VEC_PUSH(l->rows, h);
    if (l->groups.data[g].folded) continue;
    for (size_t i = 0; i < l->groups.data[g].count; i++) {
      tl_row r = {false, l->groups.data[g].first + i};
      VEC_PUSH(l->rows, r);
    }
  }
}

const rep_trace *tl_trace_at(const tl_list *l, size_t row) {
  if (row >= l->rows.len || l->rows.data[row].is_group) return NULL;
  return l->traces.data[l->rows.data[row].index];
}

size_t tl_group_of(const tl_list *l, size_t i) {
  for (size_t g = 0; g < l->groups.len; g++)
    if (i >= l->groups.data[g].first &&
        i < l->groups.data[g].first + l->groups.data[g].count)
      return g;
  return SIZE_MAX;
}

size_t tl_reveal(tl_list *l, size_t i) {
  if (i >= l->traces.len) return SIZE_MAX;
  size_t g = tl_group_of(l, i);
  if (g != SIZE_MAX && l->groups.data[g].folded) {
    l->groups.data[g].folded = false;
    tl_rows(l);
  }
  for (size_t r = 0; r < l->rows.len; r++)
    if (!l->rows.data[r].is_group && l->rows.data[r].index == i) return r;
  return SIZE_MAX;
}
