/* Unit tests of formula handles (smt_formula.h): path and condition
 * handles, implication, and the abstraction of a formula over atoms in
 * its three modes, apart groups, and under a time budget. */
#include "smt_test.h"

/* A context for g with the path x = input; x > 5 pushed (g declares x
 * from __VERIFIER_nondet_int and branches on x > 5). */
static smt_ctx *x_above_5(cfa *g) {
  smt_ctx *s = smt_new(g, 10000);
  ck_assert(smt_push_edge(
      s, edge(g, CFA_STATEMENT, "int x = __VERIFIER_nondet_int();")));
  ck_assert(smt_push_edge(s, A("[x > 5]")));
  return s;
}

START_TEST(formula_handles) {
  cfa *g = build(DECLS "int main() {\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  int y = x - 1;\n"
                       "  if (x > 5) {\n"
                       "    if (y > 4) reach_error();\n"
                       "    if (x > 3) reach_error();\n"
                       "    if (x > 7) reach_error();\n"
                       "  }\n  return 0;\n}\n");
  /* a 2-edge path: x = input; x > 5 (x's declaration is not needed) */
  smt_ctx *s = x_above_5(g);
  char *why = 0;
  smt_formula *pf = smt_formula_path(s, &why);
  ck_assert_ptr_nonnull(pf);
  ck_assert_ptr_null(why);
  /* conditions over x after the pf: x > 3 follows, x > 7 does not */
  smt_formula *gt3 = smt_formula_assume(s, A("[x > 3]"), &why);
  ck_assert_ptr_nonnull(gt3);
  ck_assert_uint_eq(smt_depth(s), 2); /* the condition's edge is not kept */
  ck_assert_int_eq(smt_formula_implies(s, pf, gt3, 0), SMT_ANSWER_YES);
  smt_formula *gt7 = smt_formula_assume(s, A("[x > 7]"), 0);
  smt_formula *le7 = smt_formula_assume(s, A("[!(x > 7)]"), 0);
  ck_assert_int_eq(smt_formula_implies(s, pf, gt7, 0), SMT_ANSWER_NO);
  ck_assert_int_eq(smt_formula_implies(s, pf, le7, 0), SMT_ANSWER_NO);
  /* x > 7 and x <= 7 exclude each other; the pf allows either */
  smt_formula *both = smt_formula_and(s, gt7, le7);
  ck_assert_int_eq(smt_formula_sat(s, both, 0), SMT_ANSWER_NO);
  smt_formula *either = smt_formula_or(s, gt7, le7);
  ck_assert_int_eq(smt_formula_implies(s, pf, either, 0), SMT_ANSWER_YES);
  smt_formula *p_le7 = smt_formula_and(s, pf, le7);
  ck_assert_int_eq(smt_formula_sat(s, p_le7, 0), SMT_ANSWER_YES);
  smt_formula *neg = smt_formula_not(s, gt3);
  ck_assert_int_eq(smt_formula_implies(s, pf, neg, 0), SMT_ANSWER_NO);
  smt_formula_free(s, p_le7);
  smt_formula_free(s, both);
  /* y has no value on this pf (it is uninitialised): y > 4 does not
   * follow; after y = x - 1 it does (no overflow: x > 5) */
  smt_formula *y4 = smt_formula_assume(s, A("[y > 4]"), 0);
  ck_assert_int_eq(smt_formula_implies(s, pf, y4, 0), SMT_ANSWER_NO);
  smt_pop(s, 1);
  ck_assert(smt_push_edge(s, edge(g, CFA_DECLARATION, "int y = x - 1;")));
  ck_assert(smt_push_edge(s, A("[x > 5]")));
  smt_formula *path3 = smt_formula_path(s, 0);
  y4 = smt_formula_assume(s, A("[y > 4]"), 0);
  ck_assert_int_eq(smt_formula_implies(s, path3, y4, 0), SMT_ANSWER_YES);
  char *text = smt_formula_text(s, y4);
  /* over x: y's value is x - 1, x the context's first constant (x's
   * input; smtz_fresh numbers its constants) */
  ck_assert_ptr_nonnull(strstr(text, "(bvadd #xffffffff k!0)"));
  mem_free(text);
  /* the pf itself is decided as before */
  ck_assert_int_eq(smt_check(s, 0, 0), SMT_FEASIBLE);
  /* a statement is no assume edge */
  ck_assert_ptr_null(
      smt_formula_assume(s, edge(g, CFA_DECLARATION, "int y = x - 1;"), &why));
  ck_assert_str_eq(why, "not an assume edge");
  mem_free(why);
  smt_free(s); /* frees the handles still live */
  cfa_free(g);
}
END_TEST

/* A chain of definitions (t = t + 1 three times after l = t): each atom
 * over the last t is decided by the block alone, in every mode. The
 * abstraction solves the definitions away before its checks (t's last
 * value is l + 3 over the entry); the answers are the same. */
START_TEST(formula_abstraction_chain) {
  cfa *g = build(DECLS "int main() {\n"
                       "  int t = __VERIFIER_nondet_int();\n"
                       "  int l = t;\n"
                       "  t = t + 1;\n"
                       "  t += 1;\n"
                       "  t = 1 + t;\n"
                       "  if (t == l + 3) reach_error();\n"
                       "  if (t == l + 2) reach_error();\n"
                       "  if (t == l + 4) reach_error();\n"
                       "  return 0;\n}\n");
  smt_ctx *s = smt_new(g, 10000);
  smt_set_raw(s, true); /* as the predicate domain's */
  const char *steps[] = {"int t = __VERIFIER_nondet_int();", "int l = t;",
                         "t = t + 1;", "t += 1;", "t = 1 + t;"};
  for (size_t i = 0; i < 5; i++)
    ck_assert(smt_push_edge(
        s, edge(g, i < 2 ? (i ? CFA_DECLARATION : CFA_STATEMENT)
                         : CFA_STATEMENT,
                steps[i])));
  smt_formula *pf = smt_formula_path(s, 0);
  smt_formula *at[4] = {smt_formula_assume(s, A("[t == l + 3]"), 0),
                        smt_formula_assume(s, A("[t == l + 2]"), 0),
                        smt_formula_assume(s, A("[t == l + 4]"), 0),
                        smt_formula_assume(s, A("[!(t == l + 3)]"), 0)};
  const smt_formula *const *a = (const smt_formula *const *)at;
  for (int mode = 0; mode < 3; mode++) {
    unsigned char *rows;
    size_t n;
    ck_assert_int_eq(smt_formula_abstract(s, pf, a, 4, (smt_abs_mode)mode, 99,
                                          &rows, &n, 0),
                     SMT_ANSWER_YES);
    ck_assert_uint_eq(n, 1);
    ck_assert(rows[0] == 1 && rows[1] == 0 && rows[2] == 0 && rows[3] == 0);
    mem_free(rows);
  }
  /* the path with the second atom is infeasible: no cube at all */
  smt_formula *bad = smt_formula_and(s, pf, at[1]);
  unsigned char *rows;
  size_t n;
  ck_assert_int_eq(
      smt_formula_abstract(s, bad, a, 4, SMT_ABS_WIDENED, 99, &rows, &n, 0),
      SMT_ANSWER_NO);
  smt_free(s);
  cfa_free(g);
}
END_TEST

/* The three Boolean abstractions of one path formula (x = input; x > 5)
 * over [x > 3] (fixed by it), [x > 7] and [y > 4] (free: y has no value). */
START_TEST(formula_abstraction_modes) {
  cfa *g = build(DECLS "int main() {\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  int y;\n"
                       "  if (x > 5) {\n"
                       "    if (y > 4) reach_error();\n"
                       "    if (x > 3) reach_error();\n"
                       "    if (x > 7) reach_error();\n"
                       "  }\n  return 0;\n}\n");
  smt_ctx *s = x_above_5(g);
  smt_formula *pf = smt_formula_path(s, 0);
  smt_formula *at[3] = {smt_formula_assume(s, A("[x > 3]"), 0),
                        smt_formula_assume(s, A("[x > 7]"), 0),
                        smt_formula_assume(s, A("[y > 4]"), 0)};
  const smt_formula *const *a = (const smt_formula *const *)at;
  unsigned char *rows;
  size_t n;
  /* Cartesian: x > 3 decided, the others open */
  ck_assert_int_eq(
      smt_formula_abstract(s, pf, a, 3, SMT_ABS_CARTESIAN, 99, &rows, &n, 0),
      SMT_ANSWER_YES);
  ck_assert_uint_eq(n, 1);
  ck_assert(rows[0] == 1 && rows[1] == 2 && rows[2] == 2);
  mem_free(rows);
  /* widened: the free atoms open, one cube */
  ck_assert_int_eq(
      smt_formula_abstract(s, pf, a, 3, SMT_ABS_WIDENED, 99, &rows, &n, 0),
      SMT_ANSWER_YES);
  ck_assert_uint_eq(n, 1);
  ck_assert(rows[0] == 1 && rows[1] == 2 && rows[2] == 2);
  mem_free(rows);
  /* exact: the 2 minterms of x > 7, x > 3 in each; y > 4 shares no value
   * with the path formula (y is read by the atom alone), so it stays open
   * in every row without being enumerated */
  ck_assert_int_eq(
      smt_formula_abstract(s, pf, a, 3, SMT_ABS_EXACT, 99, &rows, &n, 0),
      SMT_ANSWER_YES);
  ck_assert_uint_eq(n, 2);
  unsigned seen = 0;
  for (size_t k = 0; k < n; k++) {
    ck_assert_uint_eq(rows[k * 3], 1);
    ck_assert(rows[k * 3 + 1] < 2 && rows[k * 3 + 2] == 2);
    seen |= 1u << rows[k * 3 + 1];
  }
  ck_assert_uint_eq(seen, 3);
  mem_free(rows);
  /* more minterms than allowed: no answer, and why */
  char *why = 0;
  ck_assert_int_eq(
      smt_formula_abstract(s, pf, a, 3, SMT_ABS_EXACT, 1, &rows, &n, &why),
      SMT_ANSWER_UNKNOWN);
  ck_assert_ptr_nonnull(why);
  mem_free(why);
  /* correlated atoms stay exact when widened: x > 7 and !(x > 7) */
  smt_formula *le7 = smt_formula_assume(s, A("[!(x > 7)]"), 0);
  const smt_formula *pair[2] = {at[1], le7};
  ck_assert_int_eq(
      smt_formula_abstract(s, pf, pair, 2, SMT_ABS_WIDENED, 99, &rows, &n, 0),
      SMT_ANSWER_YES);
  ck_assert_uint_eq(n, 2);
  for (size_t k = 0; k < n; k++)
    ck_assert(rows[k * 2] + rows[k * 2 + 1] == 1);
  mem_free(rows);
  smt_free(s);
  cfa_free(g);
}
END_TEST

/* An atom that shares no value with the path formula nor with another
 * atom is left open without a check; atoms the path fixes (a stored
 * constant: ground), that share a value with it, or that share a value with
 * each other (z == 1, z == 2: correlated) are abstracted. */
START_TEST(formula_abstraction_apart) {
  cfa *g = build(DECLS "int z, w;\n"
                       "int main() {\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  int c = 0;\n"
                       "  int r = z;\n"
                       "  if (x > 5) {\n"
                       "    if (z == 1) reach_error();\n"
                       "    if (z == 2) reach_error();\n"
                       "    if (w > 5) reach_error();\n"
                       "    if (c == 1) reach_error();\n"
                       "    if (x > 3) reach_error();\n"
                       "  }\n  return 0;\n}\n");
  smt_ctx *s = x_above_5(g);
  ck_assert(smt_push_edge(s, edge(g, CFA_DECLARATION, "int c = 0;")));
  /* z is read once for the whole abstraction (as pred.c's touches do), so
   * that the atoms about z share its value; r = z says nothing of it */
  ck_assert(smt_push_edge(s, edge(g, CFA_DECLARATION, "int r = z;")));
  smt_formula *pf = smt_formula_path(s, 0);
  smt_formula *at[5] = {smt_formula_assume(s, A("[z == 1]"), 0),
                        smt_formula_assume(s, A("[z == 2]"), 0),
                        smt_formula_assume(s, A("[w > 5]"), 0),
                        smt_formula_assume(s, A("[c == 1]"), 0),
                        smt_formula_assume(s, A("[x > 3]"), 0)};
  const smt_formula *without[4] = {at[0], at[1], at[3], at[4]};
  for (int mode = SMT_ABS_CARTESIAN; mode <= SMT_ABS_EXACT; mode++) {
    unsigned char *rows, *rows4;
    size_t n, n4;
    unsigned long c0 = smt_solver_calls(s);
    ck_assert_int_eq(smt_formula_abstract(s, pf, without, 4, (smt_abs_mode)mode,
                                          99, &rows4, &n4, 0),
                     SMT_ANSWER_YES);
    unsigned long c1 = smt_solver_calls(s);
    ck_assert_int_eq(smt_formula_abstract(s, pf, (const smt_formula *const *)at,
                                          5, (smt_abs_mode)mode, 99, &rows, &n,
                                          0),
                     SMT_ANSWER_YES);
    /* w > 5 costs no check, and is open in every row; the rest is the
     * abstraction without it */
    ck_assert_uint_eq(smt_solver_calls(s) - c1, c1 - c0);
    ck_assert_uint_eq(n, n4);
    for (size_t k = 0; k < n; k++) {
      const unsigned char *r = rows + k * 5, *r4 = rows4 + k * 4;
      ck_assert(r[0] == r4[0] && r[1] == r4[1] && r[2] == 2 && r[3] == r4[2] &&
                r[4] == r4[3]);
      /* c == 1 is ground (c = 0 stored), x > 3 follows from x > 5 */
      ck_assert(r[3] == 0 && r[4] == 1);
    }
    /* z == 1 and z == 2 stay correlated where the mode keeps it: exact
     * has the three minterms other than both true; the others open both,
     * as they would with the path formula, and with no check of their own
     * (z == c for distinct c: each can flip alone) */
    if (mode == SMT_ABS_EXACT) {
      ck_assert_uint_eq(n, 3);
      for (size_t k = 0; k < n; k++)
        ck_assert(rows[k * 5] + rows[k * 5 + 1] < 2);
    } else {
      ck_assert(rows[0] == 2 && rows[1] == 2);
      mem_free(rows);
      const smt_formula *free3[3] = {at[0], at[1], at[2]};
      c0 = smt_solver_calls(s);
      ck_assert_int_eq(smt_formula_abstract(s, pf, free3, 3, (smt_abs_mode)mode,
                                            99, &rows, &n, 0),
                       SMT_ANSWER_YES);
      ck_assert_uint_eq(smt_solver_calls(s) - c0, 1); /* pf alone */
      ck_assert(n == 1 && rows[0] == 2 && rows[1] == 2 && rows[2] == 2);
    }
    mem_free(rows);
    mem_free(rows4);
  }
  smt_free(s);
  cfa_free(g);
}
END_TEST

/* The abstraction's checks share one timeout: when the first hard check
 * (factoring a 64-bit semiprime, out of reach in 50 ms) has used it up, no
 * further check runs, where each atom's check used to get a timeout of its
 * own (4 checks here instead of 2, and a soft time limit overshot by as
 * many). Widened and exact: no answer, and why; Cartesian: the atoms left
 * open. */
START_TEST(formula_abstraction_time) {
  cfa *g = build_dm(
      DECLS "int main() {\n"
            "  unsigned long x = __VERIFIER_nondet_long();\n"
            "  unsigned long y = __VERIFIER_nondet_long();\n"
            "  if (x > 1 && y > 1 && x < 4294967296UL && y < 4294967296UL) {\n"
            "    if (x * y == 9900000065700000019UL) reach_error();\n"
            "    if (x * y == 11100000133300000399UL) reach_error();\n"
            "    if (x * y == 13200000027100000007UL) reach_error();\n"
            "  }\n  return 0;\n}\n",
      CFA_LP64);
  smt_ctx *s = smt_new(g, 1000);
  path p = walk(g,
                C("[x > 1]", "[y > 1]", "[x < 4294967296UL]",
                  "[y < 4294967296UL]", "[x * y == 9900000065700000019UL]"),
                "[x * y == 9900000065700000019UL]");
  for (size_t i = 0; i + 1 < p.n; i++)
    ck_assert(smt_push_edge(s, p.e[i]));
  smt_formula *pf = smt_formula_path(s, 0);
  smt_formula *at[3] = {
      smt_formula_assume(s, A("[x * y == 9900000065700000019UL]"), 0),
      smt_formula_assume(s, A("[x * y == 11100000133300000399UL]"), 0),
      smt_formula_assume(s, A("[x * y == 13200000027100000007UL]"), 0)};
  for (int mode = SMT_ABS_CARTESIAN; mode <= SMT_ABS_EXACT; mode++) {
    unsigned char *rows = 0;
    size_t n = 0;
    char *why = 0;
    unsigned long c0 = smt_solver_calls(s);
    smt_answer r =
        smt_formula_abstract(s, pf, (const smt_formula *const *)at, 3,
                             (smt_abs_mode)mode, 99, &rows, &n, &why);
    ck_assert_uint_le(smt_solver_calls(s) - c0, 2);
    if (mode == SMT_ABS_CARTESIAN) {
      ck_assert_int_eq(r, SMT_ANSWER_YES);
      ck_assert(n == 1 && rows[0] == 2 && rows[1] == 2 && rows[2] == 2);
    } else {
      ck_assert_int_eq(r, SMT_ANSWER_UNKNOWN);
      ck_assert_ptr_nonnull(why);
    }
    mem_free(rows);
    mem_free(why);
  }
  mem_free(p.e);
  smt_free(s);
  cfa_free(g);
}
END_TEST

void smt_test_formulas(TCase *t) {
  tcase_add_test(t, formula_abstraction_time);
  tcase_add_test(t, formula_handles);
  tcase_add_test(t, formula_abstraction_modes);
  tcase_add_test(t, formula_abstraction_chain);
  tcase_add_test(t, formula_abstraction_apart);
}
