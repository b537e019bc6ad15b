/* Unit tests of large-block encoding: the summarisation rules (program/lbe.h)
 * on small programs, the encoding of a block as one step (smt/smt.h),
 * checked against its paths one by one, expansion back to statements, and
 * undo symmetry. Solver checks have no time limit (the programs are small;
 * a limit would fail the tests on a slow machine or under valgrind). */
#include "tbuild.h"
#include "program/cfa.h"
#include "program/lbe.h"
#include "smt/smt.h"
#include "smt/smt_formula.h"
#include "lib/mem.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <z3.h>

#define DECLS                                                                  \
  "extern int __VERIFIER_nondet_int(void);\n"                                  \
  "extern void __VERIFIER_assume(int);\n"                                      \
  "extern void reach_error(void);\n"


static cfa *summarise(const cfa *g) {
  char *err = 0;
  cfa *h = lbe_summarise(g, &err);
  if (!h) ck_abort_msg("lbe_summarise failed: %s", err);
  return h;
}

/* Nodes of h left in function f (NULL: the global chain). */
static size_t nodes_in(const cfa *h, const cfa_function *f) {
  size_t k = 0;
  for (size_t i = 0; i < h->nodes.len; i++)
    k += !h->nodes.data[i]->absorbed && h->nodes.data[i]->function == f;
  return k;
}

static size_t edges_in(const cfa *h, const cfa_function *f) {
  size_t k = 0;
  for (size_t i = 0; i < h->edges.len; i++)
    k += h->edges.data[i]->from->function == f;
  return k;
}

static size_t orig_edges_in(const cfa *g, const cfa_function *f) {
  size_t k = 0;
  for (size_t i = 0; i < g->edges.len; i++)
    k += g->edges.data[i]->from->function &&
         !strcmp(g->edges.data[i]->from->function->name, f->name);
  return k;
}

/* Every block is a DAG from its source in the stated order, of edges of g;
 * every edge of h leaves and enters nodes that are not absorbed. */
static void check_shape(const cfa *g, const cfa *h) {
  ck_assert_uint_eq(h->nodes.len, g->nodes.len);
  for (size_t i = 0; i < h->nodes.len; i++) {
    ck_assert_uint_eq(h->nodes.data[i]->id, i);
    ck_assert_ptr_eq(h->nodes.data[i]->orig, g->nodes.data[i]);
  }
  for (size_t i = 0; i < h->edges.len; i++) {
    const cfa_edge *e = h->edges.data[i];
    ck_assert_uint_eq(e->id, i);
    ck_assert(!e->from->absorbed && !e->to->absorbed);
    ck_assert(!e->from->is_error); /* rule 0 */
    if (e->kind != CFA_BLOCK) {
      ck_assert_ptr_nonnull(e->orig);
      ck_assert_ptr_eq(e->orig->from, e->from->orig);
      ck_assert_ptr_eq(e->orig->to, e->to->orig);
      continue;
    }
    ck_assert_uint_ge(e->nblock, 2);
    ck_assert_str_eq(e->raw, "");
    char *seen = mem_calloc(g->nodes.len, 1);
    seen[e->from->id] = 1;
    for (size_t k = 0; k < e->nblock; k++) {
      const cfa_edge *b = e->block[k];
      ck_assert_ptr_eq(g->edges.data[b->id], b);
      ck_assert_msg(seen[b->from->id], "block edge %zu before its source", k);
      ck_assert(b->kind != CFA_CALL && b->kind != CFA_RETURN);
      /* its source's edges into it all come earlier */
      for (size_t q = k + 1; q < e->nblock; q++)
        ck_assert(e->block[q]->to != b->from || b->from == e->from->orig);
      if (b->to != e->to->orig) seen[b->to->id] = 1;
    }
    mem_free(seen);
  }
}

/* ---------- the rules ---------- */

START_TEST(rule_sequence) {
  cfa *g = tb_build("int main() {\n  int a = 1;\n  int b = a + 1;\n"
                 "  a = b * 2;\n  return a;\n}\n");
  cfa *h = summarise(g);
  check_shape(g, h);
  /* main: entry and exit, one block with every edge of main */
  ck_assert_uint_eq(nodes_in(h, h->main), 2);
  ck_assert_uint_eq(edges_in(h, h->main), 1);
  const cfa_edge *e = h->main->entry->out;
  ck_assert_int_eq(e->kind, CFA_BLOCK);
  ck_assert_ptr_eq(e->to, h->main->exit);
  ck_assert_uint_eq(e->nblock, orig_edges_in(g, h->main));
  /* in path order */
  for (size_t k = 1; k < e->nblock; k++)
    ck_assert_ptr_eq(e->block[k]->from, e->block[k - 1]->to);
  ck_assert_uint_eq(e->loc.line, 1);
  ck_assert_uint_eq(e->loc.end_line, 5);
  cfa_free(h);
  cfa_free(g);
}
END_TEST

START_TEST(rule_choice) {
  cfa *g = tb_build(DECLS "int main() {\n  int x = __VERIFIER_nondet_int();\n"
                       "  int y;\n  if (x > 0) {\n    if (x > 5) y = 1;\n"
                       "    else y = 2;\n  } else y = 3;\n"
                       "  return y;\n}\n");
  cfa *h = summarise(g);
  check_shape(g, h);
  /* the nested diamonds collapse into one block from entry to exit */
  ck_assert_uint_eq(nodes_in(h, h->main), 2);
  ck_assert_uint_eq(edges_in(h, h->main), 1);
  const cfa_edge *e = h->main->entry->out;
  ck_assert_int_eq(e->kind, CFA_BLOCK);
  ck_assert_uint_eq(e->nblock, orig_edges_in(g, h->main));
  size_t assumes = 0;
  for (size_t k = 0; k < e->nblock; k++) {
    assumes += e->block[k]->kind == CFA_ASSUME;
    /* the branches of one condition are adjacent */
    if (e->block[k]->kind == CFA_ASSUME && e->block[k]->truth) {
      ck_assert_uint_lt(k + 1, e->nblock);
      ck_assert_ptr_eq(e->block[k + 1]->from, e->block[k]->from);
    }
  }
  ck_assert_uint_eq(assumes, 4);
  cfa_free(h);
  cfa_free(g);
}
END_TEST

START_TEST(rule_error_sink) {
  cfa *g = tb_build(DECLS "int main() {\n  int x = __VERIFIER_nondet_int();\n"
                       "  if (x == 5) goto ERROR;\n  return x;\n"
                       "ERROR:\n  x = 7;\n  return 0;\n}\n");
  cfa *h = summarise(g);
  check_shape(g, h);
  const cfa_node *err = 0;
  size_t nerr = 0;
  for (size_t i = 0; i < h->nodes.len; i++)
    if (!h->nodes.data[i]->absorbed && h->nodes.data[i]->is_error) {
      err = h->nodes.data[i];
      nerr++;
    }
  ck_assert_uint_eq(nerr, 1);
  ck_assert_ptr_null(err->out);          /* a sink */
  ck_assert_uint_gt(err->orig->nout, 0); /* the label's statements */
  ck_assert_uint_eq(err->nin, 1);
  ck_assert_ptr_eq(err->in->from, h->main->entry);
  /* entry, error, exit: "x = 7" is gone with the error's successors */
  ck_assert_uint_eq(nodes_in(h, h->main), 3);
  for (size_t i = 0; i < h->edges.len; i++) {
    const cfa_edge *e = h->edges.data[i];
    for (size_t k = 0; k < e->nblock; k++)
      ck_assert_str_ne(e->block[k]->raw, "x = 7;");
  }
  cfa_free(h);
  cfa_free(g);
}
END_TEST

START_TEST(kept_loop_heads_and_calls) {
  cfa *g = tb_build("int f(int a) {\n  if (a > 2) return a - 1;\n"
                 "  return a + 1;\n}\n"
                 "int main() {\n  int i = 0;\n  while (i < 10) {\n"
                 "    i = f(i);\n    i = i + 2;\n  }\n  return 0;\n}\n");
  cfa *h = summarise(g);
  check_shape(g, h);
  size_t heads = 0, calls = 0, rets = 0;
  for (size_t i = 0; i < h->nodes.len; i++) {
    const cfa_node *n = h->nodes.data[i];
    if (n->orig->is_loop_head) {
      ck_assert(!n->absorbed);
      ck_assert(n->is_loop_head);
      heads++;
    }
  }
  ck_assert_uint_eq(heads, 1);
  const cfa_function *f = cfa_function_find(h, "f");
  ck_assert_ptr_nonnull(f);
  ck_assert_ptr_eq(f->entry, h->nodes.data[f->entry->id]);
  ck_assert(!f->entry->absorbed && !f->exit->absorbed);
  /* f: entry and exit, one block (both returns), the return edge */
  ck_assert_uint_eq(nodes_in(h, f), 2);
  ck_assert_uint_eq(edges_in(h, f), 2);
  ck_assert_int_eq(f->entry->out->kind, CFA_BLOCK);
  ck_assert_ptr_eq(f->entry->out->to, f->exit);
  for (size_t i = 0; i < h->edges.len; i++) {
    const cfa_edge *e = h->edges.data[i];
    if (e->kind == CFA_CALL) {
      calls++;
      ck_assert_ptr_eq(e->callee, f); /* h's copy */
      ck_assert_ptr_eq(e->to, f->entry);
      ck_assert_ptr_nonnull(e->orig);
      ck_assert_int_eq(e->orig->kind, CFA_CALL);
    }
    if (e->kind == CFA_RETURN) {
      rets++;
      ck_assert_ptr_eq(e->from, f->exit);
      ck_assert_ptr_nonnull(e->call);
      ck_assert_ptr_eq(e->call->orig, e->orig->call); /* h's call copy */
      ck_assert_ptr_eq(h->edges.data[e->call->id], e->call);
      ck_assert_ptr_eq(e->to, h->nodes.data[e->orig->to->id]);
    }
  }
  ck_assert_uint_eq(calls, 1);
  ck_assert_uint_eq(rets, 1);
  /* main: entry, loop head, call site, return site, exit */
  ck_assert_uint_eq(nodes_in(h, h->main), 5);
  ck_assert_ptr_eq(h->start, h->nodes.data[g->start->id]);
  cfa_free(h);
  cfa_free(g);
}
END_TEST

START_TEST(goto_loop_kept) {
  cfa *g = tb_build("int main() {\n  int i = 0;\nL:\n  i++;\n"
                 "  if (i < 5) goto L;\n  return i;\n}\n");
  cfa *h = summarise(g);
  check_shape(g, h);
  /* the cycle has a kept node marked as a loop head */
  size_t heads = 0;
  for (size_t i = 0; i < h->nodes.len; i++)
    heads += !h->nodes.data[i]->absorbed && h->nodes.data[i]->is_loop_head &&
             h->nodes.data[i]->function == h->main;
  ck_assert_uint_ge(heads, 1);
  cfa_free(h);
  cfa_free(g);
}
END_TEST

START_TEST(function_that_never_returns) {
  /* the front end drops fail's exit (no path reaches it) but keeps the
   * pointer: h's copy has none */
  cfa *g = tb_build(DECLS "void fail(void) {\nERROR:\n  goto ERROR;\n}\n"
                       "int main() {\n  int x = __VERIFIER_nondet_int();\n"
                       "  if (x) fail();\n  return 0;\n}\n");
  cfa *h = summarise(g);
  check_shape(g, h);
  const cfa_function *f = cfa_function_find(h, "fail");
  ck_assert_ptr_nonnull(f);
  ck_assert_ptr_nonnull(f->entry);
  ck_assert_ptr_null(f->exit);
  size_t rets = 0;
  for (size_t i = 0; i < h->edges.len; i++)
    rets += h->edges.data[i]->kind == CFA_RETURN;
  ck_assert_uint_eq(rets, 0);
  cfa_free(h);
  cfa_free(g);
}
END_TEST

START_TEST(unsupported_and_statics_stay_single) {
  cfa *g = tb_build("int main() {\n  int x = 0;\n  static int s = 3;\n"
                 "  int a[2] = {1, 2};\n  x = a[1] + s;\n  return x;\n}\n");
  cfa *h = summarise(g);
  check_shape(g, h);
  size_t single = 0;
  for (size_t i = 0; i < h->edges.len; i++) {
    const cfa_edge *e = h->edges.data[i];
    if (e->kind == CFA_DECLARATION && e->var &&
        (!strcmp(e->var->name, "s") || !strcmp(e->var->name, "a")))
      single++;
  }
  ck_assert_uint_eq(single, 2);
  cfa_free(h);
  cfa_free(g);
}
END_TEST

/* ---------- paths of h and of g ---------- */

typedef struct {
  const cfa_edge **e;
  size_t n;
} path;

typedef struct {
  path *v;
  size_t n;
} paths;

static void paths_add(paths *ps, const cfa_edge *const *e, size_t n) {
  ps->v = mem_realloc(ps->v, (ps->n + 1) * sizeof *ps->v);
  ps->v[ps->n].e = mem_alloc((n + 1) * sizeof *e);
  memcpy(ps->v[ps->n].e, e, n * sizeof *e);
  ps->v[ps->n++].n = n;
}

static void paths_free(paths *ps) {
  for (size_t i = 0; i < ps->n; i++)
    mem_free(ps->v[i].e);
  mem_free(ps->v);
}

/* Every path from n to `target` (loop-free programs), returns matching
 * their calls. */
static void all_paths(const cfa_node *n, const cfa_node *target,
                      const cfa_edge **cur, size_t len, const cfa_edge **stack,
                      size_t depth, paths *out) {
  ck_assert_uint_lt(len, 1000);
  ck_assert_uint_lt(out->n, 5000);
  if (n == target) {
    paths_add(out, cur, len);
    return;
  }
  for (const cfa_edge *e = n->out; e; e = e->next_out) {
    size_t d = depth;
    if (e->kind == CFA_RETURN) {
      if (!d || stack[d - 1] != e->call) continue;
      d--;
    }
    if (e->kind == CFA_CALL) stack[d++] = e;
    cur[len] = e;
    all_paths(e->to, target, cur, len + 1, stack, d, out);
    if (e->kind == CFA_CALL) d--;
  }
}

/* The paths of block b's edges from its source to its target. */
static void block_paths(const cfa_edge *b, const cfa_node *n,
                        const cfa_edge **cur, size_t len, paths *out) {
  if (len && n == b->to->orig) {
    paths_add(out, cur, len);
    return;
  }
  for (size_t k = 0; k < b->nblock; k++)
    if (b->block[k]->from == n) {
      cur[len] = b->block[k];
      block_paths(b, b->block[k]->to, cur, len + 1, out);
    }
}

/* Every statement-level path a path of h stands for. */
static void expansions(const path *p, size_t i, const cfa_edge **cur,
                       size_t len, paths *out) {
  if (i == p->n) {
    paths_add(out, cur, len);
    return;
  }
  const cfa_edge *e = p->e[i];
  if (e->kind != CFA_BLOCK) {
    cur[len] = e->orig;
    expansions(p, i + 1, cur, len + 1, out);
    return;
  }
  paths sub = {0};
  const cfa_edge *tmp[1000];
  block_paths(e, e->from->orig, tmp, 0, &sub);
  ck_assert_uint_gt(sub.n, 0);
  for (size_t k = 0; k < sub.n; k++) {
    memcpy(cur + len, sub.v[k].e, sub.v[k].n * sizeof *cur);
    expansions(p, i + 1, cur, len + sub.v[k].n, out);
  }
  paths_free(&sub);
}

/* Whether x is a path of g from g's start that ends at target. */
static void check_is_path(const cfa *g, const path *x, const cfa_node *target) {
  ck_assert_uint_gt(x->n, 0);
  ck_assert_ptr_eq(x->e[0]->from, g->start);
  for (size_t i = 0; i < x->n; i++) {
    ck_assert_ptr_eq(g->edges.data[x->e[i]->id], x->e[i]);
    if (i) ck_assert_ptr_eq(x->e[i]->from, x->e[i - 1]->to);
  }
  ck_assert_ptr_eq(x->e[x->n - 1]->to, target);
}

/* The inputs of two models are made by the same calls, in order (the
 * uninitialised values a block reads are listed without condition: only
 * the statement-level model says which the execution reads). */
static void same_inputs(const smt_model *a, const smt_model *b) {
  size_t i = 0, j = 0;
  for (;;) {
    while (i < a->ninputs && a->inputs[i].kind != SMT_INPUT_CALL)
      i++;
    while (j < b->ninputs && b->inputs[j].kind != SMT_INPUT_CALL)
      j++;
    if (i == a->ninputs || j == b->ninputs) break;
    ck_assert_str_eq(a->inputs[i].function, b->inputs[j].function);
    ck_assert_uint_eq(a->inputs[i].line, b->inputs[j].line);
    i++;
    j++;
  }
  ck_assert_uint_eq(i, a->ninputs == i ? i : (size_t)-1);
  ck_assert_uint_eq(j, b->ninputs == j ? j : (size_t)-1);
}

typedef struct {
  unsigned hpaths, feasible, infeasible, subpaths;
} tally;

/* For every path of h from the start to `target`: the block-level check
 * answers FEASIBLE iff one of its statement-level paths is feasible, else
 * INFEASIBLE (never UNKNOWN here); a feasible one expands into a path of g
 * that is FEASIBLE with inputs from the same calls. */
static void check_target(const cfa *g, const cfa *h, smt_ctx *sh, smt_ctx *sg,
                         const cfa_node *target, tally *t) {
  paths hp = {0};
  const cfa_edge *cur[1000], *stack[64];
  all_paths(h->start, target, cur, 0, stack, 0, &hp);
  ck_assert_uint_gt(hp.n, 0);
  for (size_t i = 0; i < hp.n; i++) {
    t->hpaths++;
    paths gp = {0};
    const cfa_edge *buf[1000];
    expansions(&hp.v[i], 0, buf, 0, &gp);
    bool any = false;
    for (size_t k = 0; k < gp.n; k++) {
      char *why = 0;
      check_is_path(g, &gp.v[k], target->orig);
      smt_result r = smt_check_path(sg, gp.v[k].e, gp.v[k].n, 0, &why);
      ck_assert_msg(r != SMT_UNKNOWN, "sub-path unknown: %s", why);
      mem_free(why);
      any |= r == SMT_FEASIBLE;
      t->subpaths++;
    }
    smt_model *m1 = 0;
    char *why = 0;
    smt_result r = smt_check_path(sh, hp.v[i].e, hp.v[i].n, &m1, &why);
    ck_assert_msg(r == (any ? SMT_FEASIBLE : SMT_INFEASIBLE),
                  "block path to N%u: %s (%s), its %zu paths: %s", target->id,
                  smt_result_name(r), why ? why : "", gp.n,
                  any ? "one feasible" : "all infeasible");
    mem_free(why);
    if (r == SMT_FEASIBLE) {
      t->feasible++;
      const cfa_edge **x = 0;
      size_t n = smt_expand_path(sh, &x);
      path xp = {x, n};
      check_is_path(g, &xp, target->orig);
      smt_model *m2 = 0;
      r = smt_check_path(sg, x, n, &m2, &why);
      ck_assert_msg(r == SMT_FEASIBLE, "expanded path: %s (%s)",
                    smt_result_name(r), why ? why : "");
      same_inputs(m1, m2);
      /* the same path through h's context (original edges) too */
      r = smt_check_path(sh, x, n, 0, 0);
      ck_assert_int_eq(r, SMT_FEASIBLE);
      smt_model_free(m2);
      mem_free(x);
    } else {
      t->infeasible++;
      /* the core names the steps; the last block is among them */
      size_t *core = 0;
      size_t nc = smt_infeasible_core(sh, &core);
      ck_assert_uint_gt(nc, 0);
      ck_assert_uint_lt(core[nc - 1], hp.v[i].n);
      mem_free(core);
      const cfa_edge **x = 0;
      ck_assert_uint_eq(smt_expand_path(sh, &x), 0);
      ck_assert_ptr_null(x);
    }
    smt_model_free(m1);
    paths_free(&gp);
  }
  paths_free(&hp);
}

/* Every error node and main's exit as targets. */
static tally check_program(const char *src) {
  cfa *g = tb_build(src);
  cfa *h = summarise(g);
  check_shape(g, h);
  smt_ctx *sh = smt_new(h, 0), *sg = smt_new(g, 0);
  tally t = {0};
  for (size_t i = 0; i < h->nodes.len; i++) {
    const cfa_node *n = h->nodes.data[i];
    if (!n->absorbed && (n->is_error || n == h->main->exit))
      check_target(g, h, sh, sg, n, &t);
  }
  smt_free(sh);
  smt_free(sg);
  cfa_free(h);
  cfa_free(g);
  return t;
}

START_TEST(block_equals_its_paths_nested_if) {
  tally t = check_program(DECLS "int main() {\n"
                                "  int x = __VERIFIER_nondet_int();\n"
                                "  int y = __VERIFIER_nondet_int();\n"
                                "  int z = 0;\n"
                                "  if (x > 0) {\n"
                                "    if (y > x) z = 1; else z = 2;\n"
                                "  } else {\n"
                                "    z = 3;\n"
                                "  }\n"
                                "  if (z == 1 && x > 100) reach_error();\n"
                                "  if (z == 3 && x > 0) reach_error();\n"
                                "  if (z == 2 && y > x) reach_error();\n"
                                "  if (z == 2 && y == x) reach_error();\n"
                                "  return 0;\n}\n");
  ck_assert_uint_gt(t.feasible, 0);
  ck_assert_uint_gt(t.infeasible, 0);
  ck_assert_uint_gt(t.subpaths, t.hpaths);
}
END_TEST

START_TEST(block_equals_its_paths_guarded_ub) {
  /* obligations and __VERIFIER_assume inside branches hold only there */
  tally t = check_program(
      DECLS "int main() {\n"
            "  int x = __VERIFIER_nondet_int();\n"
            "  int d = __VERIFIER_nondet_int();\n"
            "  int y = 0;\n"
            "  if (x != 0) y = 100 / x; else y = 0;\n"
            "  if (y > 50 && x < 0) reach_error();\n"
            "  if (x > 0) { __VERIFIER_assume(d != 0); y = x / d; }\n"
            "  if (y == 7 && d == 0) reach_error();\n"
            "  if (y == 7) reach_error();\n"
            "  return 0;\n}\n");
  ck_assert_uint_gt(t.feasible, 0);
  ck_assert_uint_gt(t.infeasible, 0);
}
END_TEST

START_TEST(block_equals_its_paths_side_effects) {
  /* conditions with side effects are evaluated once for both branches;
   * switch tests share the value */
  tally t = check_program(
      DECLS "int main() {\n"
            "  int x = __VERIFIER_nondet_int();\n"
            "  int y = 0;\n"
            "  int x0 = x;\n"
            "  if (x++ > 0 && x < 10) y = x; else y = -x;\n"
            "  if (y == 5 && x != 5) reach_error();\n"
            "  if (y == 3) reach_error();\n"
            "  if ((y = x, x++) > 2) y = y + 1;\n"
            "  if (x != x0 + 2) reach_error();\n"
            "  if (y == x0 + 1 && x0 == 0) reach_error();\n"
            "  x = x0;\n"
            "  if ((x > 3 ? x-- : 7) == 4) y = 1; else y = 2;\n"
            "  if (y == 2 && x0 == 4) reach_error();\n"
            "  if (y == 1 && x == 3) reach_error();\n"
            "  int x1 = x;\n"
            "  switch (x++) { case 1: y = 10; break; case 2: y = 20; break;\n"
            "  default: y = x; }\n"
            "  if (y == 10 && x != 2) reach_error();\n"
            "  if (y == 20 && x == x1 + 1) reach_error();\n"
            "  if (x != x1 + 1) reach_error();\n"
            "  if (y == 4) reach_error();\n"
            "  return 0;\n}\n");
  ck_assert_uint_gt(t.feasible, 0);
  ck_assert_uint_gt(t.infeasible, 0);
}
END_TEST

START_TEST(block_equals_its_paths_switch) {
  /* the case tests of a switch evaluate its value once */
  tally t = check_program(
      DECLS "int main() {\n"
            "  int x = __VERIFIER_nondet_int();\n"
            "  int y = 0;\n"
            "  int x1 = x;\n"
            "  switch (x++) { case 1: y = 10; break; case 2: y = 20; break; "
            "}\n"
            "  if (y == 20 && x == x1 + 1) reach_error();\n"
            "  if (x != x1 + 1) reach_error();\n"
            "  return 0;\n}\n");
  ck_assert_uint_gt(t.feasible, 0);
  ck_assert_uint_gt(t.infeasible, 0);
}
END_TEST

START_TEST(block_equals_its_paths_calls) {
  tally t = check_program(DECLS "int f(int a) {\n"
                                "  int r = 0;\n"
                                "  if (a > 3) r = a - 3; else if (a < -3) "
                                "r = a + 3;\n"
                                "  return r;\n}\n"
                                "int main() {\n"
                                "  int x = __VERIFIER_nondet_int();\n"
                                "  int r = f(x);\n"
                                "  if (r == 2) reach_error();\n"
                                "  if (r > 0 && x < 0) reach_error();\n"
                                "  return 0;\n}\n");
  ck_assert_uint_gt(t.feasible, 0);
  ck_assert_uint_gt(t.infeasible, 0);
}
END_TEST

/* ---------- undo, formulas ---------- */

/* The block edges of h leaving n, in order. */
static const cfa_edge *out_edge(const cfa_node *n, size_t k) {
  const cfa_edge *e = n->out;
  while (e && k--)
    e = e->next_out;
  ck_assert_ptr_nonnull(e);
  return e;
}

START_TEST(pop_symmetry) {
  cfa *g = tb_build(DECLS "int main() {\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  int y = 0;\n"
                       "  if (x > 3) y = x; else y = -x;\n"
                       "  if (y == 1) reach_error();\n"
                       "  if (y == 4) x = 9; else x = 8;\n"
                       "  if (x == 9 && y != 4) reach_error();\n"
                       "  return 0;\n}\n");
  cfa *h = summarise(g);
  smt_ctx *s = smt_new(h, 0), *fresh = smt_new(h, 0);
  /* the path to main's exit, block by block; one error block on the way */
  const cfa_edge *p[16];
  size_t n = 0;
  const cfa_node *at = h->start;
  while (at != h->main->exit) {
    const cfa_edge *e = at->out;
    while (e->to->is_error)
      e = e->next_out;
    p[n++] = e;
    at = e->to;
  }
  ck_assert_uint_ge(n, 2);
  for (size_t i = 0; i < n; i++)
    ck_assert(smt_push_edge(s, p[i]));
  ck_assert_int_eq(smt_check(s, 0, 0), SMT_FEASIBLE);
  /* pop the last block and push an error block in its place, twice */
  const cfa_node *last = p[n - 1]->from;
  const cfa_edge *errb = 0;
  for (const cfa_edge *e = last->out; e; e = e->next_out)
    if (e->to->is_error) errb = e;
  for (int round = 0; round < 2; round++) {
    smt_pop(s, 1);
    ck_assert_uint_eq(smt_depth(s), n - 1);
    if (errb) {
      ck_assert(smt_push_edge(s, errb));
      p[n - 1] = errb;
      smt_result a = smt_check(s, 0, 0);
      smt_result b = smt_check_path(fresh, p, n, 0, 0);
      ck_assert_int_eq(a, b);
      smt_pop(s, 1);
    }
    ck_assert(smt_push_edge(s, out_edge(last, 0)));
    p[n - 1] = out_edge(last, 0);
    ck_assert_int_eq(smt_check(s, 0, 0), smt_check_path(fresh, p, n, 0, 0));
    /* the expansion after pops and pushes follows the blocks on the path */
    const cfa_edge **x = 0;
    size_t nx = smt_expand_path(s, &x);
    if (smt_check(s, 0, 0) == SMT_FEASIBLE) {
      ck_assert_uint_gt(nx, n);
      ck_assert_int_eq(smt_check_path(fresh, x, nx, 0, 0), SMT_FEASIBLE);
      smt_pop(fresh, smt_depth(fresh));
      for (size_t i = 0; i < n; i++)
        smt_push_edge(fresh, p[i]);
    }
    mem_free(x);
  }
  smt_pop(s, smt_depth(s));
  ck_assert_uint_eq(smt_depth(s), 0);
  /* formulas after a block step: the path formula holds the block */
  for (size_t i = 0; i < n; i++)
    smt_push_edge(s, p[i]);
  smt_formula *f = smt_formula_path(s, 0);
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(smt_formula_sat(s, f, 0), smt_check(s, 0, 0) == SMT_FEASIBLE
                                                 ? SMT_ANSWER_YES
                                                 : SMT_ANSWER_NO);
  smt_formula_free(s, f);
  smt_free(s);
  smt_free(fresh);
  cfa_free(h);
  cfa_free(g);
}
END_TEST

START_TEST(formula_after_block) {
  cfa *g = tb_build(DECLS "int main() {\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  int y = 0;\n"
                       "  if (x > 3) y = 1; else y = 2;\n"
                       "  while (y > 0) { y--; }\n"
                       "  return 0;\n}\n");
  cfa *h = summarise(g);
  smt_ctx *s = smt_new(h, 0);
  /* start -> main entry -> loop head: two blocks (or edges) */
  const cfa_node *at = h->start;
  size_t n = 0;
  while (!at->is_loop_head) {
    ck_assert(smt_push_edge(s, at->out));
    at = at->out->to;
    ck_assert_uint_lt(++n, 8);
  }
  /* after the block, y is 1 or 2: "y > 0" is implied, "y > 1" is not */
  const cfa_edge *cond = 0;
  for (size_t i = 0; i < g->edges.len; i++)
    if (g->edges.data[i]->kind == CFA_ASSUME &&
        !strcmp(g->edges.data[i]->raw, "[y > 0]"))
      cond = g->edges.data[i];
  ck_assert_ptr_nonnull(cond);
  smt_formula *p = smt_formula_path(s, 0);
  smt_formula *c = smt_formula_assume(s, cond, 0);
  ck_assert_ptr_nonnull(p);
  ck_assert_ptr_nonnull(c);
  ck_assert_int_eq(smt_formula_implies(s, p, c, 0), SMT_ANSWER_YES);
  ck_assert_int_eq(smt_formula_sat(s, p, 0), SMT_ANSWER_YES);
  smt_formula_free(s, p);
  smt_formula_free(s, c);
  smt_free(s);
  cfa_free(h);
  cfa_free(g);
}
END_TEST

/* ---------- the corpus: test_locks ---------- */

static char *corpus_file(const char *rel) {
  const char *c = getenv("EREP_CORPUS");
  char *p =
      c ? mem_printf("%s/%s", c, rel)
        : mem_printf("%s/../shared/corpus/%s",
                     getenv("EREP_SRCDIR") ? getenv("EREP_SRCDIR") : ".", rel);
  if (access(p, R_OK)) {
    mem_free(p);
    return 0;
  }
  return p;
}

START_TEST(test_locks_blocks) {
  static const unsigned sizes[] = {5, 10, 15};
  for (size_t q = 0; q < 3; q++) {
    char rel[64];
    snprintf(rel, sizeof rel, "cmc2011/locks/test_locks_%u.c", sizes[q]);
    char *file = corpus_file(rel);
    if (!file) {
      printf("skipped: corpus not found (test_locks)\n");
      return;
    }
    char *err = 0;
    cfa *g = cfa_build(file, CFA_ILP32, &err);
    ck_assert_msg(g, "%s", err);
    mem_free(file);
    cfa *h = summarise(g);
    check_shape(g, h);
    /* main: entry, exit, loop head, call and return site, error */
    ck_assert_uint_eq(nodes_in(h, h->main), 6);
    const cfa_node *head = 0, *errn = 0;
    for (size_t i = 0; i < h->nodes.len; i++) {
      const cfa_node *n = h->nodes.data[i];
      if (n->absorbed || n->function != h->main) continue;
      if (n->is_loop_head) head = n;
      if (n->is_error) errn = n;
    }
    ck_assert_ptr_nonnull(head);
    ck_assert_ptr_nonnull(errn);
    /* one iteration back to the loop head, then into the error block */
    smt_ctx *s = smt_new(h, 0), *sg = smt_new(g, 0);
    const cfa_edge *p[64];
    size_t n = 0;
    const cfa_node *at = h->start;
    int laps = 0;
    while (n < 60) {
      const cfa_edge *e = at->out;
      if (e->kind == CFA_RETURN) {
        /* the one call site */
      } else if (at->nout > 1) {
        /* after the call: back to the head once, then to the error */
        const cfa_node *want = laps ? errn : head;
        while (e && e->to != want)
          e = e->next_out;
        ck_assert_ptr_nonnull(e);
        if (!laps) {
          /* the lap is feasible and expands into a feasible path */
          p[n++] = e;
          ck_assert_int_eq(smt_check_path(s, p, n, 0, 0), SMT_FEASIBLE);
          const cfa_edge **x = 0;
          size_t nx = smt_expand_path(s, &x);
          ck_assert_uint_gt(nx, n);
          path xp = {x, nx};
          check_is_path(g, &xp, head->orig);
          ck_assert_int_eq(smt_check_path(sg, x, nx, 0, 0), SMT_FEASIBLE);
          mem_free(x);
          laps++;
          at = e->to;
          continue;
        }
        p[n++] = e;
        break;
      }
      p[n++] = e;
      at = e->to;
    }
    ck_assert(p[n - 1]->to == errn);
    /* the error block is infeasible after one lap (the program is safe) */
    ck_assert_int_eq(smt_check_path(s, p, n, 0, 0), SMT_INFEASIBLE);
    size_t *core = 0;
    size_t nc = smt_infeasible_core(s, &core);
    ck_assert_uint_gt(nc, 0);
    ck_assert_uint_eq(core[nc - 1], n - 1);
    mem_free(core);
    smt_free(s);
    smt_free(sg);
    cfa_free(h);
    cfa_free(g);
  }
}
END_TEST

static Suite *lbe_suite(void) {
  Suite *s = suite_create("lbe");
  TCase *t = tcase_create("rules");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, rule_sequence);
  tcase_add_test(t, rule_choice);
  tcase_add_test(t, rule_error_sink);
  tcase_add_test(t, kept_loop_heads_and_calls);
  tcase_add_test(t, goto_loop_kept);
  tcase_add_test(t, function_that_never_returns);
  tcase_add_test(t, unsupported_and_statics_stay_single);
  suite_add_tcase(s, t);
  t = tcase_create("encoding");
  tcase_set_timeout(t, 300);
  tcase_add_test(t, block_equals_its_paths_nested_if);
  tcase_add_test(t, block_equals_its_paths_guarded_ub);
  tcase_add_test(t, block_equals_its_paths_side_effects);
  tcase_add_test(t, block_equals_its_paths_switch);
  tcase_add_test(t, block_equals_its_paths_calls);
  tcase_add_test(t, pop_symmetry);
  tcase_add_test(t, formula_after_block);
  tcase_add_test(t, test_locks_blocks);
  suite_add_tcase(s, t);
  return s;
}

int main(void) {
  SRunner *r = srunner_create(lbe_suite());
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  Z3_finalize_memory();
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
