/* Affine equalities and known low bits at loop heads (analysis/karr.h), on
 * the CFA and on its large blocks: the invariants of counting loops, the
 * low bits of multiples and masks, none for a variable the
 * program multiplies by itself, whose address it takes or that a call may
 * change; and the predicate analysis that starts from them (TRUE where
 * refinement by preconditions found no new predicate). */
#include "tbuild.h"
#include "analysis/karr.h"
#include "program/expr.h"
#include "program/lbe.h"
#include "report/report.h"
#include "report/run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define DECLS                                                                  \
  "extern int __VERIFIER_nondet_int(void);\n"                                  \
  "extern unsigned __VERIFIER_nondet_uint(void);\n"                            \
  "extern void reach_error(void);\n"

/* The equalities of g as one text: "a; b; ..." in the order found. */
static char *eqs(const cfa *g) {
  mem_arena *A = mem_arena_new();
  size_t n = 0;
  karr_eq *e = karr_equalities(g, A, 16, &n);
  char *all = mem_strdup("");
  for (size_t i = 0; i < n; i++) {
    char *t = ex_old_text(e[i].expr);
    const cfa_function *f = e[i].at->function;
    ck_assert(e[i].at->is_loop_head ||
              (e[i].at->orig && e[i].at->orig->is_loop_head) ||
              (f && (e[i].at == f->entry || e[i].at == f->exit)));
    char *u = mem_printf("%s%s%s", all, i ? "; " : "", t);
    mem_free(all);
    mem_free(t);
    all = u;
  }
  mem_free(e);
  mem_arena_free(A);
  return all;
}

/* Both the CFA's and its large blocks' equalities are `want`. */
static void expect_eqs(const char *src, const char *want) {
  cfa *g = tb_build(src);
  char *got = eqs(g);
  ck_assert_msg(!strcmp(got, want), "CFA: got \"%s\", wanted \"%s\"", got,
                want);
  mem_free(got);
  char *err = 0;
  cfa *b = lbe_summarise(g, &err);
  ck_assert_msg(b, "%s", err ? err : "");
  got = eqs(b);
  ck_assert_msg(!strcmp(got, want), "LBE: got \"%s\", wanted \"%s\"", got,
                want);
  mem_free(got);
  cfa_free(b);
  cfa_free(g);
}

/* The predicate analysis says TRUE on src, with `invariants` of karr's. */
static void expect_true(const char *src, unsigned long invariants) {
  cfa *g = tb_build(src);
  rep_report *r = rep_new();
  r->program_path = rep_strdup(r, g->path);
  r->first_trace_seconds = -1;
  rn_options o = {0};
  o.analysis = an_find("predicate");
  o.max_refinements = 50;
  o.solver_timeout_ms = 10000;
  rn_result res;
  rn_run(g, 0, &o, r, &res);
  ck_assert_msg(res.verdict == RN_TRUE, "%s: %s", rn_verdict_name(res.verdict),
                res.reason ? res.reason : "");
  ck_assert_uint_eq(res.dom.invariants, invariants);
  rn_result_free(&res);
  rep_free(r);
  cfa_free(g);
}

START_TEST(counting_loops) {
  expect_eqs(DECLS "int main() {\n"
                   "  unsigned n = __VERIFIER_nondet_uint(), x = n, y = 0;\n"
                   "  while (x > 0) { x--; y++; }\n"
                   "  if (y != n) reach_error();\n"
                   "  return 0;\n}\n",
             "n == (x + y)");
  /* two relations, one with a coefficient */
  expect_eqs(DECLS "int main() {\n"
                   "  int i = __VERIFIER_nondet_int(), j = "
                   "__VERIFIER_nondet_int();\n"
                   "  int x = i, y = j, z = 0;\n"
                   "  while (x != 0) { x--; y -= 2; z++; }\n"
                   "  if (i == j && y != -z) reach_error();\n"
                   "  return 0;\n}\n",
             "i == (x + z); j == (y + (2 * z))");
  /* an affine hull over the branches: x - 2y stays 0 either way */
  expect_eqs(DECLS "int main() {\n"
                   "  int x = 0, y = 0;\n"
                   "  while (__VERIFIER_nondet_int()) {\n"
                   "    if (__VERIFIER_nondet_int()) { x += 2; y++; }\n"
                   "    else { x = x + 4; y += 2; }\n"
                   "  }\n"
                   "  return 0;\n}\n",
             "x == (2 * y); (x & 1) == 0");
}
END_TEST

/* Known low bits (congruences modulo powers of two): multiples of 2^20,
 * 2^21 and 2^22 added to zero; a mask; an odd start kept odd. */
START_TEST(low_bits) {
  expect_eqs(DECLS "int main() {\n"
                   "  unsigned x = 0, y = 0, z = 0;\n"
                   "  while (1) {\n"
                   "    x = x + 1048576U * __VERIFIER_nondet_uint();\n"
                   "    y = y + 2097152U * __VERIFIER_nondet_uint();\n"
                   "    z = z + 4194304U * __VERIFIER_nondet_uint();\n"
                   "  }\n"
                   "  return 0;\n}\n",
             "(x & 1048575U) == 0U; (y & 2097151U) == 0U; (z & 4194303U) == 0U");
  expect_eqs(DECLS "int main() {\n"
                   "  unsigned x = __VERIFIER_nondet_uint() & 0xfffffff8U;\n"
                   "  while (__VERIFIER_nondet_int()) x += 16;\n"
                   "  return 0;\n}\n",
             "(x & 7U) == 0U");
  expect_eqs(DECLS "int main() {\n"
                   "  int i = 1;\n"
                   "  while (__VERIFIER_nondet_int()) i = i + 2 * "
                   "__VERIFIER_nondet_int();\n"
                   "  return 0;\n}\n",
             "(i & 1) == 1");
  /* a state that only takes constants: its bits (even) are left to
   * refinement, which finds s == 2 and s == 4 */
  expect_eqs(DECLS "int main() {\n"
                   "  int s = 0;\n"
                   "  while (__VERIFIER_nondet_int()) {\n"
                   "    if (s == 0) s = 2; else s = 4;\n"
                   "  }\n"
                   "  return 0;\n}\n",
             "");
  /* nothing known of x (an input added) and y (halved); z stays a
   * multiple of 4 whatever it is multiplied by */
  expect_eqs(DECLS "int main() {\n"
                   "  unsigned x = 0, y = 8, z = 4;\n"
                   "  while (__VERIFIER_nondet_int()) {\n"
                   "    x += __VERIFIER_nondet_uint(); y = y / 2;\n"
                   "    z = z * __VERIFIER_nondet_uint();\n"
                   "  }\n"
                   "  return 0;\n}\n",
             "(z & 3U) == 0U");
}
END_TEST

/* Through calls: the callee's parameters get the arguments, the call's
 * variable its result (the build before freed it: nothing); the callee's
 * entry and exit say what its parameter and result keep. */
START_TEST(through_calls) {
  expect_eqs(DECLS "unsigned f(unsigned z) { return z + 2; }\n"
                   "int main() {\n"
                   "  unsigned x = 0;\n"
                   "  while (x < 0x0fffffff) x = f(x);\n"
                   "  return 0;\n}\n",
             "(z & 1U) == 0U; (__retval__ & 1U) == 0U; (x & 1U) == 0U");
}
END_TEST

/* The predicate analysis with those bits: the assertion is checked in a
 * function, so the bits must hold at the call too (tracked wherever the
 * variables are, not only at the loop head: the build before this one
 * said UNKNOWN, "refinement found no new predicate"). */
START_TEST(predicate_analysis_uses_low_bits) {
  static const char *src =
      DECLS "void check(int c) { if (!c) { ERROR: reach_error(); } }\n"
            "int main() {\n"
            "  unsigned x = 0, y = 0, z = 0;\n"
            "  while (1) {\n"
            "    x = x + 1048576U * __VERIFIER_nondet_uint();\n"
            "    y = y + 2097152U * __VERIFIER_nondet_uint();\n"
            "    z = z + 4194304U * __VERIFIER_nondet_uint();\n"
            "    check(4U * x - 2U * y + z != 1048576U);\n"
            "  }\n"
            "  return 0;\n}\n";
  expect_true(src, 3);
}
END_TEST

START_TEST(what_is_not_affine) {
  /* x * x, an address taken, a call that may change a global */
  expect_eqs(DECLS "int main() {\n"
                   "  int x = 1, y = 1;\n"
                   "  while (__VERIFIER_nondet_int()) { x = x * x; y++; }\n"
                   "  return 0;\n}\n",
             "");
  expect_eqs(DECLS "void f(int *p) { (*p)++; }\n"
                   "int main() {\n"
                   "  int x = 0, y = 0;\n"
                   "  while (__VERIFIER_nondet_int()) { x++; y++; f(&x); }\n"
                   "  return 0;\n}\n",
             "");
  expect_eqs(DECLS "int g;\n"
                   "void f(void) { g = 7; }\n"
                   "int main() {\n"
                   "  int y = 0;\n"
                   "  g = 0;\n"
                   "  while (__VERIFIER_nondet_int()) { g++; y++; f(); }\n"
                   "  return 0;\n}\n",
             "");
  /* without the call the same loop keeps g == y */
  expect_eqs(DECLS "int g;\n"
                   "int main() {\n"
                   "  int y = 0;\n"
                   "  g = 0;\n"
                   "  while (__VERIFIER_nondet_int()) { g++; y++; }\n"
                   "  return 0;\n}\n",
             "g == y");
}
END_TEST

/* erep verify with the predicate analysis on a program that needs the
 * invariant: TRUE (the build before: UNKNOWN, "refinement found no new
 * predicate"). */
START_TEST(predicate_analysis_uses_them) {
  static const char *src =
      DECLS "int main() {\n"
            "  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();\n"
            "  if (!(i >= 0 && i <= 1000000)) return 0;\n"
            "  if (!(j >= 0)) return 0;\n"
            "  int x = i, y = j, z = 0;\n"
            "  while (x != 0) { x--; y -= 2; z++; }\n"
            "  if (i == j && y != -z) reach_error();\n"
            "  return 0;\n}\n";
  expect_true(src, 2);
}
END_TEST

int main(void) {
  Suite *s = suite_create("karr");
  TCase *t = tcase_create("core");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, counting_loops);
  tcase_add_test(t, low_bits);
  tcase_add_test(t, through_calls);
  tcase_add_test(t, what_is_not_affine);
  tcase_add_test(t, predicate_analysis_uses_low_bits);
  tcase_add_test(t, predicate_analysis_uses_them);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
