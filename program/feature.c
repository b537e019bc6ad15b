#include "feature.h"

#include <string.h>

static bool ft_expr_calls(const ex *x, bool (*pick)(const char *, void *),
                          void *arg) {
  if (!x) return false;
  if (x->kind == EX_CALL && x->func_name && pick(x->func_name, arg))
    return true;
  if (ft_expr_calls(x->a, pick, arg) || ft_expr_calls(x->b, pick, arg) ||
      ft_expr_calls(x->c, pick, arg))
    return true;
  for (unsigned i = 0; x->args && i < x->nargs; i++)
    if (ft_expr_calls(x->args[i], pick, arg)) return true;
  return false;
}

bool ft_edge_calls(const cfa_edge *e, bool (*pick)(const char *, void *),
                   void *arg) {
  switch (e->kind) {
  case CFA_BLOCK:
    for (size_t i = 0; i < e->nblock; i++)
      if (ft_edge_calls(e->block[i], pick, arg)) return true;
    return false;
  case CFA_CALL:
    if (e->callee && pick(e->callee->name, arg)) return true;
    return ft_expr_calls(e->expr, pick, arg);
  case CFA_STATEMENT:
  case CFA_DECLARATION:
    return ft_expr_calls(e->expr, pick, arg);
  default:
    return false;
  }
}

/* the verifier's own functions and main are no features */
static bool ft_own(const char *name) {
  static const char *const own[] = {"main", "reach_error", "abort", "exit",
                                    "__assert_fail", "__assert_rtn",
                                    "__assert", "assert", "assume_abort_if_not"};
  if (!strncmp(name, "__VERIFIER_", 11)) return true;
  for (size_t i = 0; i < sizeof own / sizeof *own; i++)
    if (!strcmp(name, own[i])) return true;
  return false;
}

typedef struct {
  VEC(ft_function) all;
  const cfa *g;
  unsigned line;
} ft_collect;

static bool ft_note(const char *name, void *arg) {
  ft_collect *c = arg;
  if (ft_own(name)) return false;
  for (size_t i = 0; i < c->all.len; i++)
    if (!strcmp(c->all.data[i].name, name)) {
      c->all.data[i].calls++;
      return false;
    }
  bool defined = false;
  for (size_t i = 0; i < c->g->functions.len && !defined; i++)
    defined = !strcmp(c->g->functions.data[i]->name, name);
  ft_function f = {name, defined, 1, c->line};
  VEC_PUSH(c->all, f);
  return false; /* on: every call of the edge is noted */
}

size_t ft_called(const cfa *g, ft_function **out) {
  ft_collect c = {.g = g};
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    c.line = e->loc.line;
    (void)ft_edge_calls(e, ft_note, &c);
  }
  *out = c.all.data;
  return c.all.len;
}

const ft_function *ft_find(const ft_function *fs, size_t n, const char *name) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(fs[i].name, name)) return &fs[i];
  return NULL;
}
