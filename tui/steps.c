#include "config.h"

#include "steps.h"

#include <string.h>

static bool sp_kind(const rep_step *st, rep_step_kind k) {
  return st->kind == k;
}

bool sp_is_call(const sp_tree *s, size_t step) {
  return step < s->t->steps.len &&
         sp_kind(&s->t->steps.data[step], REP_STEP_CALL) &&
         s->end[step] > step + 1;
}

void sp_init(sp_tree *s, const rep_trace *t) {
  memset(s, 0, sizeof *s);
  s->t = t;
  size_t n = t->steps.len;
  s->depth = mem_calloc(n ? n : 1, sizeof *s->depth);
  s->end = mem_calloc(n ? n : 1, sizeof *s->end);
  s->folded = mem_calloc(n ? n : 1, 1);
  while (s->nglobals < n && !t->steps.data[s->nglobals].function)
    s->nglobals++;
  if (s->nglobals < 2) s->nglobals = 0;
  s->globals_folded = s->nglobals > 0;
  /* depth from the call and return kinds; the open calls on a stack give
   * each call the end of its callee's steps */
  VEC(size_t) open = {0};
  unsigned d = 0;
  for (size_t i = 0; i < n; i++) {
    const rep_step *st = &t->steps.data[i];
    s->depth[i] = d;
    s->end[i] = i + 1;
    if (sp_kind(st, REP_STEP_CALL)) {
      VEC_PUSH(open, i);
      d++;
    } else if (sp_kind(st, REP_STEP_RETURN) && d > 0) {
      /* the return step belongs to the callee: the call ends after it */
      size_t c = open.data[--open.len];
      s->end[c] = i + 1;
      d--;
    }
  }
  while (open.len) /* calls the trace never returns from */
    s->end[open.data[--open.len]] = n;
  VEC_FREE(open);
  for (size_t i = 0; i < n; i++)
    if (sp_is_call(s, i) && s->depth[i] + 1 > s->max_call_depth)
      s->max_call_depth = s->depth[i] + 1;
  s->level = s->max_call_depth;
  sp_rows(s, NULL);
}

void sp_free(sp_tree *s) {
  mem_free(s->depth);
  mem_free(s->end);
  mem_free(s->folded);
  VEC_FREE(s->rows);
  memset(s, 0, sizeof *s);
}

void sp_rows(sp_tree *s, const flt_filter *f) {
  size_t n = s->t->steps.len;
  s->rows.len = 0;
  s->filtered = f && flt_active(f);
  if (s->filtered) {
    for (size_t i = 0; i < n; i++)
      if (flt_step(f, &s->t->steps.data[i])) VEC_PUSH(s->rows, i);
    return;
  }
  size_t i = 0;
  if (s->nglobals) {
    VEC_PUSH(s->rows, SP_GLOBALS);
    if (s->globals_folded) i = s->nglobals;
  }
  while (i < n) {
    VEC_PUSH(s->rows, i);
    i = sp_is_call(s, i) && s->folded[i] ? s->end[i] : i + 1;
  }
}

size_t sp_row_of(const sp_tree *s, size_t step) {
  /* last row whose step is <= step; SP_GLOBALS sorts first */
  size_t lo = 0, hi = s->rows.len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    size_t r = s->rows.data[mid];
    if (r == SP_GLOBALS || r <= step)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo ? lo - 1 : 0;
}

void sp_set_level(sp_tree *s, unsigned level) {
  if (level > s->max_call_depth) level = s->max_call_depth;
  s->level = level;
  for (size_t i = 0; i < s->t->steps.len; i++)
    if (sp_is_call(s, i)) s->folded[i] = s->depth[i] >= level;
}

unsigned sp_level_less(const sp_tree *s) {
  /* one less than the deepest open call among the rows */
  unsigned deepest = 0;
  bool any = false;
  for (size_t k = 0; k < s->rows.len; k++) {
    size_t i = s->rows.data[k];
    if (i != SP_GLOBALS && sp_is_call(s, i) && !s->folded[i]) {
      any = true;
      if (s->depth[i] + 1 > deepest) deepest = s->depth[i] + 1;
    }
  }
  return any ? deepest - 1 : 0;
}

size_t sp_parent(const sp_tree *s, size_t step) {
  if (step == SP_GLOBALS || step >= s->t->steps.len) return SP_GLOBALS;
  unsigned d = s->depth[step];
  if (d == 0) return SP_GLOBALS;
  for (size_t j = step; j-- > 0;)
    if (s->depth[j] < d && sp_is_call(s, j) && s->end[j] > step) return j;
  return SP_GLOBALS;
}

size_t sp_toggle(sp_tree *s, size_t step) {
  if (step == SP_GLOBALS ||
      (step < s->nglobals && s->nglobals && !s->filtered)) {
    if (!s->nglobals) return step;
    s->globals_folded = !s->globals_folded;
    return SP_GLOBALS;
  }
  if (sp_is_call(s, step)) {
    s->folded[step] = !s->folded[step];
    return step;
  }
  size_t p = sp_parent(s, step);
  if (p == SP_GLOBALS) return step;
  s->folded[p] = 1;
  return p;
}

void sp_reveal(sp_tree *s, size_t step) {
  if (step == SP_GLOBALS || step >= s->t->steps.len) return;
  if (step < s->nglobals) s->globals_folded = false;
  for (size_t p = sp_parent(s, step); p != SP_GLOBALS; p = sp_parent(s, p))
    s->folded[p] = 0;
}
