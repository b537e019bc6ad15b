/* The predicate domain (analysis/pred.h) on small programs: Cartesian and
 * Boolean abstraction of a post, coverage by implication, refinement by
 * preconditions (through choices inside large blocks too), and the verifier on top (report/run.h): TRUE after
 * refinement, FALSE with a feasible counterexample and its input, UNKNOWN
 * when refinement finds no new predicate or the program holds pointers. */
#include "tbuild.h"
#include "program/cfa.h"
#include "analysis/pbdd.h"
#include "analysis/pred.h"
#include "analysis/product.h"
#include "report/report.h"
#include "report/run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


/* The first edge whose raw text is `raw`. */
static const cfa_edge *edge(const cfa *g, const char *raw) {
  for (size_t i = 0; i < g->edges.len; i++)
    if (!strcmp(g->edges.data[i]->raw, raw)) return g->edges.data[i];
  ck_abort_msg("no edge \"%s\"", raw);
  return 0;
}

static const char *prog_xy =
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern void reach_error(void);\n"
    "int main() {\n"
    "  int x = __VERIFIER_nondet_int();\n"
    "  int y = 0;\n"
    "  if (x > 5) y = 1;\n"
    "  if (y == 1) { if (x <= 5) reach_error(); }\n"
    "  return 0;\n"
    "}\n";

/* The post of s over e (NULL: infeasible); the caller releases it. */
static const pred_state *post(pred_dom *d, const pred_state *s,
                              const cfa_edge *e) {
  const void *out = 0;
  if (!pred_domain.post(d, s, 0, e, &out)) return 0;
  return out;
}

static char *text(pred_dom *d, const pred_state *s) {
  return pred_state_text(d, s);
}

START_TEST(cartesian_post_decides_and_leaves_open) {
  cfa *g = tb_build(prog_xy);
  pred_dom d;
  pred_dom_init(&d, g, true, 10000, 0);
  const cfa_edge *sety = edge(g, "y = 1;"), *gt = edge(g, "[x > 5]");
  const cfa_edge *ngt = edge(g, "[!(x > 5)]"), *y1 = edge(g, "[y == 1]");
  /* y == 1 tracked after `y = 1` and after both branches of x > 5 */
  ck_assert(pred_add(&d, y1, sety->to));
  ck_assert(!pred_add(&d, y1, sety->to)); /* not new */
  ck_assert(pred_add(&d, y1, gt->to));
  ck_assert(pred_add(&d, gt, gt->to));
  ck_assert(pred_add(&d, gt, ngt->to));
  const pred_state *top = pred_domain.initial(&d);
  const pred_state *a = post(&d, top, sety);
  char *t = text(&d, a);
  ck_assert_str_eq(t, "(y == 1)");
  free(t);
  /* x > 5 from nothing: the branch decides it, y stays open */
  const pred_state *b = post(&d, top, gt);
  t = text(&d, b);
  ck_assert_str_eq(t, "(x > 5)");
  free(t);
  /* from x > 5 the other branch is infeasible */
  ck_assert_ptr_null(post(&d, b, ngt));
  const pred_state *c = post(&d, top, ngt);
  t = text(&d, c);
  ck_assert_str_eq(t, "(!(x > 5))");
  free(t);
  pred_domain.release(&d, a);
  pred_domain.release(&d, b);
  pred_domain.release(&d, c);
  ck_assert_uint_eq(pred_count(&d), 2);
  pred_dom_free(&d);
  cfa_free(g);
}
END_TEST

static const char *prog_corr = "extern int __VERIFIER_nondet_int(void);\n"
                               "int main() {\n"
                               "  int x = __VERIFIER_nondet_int();\n"
                               "  int y = x;\n"
                               "  if (y > 0) return 1;\n"
                               "  if (x > 0) return 2;\n"
                               "  return 0;\n"
                               "}\n";

START_TEST(boolean_abstraction_keeps_correlations) {
  cfa *g = tb_build(prog_corr);
  const cfa_edge *decl = edge(g, "int y = x;"), *gy = edge(g, "[y > 0]");
  const cfa_edge *gx = edge(g, "[x > 0]");
  for (int cart = 0; cart < 2; cart++) {
    pred_dom d;
    pred_dom_init(&d, g, cart, 10000, 0);
    /* one predicate that nothing constrains: open either way */
    ck_assert(pred_add(&d, gy, decl->to));
    const pred_state *s = post(&d, pred_domain.initial(&d), decl);
    char *t = text(&d, s);
    ck_assert_str_eq(t, "(true)");
    free(t);
    pred_domain.release(&d, s);
    /* y > 0 and x > 0 after y = x: equal, which only the Boolean
     * abstraction says (two cubes); the Cartesian one knows neither */
    ck_assert(pred_add(&d, gx, decl->to));
    s = post(&d, pred_domain.initial(&d), decl);
    t = text(&d, s);
    ck_assert_str_eq(t, cart ? "(true)"
                             : "(!(y > 0) & !(x > 0)) | (y > 0 & x > 0)");
    free(t);
    pred_domain.release(&d, s);
    pred_dom_free(&d);
  }
  cfa_free(g);
}
END_TEST

START_TEST(coverage_by_implication) {
  cfa *g = tb_build(prog_xy);
  pred_dom d;
  pred_dom_init(&d, g, false, 10000, 0);
  const cfa_edge *gt = edge(g, "[x > 5]"), *ngt = edge(g, "[!(x > 5)]");
  const cfa_edge *y1 = edge(g, "[y == 1]");
  ck_assert(pred_add(&d, gt, gt->to));
  ck_assert(pred_add(&d, y1, gt->to));
  ck_assert(pred_add(&d, y1, ngt->to));
  const pred_state *top = pred_domain.initial(&d);
  const pred_state *b = post(&d, top, gt); /* x > 5, y == 1 open */
  const pred_state *c = post(&d, top, ngt); /* y == 1 open */
  char *t = text(&d, b);
  ck_assert_str_eq(t, "(x > 5)"); /* y == 1 open: the cube is widened */
  free(t);
  /* true covers all; not back */
  ck_assert(pred_domain.covers(&d, top, b));
  ck_assert(!pred_domain.covers(&d, b, top));
  ck_assert(pred_domain.covers(&d, b, b));
  ck_assert(pred_domain.covers(&d, c, b)); /* nothing known covers x > 5 */
  ck_assert(!pred_domain.covers(&d, b, c));
  /* a disjunction covers each of its cubes, a cube not the disjunction,
   * and a cube over fewer predicates covers a longer one */
  static const unsigned ids[] = {0, 1};
  static const unsigned char eq[] = {0, 0, 1, 1}, both[] = {1, 1},
                             first[] = {1, 2};
  pred_state e = {2, 2, ids, eq}, bb = {2, 1, ids, both},
             f = {2, 1, ids, first};
  ck_assert(pred_domain.covers(&d, &e, &bb));
  ck_assert(!pred_domain.covers(&d, &bb, &e));
  ck_assert(pred_domain.covers(&d, &f, &bb));
  ck_assert(!pred_domain.covers(&d, &f, &e));
  ck_assert(!pred_domain.equal(&d, &e, &bb));
  ck_assert_uint_eq(pred_domain.hash(&d, &bb),
                    pred_domain.hash(&d, &(pred_state){2, 1, ids, both}));
  pred_domain.release(&d, b);
  pred_domain.release(&d, c);
  pred_dom_free(&d);
  cfa_free(g);
}
END_TEST

/* --bdd: states' cubes canonical by their BDD, coverage by implication of
 * BDDs, which sees what the cube test misses: (p & q) | (p & !q) covers p */
START_TEST(bdd_states) {
  cfa *g = tb_build(prog_xy);
  pred_dom d;
  pred_dom_init(&d, g, false, 10000, 0);
  static const unsigned ids[] = {0, 1}, other[] = {1, 4};
  static const unsigned char split[] = {1, 0, 1, 1}, p[] = {1, 2},
                             np[] = {0, 2}, q4[] = {1, 1};
  pred_state s = {2, 2, ids, split}, ps = {2, 1, ids, p}, nps = {2, 1, ids, np},
             sq = {2, 1, other, q4};
  ck_assert(pred_domain.covers(&d, &ps, &s));
  ck_assert(!pred_domain.covers(&d, &s, &ps)); /* the cube test: no */
  ck_assert(pred_dom_use_bdd(&d));
  ck_assert(pred_domain.covers(&d, &s, &ps));
  ck_assert(pred_domain.covers(&d, &ps, &s));
  ck_assert(!pred_domain.covers(&d, &s, &nps));
  ck_assert(!pred_domain.covers(&d, &nps, &s));
  /* other predicates (ids 1 and 4): q & r is not within p */
  ck_assert(!pred_domain.covers(&d, &s, &sq));
  /* canonical cubes: p, once */
  unsigned char *rows;
  ck_assert_uint_eq(pbdd_canon(2, ids, split, 2, 16, &rows), 1);
  ck_assert_mem_eq(rows, p, 2);
  free(rows);
  /* overlapping cubes p | q become disjoint paths: p, then !p & q */
  static const unsigned char pq[] = {1, 2, 2, 1};
  ck_assert_uint_eq(pbdd_canon(2, ids, pq, 2, 16, &rows), 2);
  ck_assert(!memcmp(rows, "\001\002\000\001", 4) ||
            !memcmp(rows, "\000\001\001\002", 4));
  free(rows);
  /* more paths than allowed: none, and the caller keeps its cubes */
  ck_assert_uint_eq(pbdd_canon(2, ids, pq, 2, 1, &rows), 0);
  ck_assert_ptr_null(rows);
  /* the abstraction keeps its correlations with BDDs too */
  pred_dom_free(&d);
  cfa_free(g);
  g = tb_build(prog_corr);
  pred_dom_init(&d, g, false, 10000, 0);
  ck_assert(pred_dom_use_bdd(&d));
  const cfa_edge *decl = edge(g, "int y = x;");
  ck_assert(pred_add(&d, edge(g, "[y > 0]"), decl->to));
  ck_assert(pred_add(&d, edge(g, "[x > 0]"), decl->to));
  const pred_state *st = post(&d, pred_domain.initial(&d), decl);
  char *t = text(&d, st);
  ck_assert_str_eq(t, "(!(y > 0) & !(x > 0)) | (y > 0 & x > 0)");
  free(t);
  pred_domain.release(&d, st);
  pred_dom_free(&d);
  /* BuDDy stopped with its last user */
  ck_assert_uint_eq(pbdd_canon(2, ids, split, 2, 16, &rows), 0);
  cfa_free(g);
}
END_TEST

START_TEST(refinement_adds_preconditions_along_the_path) {
  cfa *g = tb_build(prog_xy);
  pred_dom d;
  pred_dom_init(&d, g, true, 10000, 0);
  const cfa_edge *gt = edge(g, "[x > 5]"), *y1 = edge(g, "[y == 1]");
  const cfa_edge *le = edge(g, "[x <= 5]");
  const cfa_edge *path[] = {gt, y1, le};
  size_t core[] = {0, 2};
  ck_assert(pred_domain.refine(&d, path, 3, core, 2));
  /* preconditions of the rest of the path, where it needs them: x <= 5
   * after x > 5 and after y == 1, both conditions at the start */
  ck_assert_uint_eq(pred_count(&d), 2);
  ck_assert_uint_eq(pred_pairs(&d), 4);
  size_t none[] = {1};
  ck_assert(pred_domain.refine(&d, path, 3, none, 1)); /* y == 1 */
  ck_assert_uint_eq(pred_count(&d), 3);
  /* the path again: no new precondition, so the program's own conditions
   * (pred_seed) at the path's locations; then nothing new at all */
  size_t pairs = pred_pairs(&d);
  ck_assert(pred_domain.refine(&d, path, 3, core, 2));
  ck_assert_uint_gt(pred_pairs(&d), pairs);
  ck_assert(!pred_domain.refine(&d, path, 3, core, 2));
  pred_dom_free(&d);
  cfa_free(g);
}
END_TEST

/* --predicate-scope: the same refinement shares its predicates with every
 * location of main (x and y are main's locals) instead of the four where
 * the path needs them; a second refinement finds no new precondition and
 * takes the program's conditions, a third finds nothing new. */
START_TEST(refinement_shares_predicates_by_scope) {
  cfa *g = tb_build(prog_xy);
  const cfa_edge *gt = edge(g, "[x > 5]"), *y1 = edge(g, "[y == 1]");
  const cfa_edge *le = edge(g, "[x <= 5]");
  const cfa_edge *path[] = {gt, y1, le};
  size_t core[] = {0, 2};
  size_t in_main = 0;
  for (size_t i = 0; i < g->nodes.len; i++) {
    const cfa_node *n = g->nodes.data[i];
    in_main += n && !n->absorbed && n->function == g->main;
  }
  ck_assert_uint_gt(in_main, 4);
  for (int sc = PRED_IN_FUNCTION; sc <= PRED_EVERYWHERE; sc++) {
    pred_dom d;
    pred_dom_init(&d, g, true, 10000, 0);
    d.scope = (pred_scope)sc;
    ck_assert(pred_domain.refine(&d, path, 3, core, 2));
    ck_assert_uint_eq(pred_count(&d), 2);
    ck_assert_uint_eq(pred_pairs(&d), 2 * in_main);
    /* the path again: nothing new from preconditions, so the program's
     * own conditions (pred_seed: x > 5 is new, as text); then nothing */
    ck_assert(pred_domain.refine(&d, path, 3, core, 2));
    ck_assert_uint_eq(pred_count(&d), 3);
    ck_assert(!pred_domain.refine(&d, path, 3, core, 2));
    pred_dom_free(&d);
  }
  cfa_free(g);
}
END_TEST

static rn_verdict verify(const char *src, bool sbe, bool explicit_values,
                         char **reason, size_t *ninputs);

/* The systemc pattern: a choice inside a large block sets a variable to
 * one of two constants, a later condition reads it. The block's
 * precondition must name the choice's condition (m_i == 1, m_st == 0),
 * since its branches need different things; the value flows out of a
 * function through its result. The refinement that took only the unsat
 * core's atoms (and substituted along one branch of each choice) found
 * no new predicate here. */
START_TEST(refinement_through_choices_in_blocks) {
  const char *p = "extern int __VERIFIER_nondet_int(void);\n"
                  "extern void reach_error(void);\n"
                  "int m_i, m_st;\n"
                  "void init(void) { if (m_i == 1) m_st = 0; else m_st = 2; }\n"
                  "int runnable(void) {\n"
                  "  int r; if (m_st == 0) r = 1; else r = 0; return r;\n"
                  "}\n"
                  "int main() {\n"
                  "  m_i = 1;\n"
                  "  init();\n"
                  "  while (__VERIFIER_nondet_int()) {\n"
                  "    if (!runnable()) reach_error();\n"
                  "  }\n"
                  "  return 0;\n"
                  "}\n";
  char *why = 0;
  ck_assert_int_eq(verify(p, false, false, &why, 0), RN_TRUE);
  free(why);
}
END_TEST

/* A compound assignment is `x = x op b` for the preconditions: num != 1
 * before `num += 1` is num + 1 != 1 (without it the atom was dropped as if
 * num were an input, and refinement found nothing new). */
START_TEST(refinement_through_compound_assignments) {
  const char *p = "extern int __VERIFIER_nondet_int(void);\n"
                  "extern void reach_error(void);\n"
                  "int num;\n"
                  "void inc(void) { num += 1; }\n"
                  "int main() {\n"
                  "  num = 0;\n"
                  "  inc();\n"
                  "  while (__VERIFIER_nondet_int()) {\n"
                  "    if (num != 1) reach_error();\n"
                  "  }\n"
                  "  return 0;\n"
                  "}\n";
  char *why = 0;
  ck_assert_int_eq(verify(p, false, false, &why, 0), RN_TRUE);
  free(why);
}
END_TEST

/* Verify src with o (max_refinements and solver timeout set here): the
 * verdict, its figures in *res (strings freed: reason and cex are not
 * kept), the reason (strdup) and the counterexample's inputs if asked. */
static rn_verdict verify_with(const char *src, rn_options o, rn_result *res,
                              char **reason, size_t *ninputs) {
  cfa *g = tb_build(src);
  rep_report *r = rep_new();
  r->program_path = rep_strdup(r, g->path);
  r->first_trace_seconds = -1;
  o.max_refinements = 50;
  o.solver_timeout_ms = 10000;
  rn_run(g, 0, &o, r, res);
  rn_verdict v = res->verdict;
  if (reason) *reason = res->reason ? strdup(res->reason) : 0;
  if (ninputs) *ninputs = res->cex ? res->cex->inputs.len : 0;
  if (v == RN_FALSE) {
    ck_assert_ptr_nonnull(res->cex);
    ck_assert_uint_eq(r->comp[REP_FRONTIER].traces.len, 1);
  }
  rn_result_free(res);
  res->cex = 0;
  rep_free(r);
  cfa_free(g);
  return v;
}

static rn_verdict verify(const char *src, bool sbe, bool explicit_values,
                         char **reason, size_t *ninputs) {
  rn_options o = {0};
  o.sbe = sbe;
  o.analysis = an_find(explicit_values ? "explicit" : "predicate");
  rn_result res;
  return verify_with(src, o, &res, reason, ninputs);
}

/* The predicate verifier with refinement `mode`: 0 preconditions, 1
 * cuts, 2 newton. */
static rn_verdict verify_refined(const char *src, int mode, rn_result *res) {
  rn_options o = {0};
  o.analysis = an_find("predicate");
  o.pred_cuts = mode == 1;
  o.pred_newton = mode == 2;
  return verify_with(src, o, res, 0, 0);
}

/* --refinement cuts: the precondition of b == 5 through the loop body
 * names every case of the choice (s == 1 ... s == 40: the branches need
 * different atoms), but the path cut at the loop head needs only b == 5
 * and t == 5 there (the unsat core of the cut path; a cut with more than
 * PRED_CUT_KEEP_ALL atoms). --refinement newton: the path relaxed to its
 * unsat core keeps none of the cases (b is never 50 whichever branch is
 * taken), so neither do its preconditions. All three prove it. */
START_TEST(refinement_by_cuts_keeps_what_the_cuts_need) {
  char p[8192];
  int len = snprintf(p, sizeof p,
                     "extern int __VERIFIER_nondet_int(void);\n"
                     "extern void reach_error(void);\n"
                     "int s, b, t;\n"
                     "int main() {\n"
                     "  s = __VERIFIER_nondet_int();\n"
                     "  b = 0;\n"
                     "  t = 0;\n"
                     "  while (__VERIFIER_nondet_int()) {\n    ");
  for (int k = 1; k <= 40; k++)
    len += snprintf(p + len, sizeof p - (size_t)len,
                    "if (s == %d) b = %d; else ", k, k);
  snprintf(p + len, sizeof p - (size_t)len,
           "b = t;\n"
           "  }\n"
           "  if (b == 50) reach_error();\n"
           "  return 0;\n"
           "}\n");
  unsigned long preds[3];
  for (int mode = 0; mode < 3; mode++) {
    rn_result res;
    ck_assert_int_eq(verify_refined(p, mode, &res), RN_TRUE);
    preds[mode] = res.dom.predicates;
    ck_assert_uint_eq(res.dom.relaxations > 0, mode == 2);
  }
  ck_assert_uint_ge(preds[0], 20); /* 26: cases dragged along */
  ck_assert_uint_eq(preds[1], 2);
  ck_assert_uint_eq(preds[2], 2);
}
END_TEST

/* --refinement newton on a state machine whose invariant needs the cases'
 * conditions (b == 1 exactly when s == 2): the cores keep them, and every
 * refinement proves the safe program and finds the bug of the other. */
START_TEST(refinement_by_newton_keeps_needed_conditions) {
  for (int bug = 0; bug < 2; bug++) {
    char src[1024];
    snprintf(src, sizeof src,
             "extern int __VERIFIER_nondet_int(void);\n"
             "extern void reach_error(void);\n"
             "int main() {\n"
             "  int s = 0, b = 0;\n"
             "  while (__VERIFIER_nondet_int()) {\n"
             "    if (s == 0) s = 1;\n"
             "    else if (s == 1) { s = 2; b = 1; }\n"
             "    else if (s == 2) { s = 0; b = %d; }\n"
             "  }\n"
             "  if (b == 1 && s != 2) reach_error();\n"
             "  return 0;\n"
             "}\n",
             bug ? 1 : 0);
    for (int mode = 0; mode < 3; mode++) {
      rn_result res;
      ck_assert_int_eq(verify_refined(src, mode, &res),
                       (bug ? RN_FALSE : RN_TRUE));
      if (mode == 2 && !bug) {
        ck_assert_uint_ge(res.dom.relaxations, 1);
        ck_assert_uint_ge(res.dom.relaxed_kept, 1);
      }
    }
  }
}
END_TEST

/* The predicate verifier (SBE) with lazy refinement (the default) or with
 * a new search after each refinement: its verdict and figures. */
static rn_verdict verify_lazy(const char *src, bool restart, rn_result *out) {
  rn_options o = {0};
  o.analysis = an_find("predicate");
  o.sbe = true;
  o.restart = restart;
  return verify_with(src, o, out, 0, 0);
}

/* Lazy refinement cuts the ARG back to the first state the new predicates
 * change: the nodes above it stay (fewer states in all than with a new
 * search each time), a node that covered others is cut too and the nodes
 * it covered are expanded again (else the bug behind the covered path
 * would be lost: a wrong TRUE). */
START_TEST(lazy_refinement_cuts_back_and_uncovers) {
  for (int order = 0; order < 2; order++) {
    /* a = 1 or a = 2 meet at one node with the same (empty) state, so one
     * path covers the other; only a == 2 leads to the error */
    char src[1024];
    snprintf(src, sizeof src,
             "extern int __VERIFIER_nondet_int(void);\n"
             "extern void reach_error(void);\n"
             "int main() {\n"
             "  int x = __VERIFIER_nondet_int();\n"
             "  int y = __VERIFIER_nondet_int();\n"
             "  int a;\n"
             "  if (y) a = %d; else a = %d;\n"
             "  if (a == 2) { if (x == 3) reach_error(); }\n"
             "  return 0;\n"
             "}\n",
             order ? 2 : 1, order ? 1 : 2);
    rn_result lazy, eager;
    ck_assert_int_eq(verify_lazy(src, false, &lazy), RN_FALSE);
    ck_assert_int_eq(verify_lazy(src, true, &eager), RN_FALSE);
  }
  /* safe after refinements: both say TRUE, lazily with fewer states and
   * a final ARG smaller than all the states made */
  const char *safe = "extern int __VERIFIER_nondet_int(void);\n"
                     "extern void reach_error(void);\n"
                     "int main() {\n"
                     "  int i = 0, s = 0;\n"
                     "  int n = __VERIFIER_nondet_int();\n"
                     "  while (i < 3) { i++; s = s + 2; }\n"
                     "  if (n > 0) s = s + 0;\n"
                     "  if (s == 5) reach_error();\n"
                     "  if (i != 3) reach_error();\n"
                     "  return 0;\n"
                     "}\n";
  rn_result lazy, eager;
  ck_assert_int_eq(verify_lazy(safe, false, &lazy), RN_TRUE);
  ck_assert_int_eq(verify_lazy(safe, true, &eager), RN_TRUE);
  ck_assert_uint_ge(lazy.refinements, 1);
  ck_assert_uint_lt(lazy.last_states, lazy.states);
  ck_assert_uint_lt(lazy.states, eager.states);
}
END_TEST

/* An abstraction copies the predicates a block leaves alone from the state
 * before it (pred_frame): x == 1 must not be copied across a block that
 * increments x, nor across one that adds to it, nor y == 0 across y = 1.
 * The error needs three rounds of the loop, after refinements: with a
 * write missed the FALSE programs come out TRUE. Nor across a call of code
 * without a body that is given an array. */
START_TEST(frame_copies_only_what_blocks_leave_alone) {
  const char *head = "extern int __VERIFIER_nondet_int(void);\n"
                     "int main() {\n"
                     "  int x = 0;\n"
                     "  int y = 0;\n"
                     "  int k = __VERIFIER_nondet_int();\n"
                     "  while (k > 0) {\n"
                     "    if (y == 0) { y = 1; }\n"
                     "    else if (y == 1) { ";
  const char *tail = " y = 2; }\n"
                     "    else { if (x == 1) { ERROR: return 1; } }\n"
                     "    k--;\n"
                     "  }\n"
                     "  return 0;\n"
                     "}\n";
  const char *body[] = {"x++;", "x += 1;", "x = x + 2;", "x -= 1;"};
  const rn_verdict want[] = {RN_FALSE, RN_FALSE, RN_TRUE, RN_TRUE};
  for (int i = 0; i < 4; i++) {
    char p[1024];
    snprintf(p, sizeof p, "%s%s%s", head, body[i], tail);
    ck_assert_msg(verify(p, false, false, 0, 0) == want[i], "%s", body[i]);
  }
  /* code without a body writes what an array passed to it holds (smt.h):
   * a[0] == 0 is not copied across fill(a) (it was: TRUE) */
  const char *fill = "extern int __VERIFIER_nondet_int(void);\n"
                     "extern void fill(int *p);\n"
                     "int a[2];\n"
                     "int main() {\n"
                     "  a[0] = 0;\n"
                     "  int k = __VERIFIER_nondet_int();\n"
                     "  while (k > 0) {\n"
                     "    if (a[0] == 0) { fill(a); }\n"
                     "    else { ERROR: return 1; }\n"
                     "    k--;\n"
                     "  }\n"
                     "  return 0;\n"
                     "}\n";
  ck_assert_int_eq(verify(fill, false, false, 0, 0), RN_FALSE);
}
END_TEST

/* A block's abstraction from the part of the state its formula is
 * connected to (pred_project), shared by states that differ elsewhere.
 * (1) the part holds what the block reads: a == 1 guards b = 1 and is
 * never true, so b == 1 never holds (without the block's reads in the
 * part, b == 1 came out open and refinement found nothing new: UNKNOWN).
 * (2) which of the target's predicates the state frames is in the key:
 * the first state at the inner loop knows p == 0 is false (framed across
 * its block), later ones do not; the result made for the first must not
 * give them p == 0 false (without the frame in the key: TRUE). */
START_TEST(projection_shares_what_blocks_connect) {
  const char *reads = "extern int __VERIFIER_nondet_int(void);\n"
                      "int main() {\n"
                      "  int a = 0, b = 0, c = 0;\n"
                      "  int k = __VERIFIER_nondet_int();\n"
                      "  while (k > 0) {\n"
                      "    if (__VERIFIER_nondet_int()) {\n"
                      "      if (a == 1) b = 1;\n"
                      "    }\n"
                      "    else { if (c == 0) c = 1; else c = 0; }\n"
                      "    if (b == 1) { ERROR: return 1; }\n"
                      "    k--;\n"
                      "  }\n"
                      "  return 0;\n"
                      "}\n";
  ck_assert_int_eq(verify(reads, false, false, 0, 0), RN_TRUE);
  /* p == 0 is false (framed) at the first arrival at the inner loop,
   * open at every later one (p is chosen anew) */
  const char *framed = "extern int __VERIFIER_nondet_int(void);\n"
                       "int main() {\n"
                       "  int p = __VERIFIER_nondet_int();\n"
                       "  int q = 0;\n"
                       "  int j = __VERIFIER_nondet_int();\n"
                       "  if (p != 1) return 0;\n"
                       "  while (1) {\n"
                       "    while (j > 0) { q++; j--; }\n"
                       "    if (p == 0) { if (q > 0) { ERROR: return 1; } }\n"
                       "    p = __VERIFIER_nondet_int();\n"
                       "    j = __VERIFIER_nondet_int();\n"
                       "    q = 0;\n"
                       "  }\n"
                       "  return 0;\n"
                       "}\n";
  ck_assert_int_eq(verify(framed, false, false, 0, 0), RN_FALSE);
}
END_TEST

START_TEST(verify_true_after_refinement) {
  for (int xv = 0; xv < 2; xv++)
    ck_assert_int_eq(verify(prog_xy, true, xv, 0, 0), RN_TRUE);
}
END_TEST

START_TEST(verify_false_with_input) {
  const char *p = "extern int __VERIFIER_nondet_int(void);\n"
                  "int main() {\n"
                  "  int x = __VERIFIER_nondet_int();\n"
                  "  int y = 0;\n"
                  "  if (x > 5) y = 1;\n"
                  "  if (y == 1) { if (x == 9) { ERROR: return 1; } }\n"
                  "  return 0;\n"
                  "}\n";
  size_t n;
  for (int xv = 0; xv < 2; xv++) {
    ck_assert_int_eq(verify(p, true, xv, 0, &n), RN_FALSE);
    ck_assert_uint_eq(n, 1);
  }
}
END_TEST

START_TEST(verify_unknown_with_reasons) {
  /* the loop's invariant x <= 10 is no branch condition: preconditions
   * stop growing, and the verifier says so instead of looping */
  const char *loop = "extern void reach_error(void);\n"
                     "int main() {\n"
                     "  unsigned x = 0;\n"
                     "  while (x < 10) x = x + 2;\n"
                     "  if (x == 11) reach_error();\n"
                     "  return 0;\n"
                     "}\n";
  char *why;
  rn_verdict v = verify(loop, true, false, &why, 0);
  ck_assert_int_ne(v, RN_FALSE);
  if (v == RN_UNKNOWN) {
    ck_assert_ptr_nonnull(why);
    ck_assert_ptr_nonnull(strstr(why, "refinement"));
  }
  free(why);
  const char *un = "extern void reach_error(void);\n"
                   "union u { int i; char c; };\n"
                   "int main() {\n"
                   "  union u x; x.i = 0;\n"
                   "  if (x.c) reach_error();\n"
                   "  return 0;\n"
                   "}\n";
  ck_assert_int_eq(verify(un, true, false, &why, 0), RN_UNKNOWN);
  ck_assert_ptr_nonnull(strstr(why, "union"));
  free(why);
}
END_TEST

/* Open memory (pred_sup.c, smtm_open): programs that take addresses and
 * allocate are analysed. A pointer from before a block may point into a
 * variable whose address the program takes, or into memory of earlier
 * blocks (the heap, a caller's locals); writes through it change them,
 * and a fact about them does not survive a call that may write there. */
#define PT_HEAD                                                              \
  "extern int __VERIFIER_nondet_int(void);\n"                              \
  "extern void reach_error(void);\n"                                       \
  "extern void *malloc(unsigned long);\n"                                  \
  "struct node { int data; struct node *next; };\n"                        \
  "int g;\n"                                                               \
  "void set(int *p, int v) { *p = v; }\n"                                  \
  "void fa(void) { g = 1; }\n"                                             \
  "void fb(void) { g = 2; }\n"                                             \
  "int main(void) {\n"                                                     \
  "  int n = __VERIFIER_nondet_int(), y = 0;\n"

static rn_verdict verify_pt(const char *body) {
  char src[4096];
  snprintf(src, sizeof src, "%s%s  return 0;\n}\n", PT_HEAD, body);
  char *why = 0;
  rn_verdict v = verify(src, false, false, &why, 0);
  free(why);
  return v;
}

/* A loop's condition with a side effect (n-- > 0) taken as a predicate
 * is the condition on the state before it (n > 0): evaluated as written
 * at each block's start (the touch) and end, it decremented n there, and
 * the analysis said TRUE of this reachable error (n = 1: a[c] is 1). */
START_TEST(predicates_without_side_effects) {
  const char *p = "extern int __VERIFIER_nondet_int(void);\n"
                  "extern void reach_error(void);\n"
                  "int main(void) {\n"
                  "  int a[3] = {0, 0, 0};\n"
                  "  int n = __VERIFIER_nondet_int();\n"
                  "  if (n < 0 || n > 3) return 0;\n"
                  "  int c = __VERIFIER_nondet_int();\n"
                  "  if (c < 0 || c > 2) return 0;\n"
                  "  a[c] = 0;\n"
                  "  while (n-- > 0) a[c] = 1;\n"
                  "  if (0 != a[c]) reach_error();\n"
                  "  return 0;\n"
                  "}\n";
  ck_assert_int_eq(verify(p, false, false, 0, 0), RN_FALSE);
}
END_TEST

START_TEST(pointers_alias_variables) {
  /* *p is x across the loop: the refinement names p == &x */
  ck_assert_int_eq(verify_pt("  int x = 0; int *p = &x;\n"
                             "  while (n-- > 0) { *p = *p + 1; y = y + 1; }\n"
                             "  if (x != y) reach_error();\n"),
                   RN_TRUE);
  /* one of two variables is written, never both */
  ck_assert_int_eq(verify_pt("  int x = 0, z = 0; int *p = &x;\n"
                             "  if (__VERIFIER_nondet_int()) p = &z;\n"
                             "  while (n-- > 0) *p = 1;\n"
                             "  if (x == 1 && z == 1) reach_error();\n"
                             "  if (x == 1 && p == &z) reach_error();\n"),
                   RN_TRUE);
  /* p + 2 writes a[3], never a[1]: the refinement splits the atom a[1]
   * == 3 over the write p[1] = 3 on &p[1] == &a[1] (Morris's rule; with
   * the atom carried back unchanged it found no new predicate) */
  ck_assert_int_eq(verify_pt("  int a[4] = {0, 0, 0, 0}; int *p = a + 2;\n"
                             "  while (n-- > 0) p[1] = 3;\n"
                             "  if (a[1] == 3) reach_error();\n"),
                   RN_TRUE);
  /* a pointer from before the loop reads the global the loop writes */
  ck_assert_int_eq(verify_pt("  int *p = &g; g = 0;\n"
                             "  while (n-- > 0) g = 1;\n"
                             "  if (*p == 1) reach_error();\n"),
                   RN_FALSE);
  /* a callee writes a global and a caller's local through its parameter */
  ck_assert_int_eq(verify_pt("  g = 0;\n"
                             "  while (n-- > 0) set(&g, 1);\n"
                             "  if (g == 1) reach_error();\n"),
                   RN_FALSE);
  ck_assert_int_eq(verify_pt("  int x = 0;\n"
                             "  while (n-- > 0) set(&x, 3);\n"
                             "  if (x == 3) reach_error();\n"),
                   RN_FALSE);
  /* the refinement of the 0-round path puts x == 3 at the call, false
   * there: the callee changes x, so the fact must not survive the call
   * (carried over, this was TRUE) */
  ck_assert_int_eq(verify_pt("  int x = 0, i = 0;\n"
                             "  set(&x, 3);\n"
                             "  while (i < 2) i++;\n"
                             "  if (x == 3 && i == 2) reach_error();\n"),
                   RN_FALSE);
  /* with SBE, `y = 1` alone leaves x == 5 as it was (no solver), but the
   * write through p beside it does not: memory is a variable of both */
  char src[4096];
  snprintf(src, sizeof src, "%s%s  return 0;\n}\n", PT_HEAD,
           "  int x = 0; int *p = &x;\n"
           "  while (n-- > 0) { y = 1; *p = 5; }\n"
           "  if (x == 5) reach_error();\n");
  ck_assert_int_eq(verify(src, true, false, 0, 0), RN_FALSE);
}
END_TEST

START_TEST(pointers_into_the_heap) {
  /* a heap cell keeps its value over a loop that does not write it */
  ck_assert_int_eq(verify_pt("  struct node *t = malloc(sizeof *t);\n"
                             "  t->data = 5;\n"
                             "  while (n-- > 0) y++;\n"
                             "  if (t->data != 5) reach_error();\n"),
                   RN_TRUE);
  /* a pointer to a local stored in the heap, written through twice */
  ck_assert_int_eq(verify_pt("  int x = 0; int **pp = malloc(sizeof *pp);\n"
                             "  *pp = &x;\n"
                             "  while (n-- > 0) **pp = 0;\n"
                             "  if (x == 7) reach_error();\n"),
                   RN_TRUE);
  ck_assert_int_eq(verify_pt("  int x = 0; int **pp = malloc(sizeof *pp);\n"
                             "  *pp = &x;\n"
                             "  while (n-- > 0) **pp = 7;\n"
                             "  if (x == 7) reach_error();\n"),
                   RN_FALSE);
  /* a heap cell written through an alias of its pointer */
  ck_assert_int_eq(verify_pt("  struct node *t = malloc(sizeof *t);\n"
                             "  struct node *q = t; t->data = 0;\n"
                             "  while (n-- > 0) q->data = 5;\n"
                             "  if (t->data == 5) reach_error();\n"),
                   RN_FALSE);
  /* a new object is none that a pointer from before points into */
  ck_assert_int_eq(verify_pt("  struct node *h = malloc(sizeof *h);\n"
                             "  h->data = 1;\n"
                             "  while (n-- > 0) {\n"
                             "    struct node *t = malloc(sizeof *t);\n"
                             "    t->data = 2; t->next = h;\n"
                             "  }\n"
                             "  if (h->data != 1) reach_error();\n"),
                   RN_TRUE);
  /* bytes written through another type than they are read with: the
   * int is not its old value (a stale one would prove this TRUE) */
  ck_assert_int_ne(verify_pt("  int *a = malloc(2 * sizeof *a); a[0] = 0;\n"
                             "  char *c = (char *)a;\n"
                             "  while (n-- > 0) c[0] = 1;\n"
                             "  if (a[0] != 0) reach_error();\n"),
                   RN_TRUE);
  /* a list built in one loop and read in another */
  ck_assert_int_eq(verify_pt("  struct node *h = 0;\n"
                             "  while (n-- > 0) {\n"
                             "    struct node *t = malloc(sizeof *t);\n"
                             "    t->data = 1; t->next = h; h = t;\n"
                             "  }\n"
                             "  if (h && h->data == 1) reach_error();\n"),
                   RN_FALSE);
}
END_TEST

START_TEST(pointers_to_functions) {
  /* the pointer is set before the loop and called after it */
  ck_assert_int_eq(verify_pt("  void (*fp)(void) = fa;\n"
                             "  if (__VERIFIER_nondet_int()) fp = fb;\n"
                             "  while (n-- > 0) y++;\n"
                             "  fp();\n"
                             "  if (g == 2) reach_error();\n"),
                   RN_FALSE);
  ck_assert_int_eq(verify_pt("  void (*fp)(void) = fa;\n"
                             "  while (n-- > 0) y++;\n"
                             "  fp();\n"
                             "  if (g == 2) reach_error();\n"),
                   RN_TRUE);
}
END_TEST

START_TEST(verify_calls_and_returns) {
  /* facts about the caller's locals survive the call; the callee's
   * result comes back through the return edge */
  const char *p = "extern int __VERIFIER_nondet_int(void);\n"
                  "extern void reach_error(void);\n"
                  "int g;\n"
                  "int inc(int a) { g = g + 1; return a + 1; }\n"
                  "int main() {\n"
                  "  int k = __VERIFIER_nondet_int();\n"
                  "  int r;\n"
                  "  g = 0;\n"
                  "  if (k > 100) return 0;\n"
                  "  r = inc(k);\n"
                  "  if (g != 1) reach_error();\n"
                  "  if (k > 100) reach_error();\n"
                  "  return 0;\n"
                  "}\n";
  ck_assert_int_eq(verify(p, true, false, 0, 0), RN_TRUE);
  const char *q = "extern int __VERIFIER_nondet_int(void);\n"
                  "extern void reach_error(void);\n"
                  "int twice(int a) { return a + a; }\n"
                  "int main() {\n"
                  "  int k = __VERIFIER_nondet_int();\n"
                  "  int r = twice(k);\n"
                  "  if (r == 14) reach_error();\n"
                  "  return 0;\n"
                  "}\n";
  size_t n;
  ck_assert_int_eq(verify(q, true, false, 0, &n), RN_FALSE);
  ck_assert_uint_eq(n, 1);
}
END_TEST

int main(void) {
  Suite *s = suite_create("pred");
  TCase *t = tcase_create("pred");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, cartesian_post_decides_and_leaves_open);
  tcase_add_test(t, boolean_abstraction_keeps_correlations);
  tcase_add_test(t, coverage_by_implication);
  tcase_add_test(t, bdd_states);
  tcase_add_test(t, refinement_adds_preconditions_along_the_path);
  tcase_add_test(t, refinement_through_choices_in_blocks);
  tcase_add_test(t, refinement_through_compound_assignments);
  tcase_add_test(t, verify_true_after_refinement);
  tcase_add_test(t, verify_false_with_input);
  tcase_add_test(t, verify_unknown_with_reasons);
  tcase_add_test(t, predicates_without_side_effects);
  tcase_add_test(t, pointers_alias_variables);
  tcase_add_test(t, pointers_into_the_heap);
  tcase_add_test(t, pointers_to_functions);
  tcase_add_test(t, verify_calls_and_returns);
  tcase_add_test(t, lazy_refinement_cuts_back_and_uncovers);
  tcase_add_test(t, refinement_shares_predicates_by_scope);
  tcase_add_test(t, refinement_by_cuts_keeps_what_the_cuts_need);
  tcase_add_test(t, refinement_by_newton_keeps_needed_conditions);
  tcase_add_test(t, frame_copies_only_what_blocks_leave_alone);
  tcase_add_test(t, projection_shares_what_blocks_connect);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? 1 : 0;
}
