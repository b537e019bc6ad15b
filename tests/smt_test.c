/* Unit tests of the SMT encoding: small programs, paths chosen by the raw
 * texts of the branches to take, and the verdicts and inputs Z3 gives. */
#include "program/cfa.h"
#include "smt/smt.h"
#include "smt/smt_formula.h"
#include "smt/smtz.h"
#include "lib/mem.h"
#include "lib/sbuf.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <z3.h>

#define DECLS                                                                  \
  "extern int __VERIFIER_nondet_int(void);\n"                                  \
  "extern unsigned int __VERIFIER_nondet_uint(void);\n"                        \
  "extern _Bool __VERIFIER_nondet_bool(void);\n"                               \
  "extern long __VERIFIER_nondet_long(void);\n"                                \
  "extern void __VERIFIER_assume(int);\n"                                      \
  "extern void reach_error(void);\n"
#define DECL_LINES 6

static cfa *build_dm(const char *src, cfa_data_model dm) {
  char path[] = "/tmp/erep_smt_test_XXXXXX.c";
  int fd = mkstemps(path, 2);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, src, strlen(src)), (ssize_t)strlen(src));
  close(fd);
  char *err = 0;
  cfa *g = cfa_build(path, dm, &err);
  unlink(path);
  if (!g) ck_abort_msg("cfa_build failed: %s", err);
  return g;
}

static cfa *build(const char *src) { return build_dm(src, CFA_ILP32); }

typedef struct {
  const cfa_edge **e;
  size_t n;
} path;

/* The path from the program start that takes, at every branching node, the
 * edge whose raw text is the next of `choices`; it ends at a node without
 * successors, at main's exit, or after the edge whose raw text is `stop`.
 * Return edges follow the call stack. */
static path walk(const cfa *g, const char *const *choices, const char *stop) {
  path p = {mem_alloc(20000 * sizeof *p.e), 0};
  const cfa_edge *stack[256];
  size_t depth = 0, c = 0;
  const cfa_node *n = g->start;
  while (n->out && n != g->main->exit) {
    const cfa_edge *e = 0;
    if (n->nout == 1) {
      e = n->out;
    } else if (n->out->kind == CFA_RETURN) {
      ck_assert_uint_gt(depth, 0);
      for (const cfa_edge *x = n->out; x; x = x->next_out)
        if (x->call == stack[depth - 1]) e = x;
    } else {
      ck_assert_msg(choices && choices[c],
                    "no choice left at node %u (line %u)", n->id, n->line);
      for (const cfa_edge *x = n->out; x; x = x->next_out)
        if (!strcmp(x->raw, choices[c])) e = x;
      ck_assert_msg(e, "no edge '%s' at node %u", choices[c], n->id);
      c++;
    }
    ck_assert_ptr_nonnull(e);
    if (e->kind == CFA_CALL) stack[depth++] = e;
    if (e->kind == CFA_RETURN) depth--;
    ck_assert_uint_lt(p.n, 20000);
    p.e[p.n++] = e;
    if (stop && !strcmp(e->raw, stop)) break;
    n = e->to;
  }
  ck_assert_msg(!choices || !choices[c], "choice '%s' not used",
                choices ? choices[c] : "");
  return p;
}

typedef struct {
  cfa *g;
  smt_ctx *s;
  path p;
  smt_result r;
  smt_model *m;
  char *reason;
} run;

static run check(const char *src, cfa_data_model dm, const char *const *choices,
                 const char *stop) {
  run r = {0};
  r.g = build_dm(src, dm);
  r.s = smt_new(r.g, 10000);
  r.p = walk(r.g, choices, stop);
  r.r = smt_check_path(r.s, r.p.e, r.p.n, &r.m, &r.reason);
  return r;
}

static void done(run *r) {
  smt_model_free(r->m);
  mem_free(r->reason);
  mem_free(r->p.e);
  smt_free(r->s);
  cfa_free(r->g);
}

#define C(...) ((const char *const[]){__VA_ARGS__, 0})

static void expect_(const run *r, smt_result want, int line) {
  ck_assert_msg(r->r == want, "line %d: got %s (%s), wanted %s", line, smt_result_name(r->r),
                r->reason ? r->reason : "", smt_result_name(want));
}
#define expect(r, w) expect_((r), (w), __LINE__)

static const smt_input *input(const run *r, size_t i) {
  ck_assert_ptr_nonnull(r->m);
  ck_assert_msg(i < r->m->ninputs, "only %zu inputs", r->m->ninputs);
  return &r->m->inputs[i];
}

START_TEST(nondet_multiply) {
  run r = check(DECLS "int main() {\n"
                      "  int x = __VERIFIER_nondet_int();\n"
                      "  if (x > 10) {\n"
                      "    int y = x * 3;\n"
                      "    if (y == 39) reach_error();\n"
                      "  }\n  return 0;\n}\n",
                CFA_ILP32, C("[x > 10]", "[y == 39]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_uint_eq(r.m->ninputs, 1);
  const smt_input *in = input(&r, 0);
  ck_assert_str_eq(in->function, "__VERIFIER_nondet_int");
  ck_assert_str_eq(in->type, "int");
  ck_assert_str_eq(in->value, "13");
  ck_assert_uint_eq(in->line, DECL_LINES + 2);
  ck_assert_int_eq(in->kind, SMT_INPUT_CALL);
  ck_assert_uint_eq(in->index, 0);
  ck_assert_str_eq(r.p.e[in->step]->raw, "int x = __VERIFIER_nondet_int();");
  done(&r);
}
END_TEST

START_TEST(signed_overflow_wraps) {
  run r = check(DECLS "int main() {\n"
                      "  int x = __VERIFIER_nondet_int();\n"
                      "  if (x > 0 && x + 1 < 0) reach_error();\n"
                      "  return 0;\n}\n",
                CFA_ILP32, C("[x > 0]", "[x + 1 < 0]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "2147483647");
  done(&r);
}
END_TEST

START_TEST(unsigned_wrap_and_rendering) {
  run r =
      check(DECLS "int main() {\n"
                  "  unsigned u = __VERIFIER_nondet_uint();\n"
                  "  int x = __VERIFIER_nondet_int();\n"
                  "  if (u + 5u == 0u && x + 5 == 0) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[u + 5u == 0u]", "[x + 5 == 0]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "4294967291");
  ck_assert_str_eq(input(&r, 0)->type, "unsigned int");
  ck_assert_str_eq(input(&r, 1)->value, "-5");
  done(&r);
}
END_TEST

START_TEST(division_of_negatives) {
  static const char *src =
      DECLS "int main() {\n"
            "  int a = -7; int b = 2;\n"
            "  unsigned ua = (unsigned)a;\n"
            "  if (a / b == -3 && a % b == -1 && ua / 2u == 2147483644u)\n"
            "    reach_error();\n"
            "  return 0;\n}\n";
  run r = check(src, CFA_ILP32,
                C("[a / b == -3]", "[a % b == -1]", "[ua / 2u == 2147483644u]"),
                "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_uint_eq(r.m->ninputs, 0);
  done(&r);
  r = check(src, CFA_ILP32, C("[a / b == -3]", "[!(a % b == -1)]"), 0);
  expect(&r, SMT_INFEASIBLE);
  size_t *core;
  size_t n = smt_infeasible_core(r.s, &core);
  ck_assert_uint_eq(n, 1);
  ck_assert_str_eq(r.p.e[core[0]]->raw, "[!(a % b == -1)]");
  mem_free(core);
  done(&r);
}
END_TEST

START_TEST(char_truncation) {
  static const char *src =
      DECLS "int main() {\n"
            "  char c = 300;\n"
            "  unsigned char uc = 255; uc++;\n"
            "  signed char sc = 127; sc += 1;\n"
            "  _Bool b = 256;\n"
            "  if (c == 44 && uc == 0 && sc == -128 && b == 1) reach_error();\n"
            "  return 0;\n}\n";
  run r = check(src, CFA_ILP32,
                C("[c == 44]", "[uc == 0]", "[sc == -128]", "[b == 1]"),
                "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  r = check(src, CFA_ILP32, C("[!(c == 44)]"), 0);
  expect(&r, SMT_INFEASIBLE);
  done(&r);
}
END_TEST

START_TEST(shifts) {
  static const char *src = DECLS
      "int main() {\n"
      "  int x = -16;\n"
      "  if ((x >> 2) == -4 && ((unsigned)x >> 28) == 15u && (1 << 31) < 0)\n"
      "    reach_error();\n"
      "  int s = __VERIFIER_nondet_int();\n"
      "  if ((1 << s) == 0) reach_error();\n"
      "  return 0;\n}\n";
  run r = check(src, CFA_ILP32,
                C("[(x >> 2) == -4]", "[((unsigned)x >> 28) == 15u]"),
                "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  /* 1 << s is 0 only for shift amounts C leaves undefined */
  r = check(src, CFA_ILP32,
            C("[(x >> 2) == -4]", "[!(((unsigned)x >> 28) == 15u)]",
              "[(1 << s) == 0]"),
            "reach_error();");
  expect(&r, SMT_INFEASIBLE); /* the second branch is infeasible already */
  done(&r);
  static const char *src2 = DECLS "int main() {\n"
                                  "  int s = __VERIFIER_nondet_int();\n"
                                  "  if ((1 << s) == 0) reach_error();\n"
                                  "  return 0;\n}\n";
  r = check(src2, CFA_ILP32, C("[(1 << s) == 0]"), "reach_error();");
  expect(&r, SMT_UNKNOWN);
  ck_assert_msg(strstr(r.reason, "shift") && strstr(r.reason, "line 9"), "%s",
                r.reason);
  done(&r);
}
END_TEST

START_TEST(array_nondet_index) {
  static const char *src = DECLS "int a[5] = {1, 2, 3, 4, 5};\n"
                                 "int main() {\n"
                                 "  int i = __VERIFIER_nondet_int();\n"
                                 "  if (i >= 0 && i < 5) {\n"
                                 "    if (a[i] == 4) reach_error();\n"
                                 "  }\n"
                                 "  if (a[i] == 42) reach_error();\n"
                                 "  return 0;\n}\n";
  run r = check(src, CFA_ILP32, C("[i >= 0]", "[i < 5]", "[a[i] == 4]"),
                "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "3");
  done(&r);
  /* a[i] == 42 needs an index out of bounds */
  r = check(src, CFA_ILP32, C("[!(i >= 0)]", "[a[i] == 42]"), "reach_error();");
  expect(&r, SMT_UNKNOWN);
  ck_assert_msg(strstr(r.reason, "out of bounds"), "%s", r.reason);
  done(&r);
}
END_TEST

START_TEST(array_write_and_pointer_arithmetic) {
  static const char *src =
      DECLS "int main() {\n"
            "  int a[4] = {0};\n"
            "  int i = __VERIFIER_nondet_int();\n"
            "  __VERIFIER_assume(i >= 0 && i < 4);\n"
            "  a[i] = 7;\n"
            "  int *p = a + 1;\n"
            "  *(p + 2) = 9;\n"
            "  if (a[2] == 7 && a[3] == 9 && p - a == 1) reach_error();\n"
            "  return 0;\n}\n";
  run r = check(src, CFA_ILP32, C("[a[2] == 7]", "[a[3] == 9]", "[p - a == 1]"),
                "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "2");
  done(&r);
}
END_TEST

START_TEST(struct_via_pointer) {
  static const char *src = DECLS "struct S { int a; char c; int b; };\n"
                                 "int main() {\n"
                                 "  struct S s;\n"
                                 "  struct S *p = &s;\n"
                                 "  p->b = __VERIFIER_nondet_int();\n"
                                 "  s.a = 1;\n"
                                 "  if (s.b == p->a + 41) reach_error();\n"
                                 "  return 0;\n}\n";
  run r = check(src, CFA_ILP32, C("[s.b == p->a + 41]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_uint_eq(r.m->ninputs, 1);
  ck_assert_str_eq(input(&r, 0)->value, "42");
  done(&r);
}
END_TEST

START_TEST(pointer_null_and_choice) {
  static const char *src =
      DECLS "int main() {\n"
            "  int x = 0, y = 0;\n"
            "  int *p = 0;\n"
            "  if (__VERIFIER_nondet_int()) p = &x; else p = &y;\n"
            "  if (p != 0) {\n"
            "    *p = 5;\n"
            "    if (x == 5) reach_error();\n"
            "  }\n"
            "  return 0;\n}\n";
  run r = check(src, CFA_ILP32,
                C("[__VERIFIER_nondet_int()]", "[p != 0]", "[x == 5]"),
                "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_ne(input(&r, 0)->value, "0");
  done(&r);
  r = check(src, CFA_ILP32,
            C("[!(__VERIFIER_nondet_int())]", "[p != 0]", "[x == 5]"),
            "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(src, CFA_ILP32, C("[!(__VERIFIER_nondet_int())]", "[!(p != 0)]"),
            0);
  expect(&r, SMT_INFEASIBLE);
  done(&r);
}
END_TEST

START_TEST(call_with_parameters) {
  static const char *src = DECLS "int add(int a, char b) { return a + b; }\n"
                                 "int main() {\n"
                                 "  int x = __VERIFIER_nondet_int();\n"
                                 "  int r = add(x, 5);\n"
                                 "  if (r == 12) reach_error();\n"
                                 "  return 0;\n}\n";
  run r = check(src, CFA_ILP32, C("[r == 12]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "7");
  done(&r);
}
END_TEST

START_TEST(recursion_three_deep) {
  static const char *src = DECLS "int fact(int n) {\n"
                                 "  if (n <= 1) return 1;\n"
                                 "  int t = fact(n - 1);\n"
                                 "  return n * t;\n"
                                 "}\n"
                                 "int main() {\n"
                                 "  int x = __VERIFIER_nondet_int();\n"
                                 "  int r = fact(x);\n"
                                 "  if (r == 6) reach_error();\n"
                                 "  return 0;\n}\n";
  run r = check(src, CFA_ILP32,
                C("[!(n <= 1)]", "[!(n <= 1)]", "[n <= 1]", "[r == 6]"),
                "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "3");
  done(&r);
  /* two levels give at most x * (x - 1) with x - 1 <= 1 */
  r = check(src, CFA_ILP32, C("[!(n <= 1)]", "[n <= 1]", "[r == 6]"),
            "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
}
END_TEST

START_TEST(struct_by_value) {
  static const char *src =
      DECLS "struct P { int x; struct { int y; int z; }; int arr[2][3]; };\n"
            "struct P h(struct P p) { p.x++; p.arr[1][2] += p.y; return p; }\n"
            "int main() {\n"
            "  struct P s = {1, {2, 3}, {{0}, {0, 0, 4}}};\n"
            "  struct P t;\n"
            "  t = h(s);\n"
            "  if (t.x == 2 && s.x == 1 && t.arr[1][2] == 6 && t.z == 3)\n"
            "    reach_error();\n"
            "  return 0;\n}\n";
  run r =
      check(src, CFA_ILP32,
            C("[t.x == 2]", "[s.x == 1]", "[t.arr[1][2] == 6]", "[t.z == 3]"),
            "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_uint_eq(r.m->ninputs, 0);
  done(&r);
}
END_TEST

START_TEST(infeasible_constant) {
  run r = check(DECLS "int main() {\n"
                      "  int x = 5;\n"
                      "  if (x != 5) reach_error();\n"
                      "  return 0;\n}\n",
                CFA_ILP32, C("[x != 5]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  size_t *core;
  ck_assert_uint_eq(smt_infeasible_core(r.s, &core), 1);
  ck_assert_str_eq(r.p.e[core[0]]->raw, "[x != 5]");
  mem_free(core);
  done(&r);
}
END_TEST

START_TEST(float_is_unknown) {
  run r = check(DECLS "int main() {\n"
                      "  float f = 1.5f;\n"
                      "  if (f > 1.0f) reach_error();\n"
                      "  return 0;\n}\n",
                CFA_ILP32, C("[f > 1.0f]"), "reach_error();");
  expect(&r, SMT_UNKNOWN);
  ck_assert_msg(strstr(r.reason, "float arithmetic at line 9"), "%s", r.reason);
  ck_assert_ptr_nonnull(smt_poisoned(r.s));
  done(&r);
  /* a float that never decides anything does not matter */
  r = check(DECLS "int main() {\n"
                  "  double d = 0.5;\n"
                  "  int x = __VERIFIER_nondet_int();\n"
                  "  d = d * x;\n"
                  "  if (x == 3) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[x == 3]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  /* an infeasible prefix before the float is still infeasible */
  r = check(DECLS "int main() {\n"
                  "  int x = 1;\n"
                  "  if (x == 2) {\n"
                  "    float f = 1.5f;\n"
                  "    if (f > 1.0f) reach_error();\n"
                  "  }\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[x == 2]", "[f > 1.0f]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
}
END_TEST

START_TEST(uninitialised_and_globals) {
  static const char *src =
      DECLS "int g;\n"
            "int h = 3;\n"
            "int main() {\n"
            "  int x;\n"
            "  if (x == 42 && g == 0 && h == 3) reach_error();\n"
            "  return 0;\n}\n";
  run r = check(src, CFA_ILP32, C("[x == 42]", "[g == 0]", "[h == 3]"),
                "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_uint_eq(r.m->ninputs, 1);
  ck_assert_str_eq(input(&r, 0)->function, "uninitialised:x");
  ck_assert_int_eq(input(&r, 0)->kind, SMT_INPUT_UNINIT);
  ck_assert_str_eq(input(&r, 0)->value, "42");
  ck_assert_uint_eq(input(&r, 0)->line, DECL_LINES + 4);
  done(&r);
  r = check(src, CFA_ILP32, C("[x == 42]", "[!(g == 0)]"), 0);
  expect(&r, SMT_INFEASIBLE);
  done(&r);
}
END_TEST

START_TEST(data_models) {
  static const char *src =
      DECLS "int main() {\n"
            "  long l = 2147483647;\n"
            "  l++;\n"
            "  if (l < 0 && sizeof(long) == 4) reach_error();\n"
            "  return 0;\n}\n";
  run r = check(src, CFA_ILP32, C("[l < 0]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  r = check(src, CFA_LP64, C("[l < 0]"), "[l < 0]");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(DECLS "int main() {\n"
                  "  long l = __VERIFIER_nondet_long();\n"
                  "  if (l > 4294967296L && (int)l == -1) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_LP64, C("[l > 4294967296L]", "[(int)l == -1]"),
            "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->type, "long");
  long long v = atoll(input(&r, 0)->value);
  ck_assert(v > 4294967296LL && (v & 0xffffffffLL) == 0xffffffffLL);
  done(&r);
}
END_TEST

START_TEST(short_circuit_inputs) {
  static const char *src =
      DECLS "int main() {\n"
            "  int x = __VERIFIER_nondet_int();\n"
            "  int y = (x > 0) && __VERIFIER_nondet_int();\n"
            "  int z = __VERIFIER_nondet_int();\n"
            "  __VERIFIER_assume(x < 0);\n"
            "  if (z == 9) reach_error();\n"
            "  return 0;\n}\n";
  run r = check(src, CFA_ILP32, C("[z == 9]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  /* the second nondet call is never made when x <= 0 */
  ck_assert_uint_eq(r.m->ninputs, 2);
  ck_assert_uint_eq(input(&r, 1)->index, 1);
  ck_assert_str_eq(input(&r, 1)->value, "9");
  ck_assert_uint_eq(input(&r, 1)->line, DECL_LINES + 4);
  done(&r);
}
END_TEST

START_TEST(switch_on_nondet) {
  static const char *src = DECLS "int main() {\n"
                                 "  switch (__VERIFIER_nondet_int()) {\n"
                                 "  case 1: return 1;\n"
                                 "  case 2: reach_error();\n"
                                 "  }\n"
                                 "  return 0;\n}\n";
  run r = check(
      src, CFA_ILP32,
      C("[!(__VERIFIER_nondet_int() == 1)]", "[__VERIFIER_nondet_int() == 2]"),
      "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_uint_eq(r.m->ninputs, 1);
  ck_assert_str_eq(input(&r, 0)->value, "2");
  done(&r);
}
END_TEST

START_TEST(assume_core) {
  static const char *src = DECLS "int main() {\n"
                                 "  int x = __VERIFIER_nondet_int();\n"
                                 "  int y = __VERIFIER_nondet_int();\n"
                                 "  __VERIFIER_assume(x > 100);\n"
                                 "  if (y > 3) {\n"
                                 "    if (x < 50) reach_error();\n"
                                 "  }\n"
                                 "  return 0;\n}\n";
  run r = check(src, CFA_ILP32, C("[y > 3]", "[x < 50]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  size_t *core;
  size_t n = smt_infeasible_core(r.s, &core);
  ck_assert_uint_eq(n, 2);
  ck_assert_str_eq(r.p.e[core[0]]->raw, "__VERIFIER_assume(x > 100);");
  ck_assert_str_eq(r.p.e[core[1]]->raw, "[x < 50]");
  mem_free(core);
  done(&r);
}
END_TEST

START_TEST(division_by_zero_is_unknown) {
  run r = check(DECLS "int main() {\n"
                      "  int z = 0;\n"
                      "  int y = 5 / z;\n"
                      "  if (y == 0) reach_error();\n"
                      "  return 0;\n}\n",
                CFA_ILP32, C("[y == 0]"), "reach_error();");
  expect(&r, SMT_UNKNOWN);
  ck_assert_msg(strstr(r.reason, "division by zero at line 9"), "%s", r.reason);
  done(&r);
}
END_TEST

START_TEST(loop_and_bool) {
  static const char *src = DECLS "int main() {\n"
                                 "  int i = 0;\n"
                                 "  _Bool b = __VERIFIER_nondet_bool();\n"
                                 "  while (i < 3) i++;\n"
                                 "  if (i == 3 && b > 0) reach_error();\n"
                                 "  return 0;\n}\n";
  run r = check(
      src, CFA_ILP32,
      C("[i < 3]", "[i < 3]", "[i < 3]", "[!(i < 3)]", "[i == 3]", "[b > 0]"),
      "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "1");
  ck_assert_str_eq(input(&r, 0)->type, "_Bool");
  done(&r);
  r = check(src, CFA_ILP32, C("[i < 3]", "[i < 3]", "[!(i < 3)]"),
            "[!(i < 3)]");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
}
END_TEST

START_TEST(nested_call_and_function_pointer) {
  /* the front end moves the call into a temporary with call/return edges */
  run r = check(DECLS "int f(int a) { return a + 1; }\n"
                      "int main() {\n"
                      "  int x = __VERIFIER_nondet_int();\n"
                      "  if (f(x) == 3) reach_error();\n"
                      "  return 0;\n}\n",
                CFA_ILP32, C("[f(x) == 3]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "2");
  done(&r);
  r = check(DECLS "int f(int a) { return a + 1; }\n"
                  "int main() {\n"
                  "  int (*fp)(int) = f;\n"
                  "  int x = fp(3);\n"
                  "  if (x == 4) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[fp == (&f)]", "[x == 4]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  /* a function's address in an initialiser is a value like any other */
#define FP_SRC(body)                                                           \
  DECLS "int f(int a) { return a + 1; }\n"                                     \
        "struct O { int (*op)(int); int n; } o = {&f, 2};\n"                   \
        "int main() {\n"                                                       \
        "  int x = __VERIFIER_nondet_int();\n" body "  return 0;\n}\n"
  r = check(FP_SRC("  if (x == o.n) reach_error();\n"), CFA_ILP32,
            C("[x == o.n]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "2");
  done(&r);
  r = check(FP_SRC("  if (o.op != 0) reach_error();\n"), CFA_ILP32,
            C("[o.op != 0]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  r = check(FP_SRC("  if (o.op == 0) reach_error();\n"), CFA_ILP32,
            C("[o.op == 0]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
#undef FP_SRC
}
END_TEST

/* Push and pop edge by edge: the prefix stays encoded. */
START_TEST(incremental) {
  cfa *g = build(DECLS "int main() {\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  if (x > 10) {\n"
                       "    if (x < 5) reach_error();\n"
                       "    if (x == 20) reach_error();\n"
                       "  }\n"
                       "  return 0;\n}\n");
  smt_ctx *s = smt_new(g, 5000);
  path p = walk(g, C("[x > 10]", "[x < 5]"), "reach_error();");
  size_t k = p.n - 2; /* up to and including [x > 10] */
  for (size_t i = 0; i < k; i++)
    ck_assert(smt_push_edge(s, p.e[i]));
  smt_model *m;
  char *why;
  ck_assert_int_eq(smt_check(s, &m, &why), SMT_FEASIBLE);
  smt_model_free(m);
  ck_assert(smt_push_edge(s, p.e[k]));
  ck_assert_int_eq(smt_check(s, 0, 0), SMT_INFEASIBLE);
  smt_pop(s, 1);
  ck_assert_uint_eq(smt_depth(s), k);
  path q = walk(g, C("[x > 10]", "[!(x < 5)]", "[x == 20]"), "reach_error();");
  for (size_t i = k; i < q.n; i++)
    smt_push_edge(s, q.e[i]);
  ck_assert_int_eq(smt_check(s, &m, &why), SMT_FEASIBLE);
  ck_assert_str_eq(m->inputs[0].value, "20");
  ck_assert_uint_eq(m->ninputs, 1);
  smt_model_free(m);
  ck_assert_uint_ge(smt_solver_calls(s), 3);
  smt_pop(s, smt_depth(s));
  ck_assert_uint_eq(smt_depth(s), 0);
  mem_free(p.e);
  mem_free(q.e);
  smt_free(s);
  cfa_free(g);
}
END_TEST

START_TEST(array_input_rendering) {
  run r = check(DECLS "int main() {\n"
                      "  int a[3];\n"
                      "  if (a[1] == -2) reach_error();\n"
                      "  return 0;\n}\n",
                CFA_ILP32, C("[a[1] == -2]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->function, "uninitialised:a[]");
  ck_assert_str_eq(input(&r, 0)->type, "int[]");
  ck_assert_msg(strstr(input(&r, 0)->value, ", -2, "), "%s",
                input(&r, 0)->value);
  done(&r);
}
END_TEST

START_TEST(pointer_to_either_object) {
  run r = check(DECLS "int main() {\n"
                      "  int x = 0, y = 0;\n"
                      "  int *p = __VERIFIER_nondet_int() ? &x : &y;\n"
                      "  *p = 5;\n"
                      "  p[0]++;\n"
                      "  if (x == 6 && y == 0) reach_error();\n"
                      "  return 0;\n}\n",
                CFA_ILP32, C("[x == 6]", "[y == 0]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_ne(input(&r, 0)->value, "0");
  done(&r);
}
END_TEST

START_TEST(dangling_and_foreign_pointers) {
  /* the address of a local outlives its activation */
  run r = check(DECLS "int *f(void) { int l = 3; return &l; }\n"
                      "int main() {\n"
                      "  int *p = f();\n"
                      "  if (*p == 3) reach_error();\n"
                      "  return 0;\n}\n",
                CFA_ILP32, C("[*p == 3]"), "reach_error();");
  expect(&r, SMT_UNKNOWN);
  ck_assert_msg(strstr(r.reason, "invalid pointer dereference at line 10"),
                "%s", r.reason);
  done(&r);
  /* heap memory is not modelled: a pointer from outside points nowhere */
  r = check(DECLS "extern void *malloc(unsigned long);\n"
                  "int main() {\n"
                  "  int *p = malloc(4);\n"
                  "  if (p) { *p = 1; if (*p == 1) reach_error(); }\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[p]", "[*p == 1]"), "reach_error();");
  expect(&r, SMT_UNKNOWN);
  ck_assert_msg(strstr(r.reason, "invalid pointer dereference"), "%s",
                r.reason);
  done(&r);
  /* a function without a body might write through its argument: the
   * value it wrote is an input */
  r = check(DECLS "extern void init(int *);\n"
                  "int main() {\n"
                  "  int x = 0;\n"
                  "  init(&x);\n"
                  "  if (x == 0) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[x == 0]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_uint_eq(r.m->ninputs, 1);
  ck_assert_int_eq(input(&r, 0)->kind, SMT_INPUT_WRITTEN);
  ck_assert_str_eq(input(&r, 0)->function, "init");
  ck_assert_str_eq(input(&r, 0)->object, "x");
  ck_assert_str_eq(input(&r, 0)->value, "0");
  done(&r);
}
END_TEST

/* A call of a function without a body and union regions: the union it
 * reaches is changed (reading it is UNKNOWN, never a stale value), one it
 * cannot reach keeps its bytes, a string literal is never written. */
START_TEST(call_reaches_union) {
#define CU_SRC(body)                                                           \
  DECLS "union U { int i; unsigned char c[4]; };\n"                            \
        "extern void get(union U *);\n"                                        \
        "extern void take(const char *);\n"                                    \
        "int main() {\n"                                                       \
        "  union U u, v; int *q = &v.i;\n"                                     \
        "  u.i = 1; v.i = 2;\n"                                                \
        "  get(&u);\n" body "  return 0;\n}\n"
  run r = check(CU_SRC("  if (u.c[0] == 1) reach_error();\n"), CFA_ILP32,
                C("[u.c[0] == 1]"), "reach_error();");
  expect(&r, SMT_UNKNOWN);
  ck_assert_msg(strstr(r.reason, "call of get at line"), "%s", r.reason);
  done(&r);
  r = check(CU_SRC("  if (*q != 2 || v.c[0] != 2) reach_error();\n"), CFA_ILP32,
            C("[*q != 2]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(CU_SRC("  const char *s = \"ab\"; take(s);\n"
                   "  if (s[0] == 'a') reach_error();\n"),
            CFA_ILP32, C("[s[0] == 'a']"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
#undef CU_SRC
}
END_TEST

START_TEST(opaque_call_changes_escaped_objects) {
  /* the object is never read after the call: the path is decided exactly */
  run r = check(DECLS "extern int reg(int *);\n"
                      "int main() {\n"
                      "  int x = 0, y = __VERIFIER_nondet_int();\n"
                      "  reg(&x);\n"
                      "  if (y == 7) reach_error();\n"
                      "  return 0;\n}\n",
                CFA_ILP32, C("[y == 7]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_uint_eq(r.m->ninputs, 2); /* y and reg's result, no havoc */
  ck_assert_str_eq(input(&r, 0)->value, "7");
  ck_assert_str_eq(input(&r, 1)->function, "reg");
  ck_assert_int_eq(input(&r, 1)->kind, SMT_INPUT_CALL);
  done(&r);
  r = check(DECLS "extern void reg(int *);\n"
                  "int main() {\n"
                  "  int x = 0, y = 1;\n"
                  "  reg(&x);\n"
                  "  if (y == 0) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[y == 0]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* overwritten after the call: known again */
  r = check(DECLS "extern void reg(int *);\n"
                  "int main() {\n"
                  "  int x = 0;\n"
                  "  reg(&x);\n"
                  "  x = 3;\n"
                  "  if (x != 3) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[x != 3]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* an object reachable through a pointer in a struct the argument points
   * to is written too: its new value is an input, with the way to it */
  r = check(DECLS "struct S { int n; int *p; };\n"
                  "extern void reg(struct S *);\n"
                  "int main() {\n"
                  "  int y = 0;\n"
                  "  struct S s = {1, &y};\n"
                  "  reg(&s);\n"
                  "  if (y == 5) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[y == 5]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_uint_eq(r.m->ninputs, 1);
  ck_assert_int_eq(input(&r, 0)->kind, SMT_INPUT_WRITTEN);
  ck_assert_str_eq(input(&r, 0)->object, "y");
  ck_assert_str_eq(input(&r, 0)->value, "5");
  ck_assert_uint_eq(input(&r, 0)->call, 1);
  ck_assert_int_eq(input(&r, 0)->arg, 0);
  ck_assert_uint_eq(input(&r, 0)->nvia, 2); /* *(arg + 4), then + 0 */
  ck_assert_int_eq(input(&r, 0)->via[0], 4);
  ck_assert_int_eq(input(&r, 0)->via[1], 0);
  ck_assert_uint_eq(input(&r, 0)->nparams, 1);
  ck_assert_str_eq(input(&r, 0)->params[0], "struct S *");
  done(&r);
  /* a changed pointer leaf read later: not modelled */
  r = check(DECLS "struct S { int *p; int n; };\n"
                  "extern void reg(struct S *);\n"
                  "int main() {\n"
                  "  int y = 0;\n"
                  "  struct S s = {&y, 1};\n"
                  "  reg(&s);\n"
                  "  if (s.p) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[s.p]"), "reach_error();");
  expect(&r, SMT_UNKNOWN);
  ck_assert_str_eq(r.reason, "call of reg at line 12 may change it (s.p read "
                             "at line 13)");
  done(&r);
  /* an object not reachable from the argument keeps its value, even when
   * its address was taken */
  r = check(DECLS "extern void reg(int *);\n"
                  "int main() {\n"
                  "  int x = 0, z = 4; int *q = &z;\n"
                  "  reg(&x);\n"
                  "  if (*q != 4) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[*q != 4]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* SV-COMP: a later call without arguments changes nothing, whatever an
   * earlier one got (no kept addresses), nor do nondet functions */
  r = check(DECLS "extern void reg(int *);\n"
                  "extern void poke(void);\n"
                  "extern int nondet_int(void);\n"
                  "int main() {\n"
                  "  int x = 0;\n"
                  "  reg(&x);\n"
                  "  x = 1;\n"
                  "  poke(); nondet_int();\n"
                  "  if (x != 1) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[x != 1]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* the second call's value is the one read; the input says which call */
  r = check(DECLS "extern void get(int *);\n"
                  "int main() {\n"
                  "  int x = 0, a;\n"
                  "  get(&x);\n"
                  "  a = x;\n"
                  "  get(&x);\n"
                  "  if (x == a + 1) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[x == a + 1]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_uint_eq(r.m->ninputs, 2);
  ck_assert_uint_eq(input(&r, 0)->call, 1);
  ck_assert_uint_eq(input(&r, 1)->call, 2);
  done(&r);
  /* an array the argument points into: every element may change */
  r = check(DECLS "extern void fill(int *, int);\n"
                  "int main() {\n"
                  "  int a[4] = {0};\n"
                  "  fill(a, 4);\n"
                  "  if (a[2] == -3) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[a[2] == -3]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->object, "a[]");
  ck_assert_str_eq(input(&r, 0)->value, "{0, 0, -3, 0}");
  ck_assert_uint_eq(input(&r, 0)->ndims, 1);
  ck_assert_uint_eq(input(&r, 0)->stride[0], 4);
  ck_assert_uint_eq(input(&r, 0)->nparams, 1);
  done(&r);
  /* a symbolic pointer: what it may point to is written, under the
   * condition that it does */
  r = check(DECLS "extern void reg(int *);\n"
                  "int main() {\n"
                  "  int x = 0, y = 0, c = __VERIFIER_nondet_int();\n"
                  "  int *p = c ? &x : &y;\n"
                  "  reg(p);\n"
                  "  if (x == 9) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[x == 9]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_ne(input(&r, 0)->value, "0"); /* c != 0: p points to x */
  ck_assert_str_eq(input(&r, 1)->object, "x");
  ck_assert_str_eq(input(&r, 1)->value, "9");
  done(&r);
  r = check(DECLS "extern void reg(int *);\n"
                  "int main() {\n"
                  "  int x = 0, y = 0, c = __VERIFIER_nondet_int();\n"
                  "  int *p = c ? &x : &y;\n"
                  "  reg(p);\n"
                  "  if (c == 0) if (x == 9) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[c == 0]", "[x == 9]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* a null pointer changes nothing */
  r = check(DECLS "extern void reg(int *);\n"
                  "int main() {\n"
                  "  int x = 0; int *q = &x;\n"
                  "  reg(0);\n"
                  "  if (*q == 0) reach_error();\n"
                  "  return 0;\n}\n",
            CFA_ILP32, C("[*q == 0]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_uint_eq(r.m->ninputs, 0);
  done(&r);
}
END_TEST

START_TEST(unions_by_bytes) {
  /* a union is modelled byte by byte: a member written and another read
   * back reinterprets the bytes (little-endian), as gcc does */
#define UNION_SRC(body)                                                        \
  DECLS "struct S { int a; union { int i; char c[4]; } u; int b; };\n"         \
        "struct S g = {1, {2}, 3};\n"                                          \
        "union U { int i; short s; } gu = {7};"                                \
        " union W { const char *s; void (*f)(void); } gw = {\"s\"};\n"         \
        "int main() {\n"                                                       \
        "  int x = __VERIFIER_nondet_int();\n"                                 \
        "  struct S h = g;\n"                                                  \
        "  int *p = &h.u.i;\n" body "  return 0;\n}\n"
  run r = check(UNION_SRC("  if (x == h.b + 1) reach_error();\n"), CFA_ILP32,
                C("[x == h.b + 1]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "4");
  done(&r);
  r = check(UNION_SRC("  if (h.a != 1) reach_error();\n"), CFA_ILP32,
            C("[h.a != 1]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* the member read back, and the bytes of another (copied with h) */
  r = check(UNION_SRC("  if (h.u.i == 2 && h.u.c[0] == 2 && h.u.c[1] == 0)"
                      " reach_error();\n"),
            CFA_ILP32, C("[h.u.i == 2]", "[h.u.c[0] == 2]", "[h.u.c[1] == 0]"),
            "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  r = check(UNION_SRC("  if (h.u.i != 2) reach_error();\n"), CFA_ILP32,
            C("[h.u.i != 2]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(UNION_SRC("  if (gu.s == 7) reach_error();\n"), CFA_ILP32,
            C("[gu.s == 7]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  /* writing through a pointer into the union; reading the bytes */
  r = check(UNION_SRC("  *p = x;\n"
                      "  if (h.u.c[0] == 5 && h.u.c[1] == 1 && h.u.c[2] == 0 &&"
                      " h.u.c[3] == 0) reach_error();\n"),
            CFA_ILP32,
            C("[h.u.c[0] == 5]", "[h.u.c[1] == 1]", "[h.u.c[2] == 0]",
              "[h.u.c[3] == 0]"),
            "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "261");
  done(&r);
  /* through a cast: byte 4 of g is the first of g.u.i */
  r = check(UNION_SRC("  if (((char *)&g)[4] == 2 && ((char *)&g)[5] == 0)"
                      " reach_error();\n"),
            CFA_ILP32, C("[((char *)&g)[4] == 2]", "[((char *)&g)[5] == 0]"),
            "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  r = check(UNION_SRC("  if (((char *)&g)[4] != 2) reach_error();\n"),
            CFA_ILP32, C("[((char *)&g)[4] != 2]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* a pointer that may point into the union */
  r = check(UNION_SRC("  int *q = x ? &h.a : p;\n"
                      "  if (*q == 2) reach_error();\n"),
            CFA_ILP32, C("[*q == 2]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "0");
  done(&r);
  r = check(UNION_SRC("  int *q = x ? &h.a : p;\n"
                      "  if (*q == 5) reach_error();\n"),
            CFA_ILP32, C("[*q == 5]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(UNION_SRC("  int *q = x ? &h.a : p;\n"
                      "  *q = 9;\n"
                      "  if (h.a != 9 && h.u.c[0] == 9) reach_error();\n"),
            CFA_ILP32, C("[h.a != 9]", "[h.u.c[0] == 9]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "0");
  done(&r);
  /* a string literal's address in a union, read back through the same
   * member: the literal object (string literals are modelled objects) */
  r = check(UNION_SRC("  if (gw.s == 0) reach_error();\n"), CFA_ILP32,
            C("[gw.s == 0]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(UNION_SRC("  if (gw.s[0] == 's' && gw.s[1] == 0) reach_error();\n"),
            CFA_ILP32, C("[gw.s[0] == 's']", "[gw.s[1] == 0]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  /* the path is poisoned only from the edge that reads it */
  r = check(UNION_SRC("  if (x != x) { if (gw.s == 0) reach_error(); }\n"),
            CFA_ILP32, C("[x != x]", "[gw.s == 0]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
#undef UNION_SRC
}
END_TEST

START_TEST(union_pointers_and_floats) {
#define UP_SRC(body)                                                           \
  DECLS "union P { int *p; long l; unsigned char c[sizeof(long)]; };\n"        \
        "union F { float f; int i; };\n"                                       \
        "int main() {\n"                                                       \
        "  int x = __VERIFIER_nondet_int();\n"                                 \
        "  union P u; union F v;\n" body "  return 0;\n}\n"
  for (int m = 0; m < 2; m++) {
    cfa_data_model dm = m ? CFA_LP64 : CFA_ILP32;
    /* a pointer written and read back through the same member */
    run r = check(UP_SRC("  u.p = &x;\n"
                         "  if (*u.p == 3) reach_error();\n"),
                  dm, C("[*u.p == 3]"), "reach_error();");
    expect(&r, SMT_FEASIBLE);
    ck_assert_str_eq(input(&r, 0)->value, "3");
    done(&r);
    /* its bytes read as an integer: not modelled */
    r = check(UP_SRC("  u.p = &x;\n"
                     "  if (u.l == 0) reach_error();\n"),
              dm, C("[u.l == 0]"), "reach_error();");
    expect(&r, SMT_UNKNOWN);
    ck_assert_msg(strstr(r.reason, "u") && strstr(r.reason, "line 13"), "%s",
                  r.reason);
    done(&r);
    /* NULL's bytes are zero */
    r = check(UP_SRC("  u.p = 0;\n"
                     "  if (u.l == 0 && u.c[sizeof(long) - 1] == 0)"
                     " reach_error();\n"),
              dm, C("[u.l == 0]", "[u.c[sizeof(long) - 1] == 0]"),
              "reach_error();");
    expect(&r, SMT_FEASIBLE);
    done(&r);
    r = check(UP_SRC("  u.p = 0;\n"
                     "  if (u.l != 0) reach_error();\n"),
              dm, C("[u.l != 0]"), "reach_error();");
    expect(&r, SMT_INFEASIBLE);
    done(&r);
    /* an integer read as a pointer: an address outside every object */
    r = check(UP_SRC("  u.l = 0;\n"
                     "  if (u.p != 0) reach_error();\n"),
              dm, C("[u.p != 0]"), "reach_error();");
    expect(&r, SMT_INFEASIBLE);
    done(&r);
    /* a pointer overwritten in part: not one pointer any more */
    r = check(UP_SRC("  u.p = &x; u.c[0] = 1;\n"
                     "  if (u.p != 0) reach_error();\n"),
              dm, C("[u.p != 0]"), "reach_error();");
    expect(&r, SMT_UNKNOWN);
    done(&r);
    /* floats are not decided: their bytes read as an integer neither */
    r = check(UP_SRC("  v.f = 1.0f;\n"
                     "  if (v.i == 0) reach_error();\n"),
              dm, C("[v.i == 0]"), "reach_error();");
    expect(&r, SMT_UNKNOWN);
    ck_assert_msg(strstr(r.reason, "float"), "%s", r.reason);
    done(&r);
    r = check(UP_SRC("  v.f = 1.0f; v.i = 4;\n"
                     "  if (v.i == 4) reach_error();\n"),
              dm, C("[v.i == 4]"), "reach_error();");
    expect(&r, SMT_FEASIBLE);
    done(&r);
  }
  /* long is 4 bytes in ILP32, 8 in LP64 */
#define UL_SRC                                                                 \
  DECLS "union L { long l; int i[2]; };\n"                                     \
        "int main() {\n"                                                       \
        "  union L u; u.i[0] = 1; u.i[1] = 2;\n"                               \
        "  if (u.l == 1) reach_error();\n"                                     \
        "  return 0;\n}\n"
  run r = check(UL_SRC, CFA_ILP32, C("[u.l == 1]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  r = check(UL_SRC, CFA_LP64, C("[u.l == 1]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
#undef UL_SRC
#undef UP_SRC
}
END_TEST

START_TEST(unions_in_arrays) {
  /* a union inside a struct inside an array, at a symbolic index; a union
   * of a struct and an array */
  static const char *src =
      DECLS "struct E { int k; union { short s[2]; int i; } v; };\n"
            "union SA { struct { char a; short b; } s; unsigned char c[4]; };\n"
            "struct E arr[3];\n"
            "int main() {\n"
            "  int j = __VERIFIER_nondet_int();\n"
            "  if (j < 0 || j > 2) return 0;\n"
            "  arr[j].v.i = 0x10002;\n"
            "  if (arr[2].v.s[0] == 2 && arr[j].v.s[1] == 1) {\n"
            "    union SA w; w.s.a = 1; w.s.b = 0x203;\n"
            "    union SA w2 = w;\n"
            "    if (w2.c[0] == 1 && w2.c[2] == 3 && w2.c[3] == 2)"
            " reach_error();\n"
            "  }\n"
            "  return 0;\n}\n";
  run r = check(src, CFA_LP64,
                C("[!(j < 0)]", "[!(j > 2)]", "[arr[2].v.s[0] == 2]",
                  "[arr[j].v.s[1] == 1]", "[w2.c[0] == 1]", "[w2.c[2] == 3]",
                  "[w2.c[3] == 2]"),
                "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "2");
  done(&r);
  r = check(src, CFA_ILP32,
            C("[!(j < 0)]", "[!(j > 2)]", "[arr[2].v.s[0] == 2]",
              "[!(arr[j].v.s[1] == 1)]"),
            0);
  expect(&r, SMT_INFEASIBLE);
  done(&r);
}
END_TEST

START_TEST(bit_fields) {
#define BF_SRC(body)                                                           \
  DECLS "struct B { int a; unsigned lo : 3, : 0, hi : 5; int b; };\n"          \
        "struct B g = {1, 2, 3, 4};\n"                                         \
        "int main() {\n"                                                       \
        "  int x = __VERIFIER_nondet_int();\n"                                 \
        "  struct B h = g;\n" body "  return 0;\n}\n"
  run r = check(BF_SRC("  if (x == h.b + h.a) reach_error();\n"), CFA_ILP32,
                C("[x == h.b + h.a]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "5");
  done(&r);
  r = check(BF_SRC("  if (h.hi == 3 && h.lo == 2) reach_error();\n"),
            CFA_ILP32, C("[h.hi == 3]", "[h.lo == 2]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  r = check(BF_SRC("  if (h.hi != 3) reach_error();\n"), CFA_ILP32,
            C("[h.hi != 3]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* the bytes: lo in the unit at 4, hi (after :0) in the one at 8 */
  r = check(BF_SRC("  if (((char *)&h)[4] == 2 && ((char *)&h)[8] == 3)"
                   " reach_error();\n"),
            CFA_ILP32, C("[((char *)&h)[4] == 2]", "[((char *)&h)[8] == 3]"),
            "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  /* a pointer into the bit-fields' storage unit or to h.b */
  r = check(BF_SRC("  int *q = (int *)((char *)&h + (x ? 12 : 4));\n"
                   "  if (*q == 2) reach_error();\n"),
            CFA_ILP32, C("[*q == 2]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "0");
  done(&r);
  /* signed and unsigned, truncation on write, neighbours kept, a copy */
#define BS_SRC(body)                                                           \
  DECLS "struct S { int a : 3; unsigned b : 3; _Bool c : 1; int d : 9; };\n"   \
        "int main() {\n"                                                       \
        "  int x = __VERIFIER_nondet_int();\n"                                 \
        "  struct S s; s.a = 5; s.b = 13; s.c = 2; s.d = x;\n"                 \
        "  struct S t = s;\n" body "  return 0;\n}\n"
  for (int m = 0; m < 2; m++) {
    cfa_data_model dm = m ? CFA_LP64 : CFA_ILP32;
    r = check(BS_SRC("  if (t.a == -3 && t.b == 5 && t.c == 1 && t.d == -1)"
                     " reach_error();\n"),
              dm, C("[t.a == -3]", "[t.b == 5]", "[t.c == 1]", "[t.d == -1]"),
              "reach_error();");
    expect(&r, SMT_FEASIBLE);
    ck_assert_uint_eq(r.m->ninputs, 1);
    ck_assert_str_eq(input(&r, 0)->value, "511");
    done(&r);
    r = check(BS_SRC("  if (t.a == 5) reach_error();\n"), dm, C("[t.a == 5]"),
              "reach_error();");
    expect(&r, SMT_INFEASIBLE);
    done(&r);
    r = check(BS_SRC("  if ((s.b = 9) == 1 && s.a == -3) reach_error();\n"),
              dm, C("[(s.b = 9) == 1]", "[s.a == -3]"), "reach_error();");
    expect(&r, SMT_FEASIBLE);
    done(&r);
  }
  /* an automatic object's padding is indeterminate (gcc leaves what was
   * on the stack), a static one's zero; members not named are zero */
#define BP_SRC(cls, body)                                                      \
  DECLS "struct S5 { char c; long long x : 60; };\n"                           \
        "union U5 { struct S5 s; unsigned char c[12]; };\n"                    \
        "int main() {\n"                                                       \
        "  " cls " union U5 u = {{0}};\n"                                      \
        "  u.s.x = 0x123456789abcdefLL;\n" body "  return 0;\n}\n"
  r = check(BP_SRC("", "  if (u.c[11] == 0xf1) reach_error();\n"), CFA_ILP32,
            C("[u.c[11] == 0xf1]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  r = check(BP_SRC("", "  if ((u.c[11] & 15) != 1) reach_error();\n"),
            CFA_ILP32, C("[(u.c[11] & 15) != 1]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(BP_SRC("static", "  if (u.c[11] == 0xf1) reach_error();\n"),
            CFA_ILP32, C("[u.c[11] == 0xf1]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(BP_SRC("", "  if (u.s.c != 0) reach_error();\n"), CFA_ILP32,
            C("[u.s.c != 0]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
#undef BP_SRC
#undef BS_SRC
#undef BF_SRC
}
END_TEST

/* Designated initialisers: the members named get their values, positional
 * ones continue after them, the others are zero (automatic and static
 * objects), a union initialised through another member than its first
 * (its other bytes indeterminate); offsets per data model. */
START_TEST(designated_initialisers) {
#define DI_SRC(body)                                                           \
  DECLS "struct R { char c; long l; int b[2];"                                 \
        " union { int i; unsigned char c[sizeof(long)]; } u; };\n"             \
        "static struct R s = { .b[1] = 4, .c = 2 };\n"                         \
        "int main() {\n"                                                       \
        "  int x = __VERIFIER_nondet_int();\n"                                 \
        "  struct R r = { .u.c[1] = 1, .l = -1, 5, 6, .b[0] = x };\n" body     \
        "  return 0;\n}\n"
  for (int m = 0; m < 2; m++) {
    cfa_data_model dm = m ? CFA_LP64 : CFA_ILP32;
    run r =
        check(DI_SRC("  if (r.u.i == 256 && r.l == -1 && r.b[1] == 6 &&"
                     " r.c == 0 && r.b[0] == 3 &&"
                     " r.u.c[sizeof(long) - 1] == 0) reach_error();\n"),
              dm,
              C("[r.u.i == 256]", "[r.l == -1]", "[r.b[1] == 6]", "[r.c == 0]",
                "[r.b[0] == 3]", "[r.u.c[sizeof(long) - 1] == 0]"),
              "reach_error();");
    expect(&r, SMT_FEASIBLE);
    ck_assert_str_eq(input(&r, 0)->value, "3");
    ck_assert_uint_eq(r.m->ninputs, 1);
    done(&r);
    r = check(DI_SRC("  if (r.b[1] != 6) reach_error();\n"), dm,
              C("[r.b[1] != 6]"), "reach_error();");
    expect(&r, SMT_INFEASIBLE);
    done(&r);
    r = check(DI_SRC("  if (r.u.c[0] != 0) reach_error();\n"), dm,
              C("[r.u.c[0] != 0]"), "reach_error();");
    expect(&r, SMT_INFEASIBLE);
    done(&r);
    r = check(DI_SRC("  if (s.b[1] == 4 && s.c == 2 && s.b[0] == 0 &&"
                     " s.l == 0) reach_error();\n"),
              dm,
              C("[s.b[1] == 4]", "[s.c == 2]", "[s.b[0] == 0]", "[s.l == 0]"),
              "reach_error();");
    expect(&r, SMT_FEASIBLE);
    done(&r);
    r = check(DI_SRC("  if (s.l != 0) reach_error();\n"), dm, C("[s.l != 0]"),
              "reach_error();");
    expect(&r, SMT_INFEASIBLE);
    done(&r);
  }
#undef DI_SRC
}
END_TEST

START_TEST(string_literal_pointers) {
  /* a pointer initialised with a string literal points to its object */
#define STR_SRC(body)                                                          \
  DECLS "struct D { const char *name; int v; };\n"                             \
        "struct D d = {\"abc\", 5};\n"                                         \
        "int main() {\n"                                                       \
        "  int x = __VERIFIER_nondet_int();\n"                                 \
        "  struct D e = d;\n" body "  return 0;\n}\n"
  run r = check(STR_SRC("  if (x == e.v) reach_error();\n"), CFA_ILP32,
                C("[x == e.v]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "5");
  done(&r);
  r = check(STR_SRC("  if (e.name != 0) reach_error();\n"), CFA_ILP32,
            C("[e.name != 0]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  r = check(STR_SRC("  if (e.name[1] == x) reach_error();\n"), CFA_ILP32,
            C("[e.name[1] == x]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "98");
  done(&r);
  r = check(STR_SRC("  const char *p = \"xy\";\n"
                    "  if (x) p = 0;\n"
                    "  if (p == 0) reach_error();\n"),
            CFA_ILP32, C("[!(x)]", "[p == 0]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(STR_SRC("  const char *p = \"xy\";\n"
                    "  if (x) p = 0;\n"
                    "  if (p == 0) reach_error();\n"),
            CFA_ILP32, C("[x]", "[p == 0]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  /* overwritten, it is modelled again */
  r = check(STR_SRC("  const char *p = \"xy\";\n"
                    "  p = 0;\n"
                    "  if (p != 0) reach_error();\n"),
            CFA_ILP32, C("[p != 0]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
#undef STR_SRC
}
END_TEST

/* Calls through function pointers follow the function (the front end's
 * chain of [p == (&f)] choices); the choice is an assume on the pointer
 * that Z3 decides. */
START_TEST(function_pointer_calls) {
#define FN_SRC(body)                                                           \
  DECLS "int inc(int a) { return a + 1; }\n"                                   \
        "int dec(int a) { return a - 1; }\n"                                   \
        "int (*tab[2])(int) = {inc, dec};\n"                                   \
        "int main() {\n"                                                       \
        "  int c = __VERIFIER_nondet_int();\n"                                 \
        "  int (*fp)(int) = tab[c & 1];\n" body "  return 0;\n}\n"
  static const char *src = FN_SRC("  int r = fp(5);\n"
                                  "  if (r == 6) reach_error();\n");
  /* both choices are feasible, with inputs that pick them */
  run r =
      check(src, CFA_ILP32, C("[fp == (&inc)]", "[r == 6]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_int_eq(atoi(input(&r, 0)->value) & 1, 0);
  done(&r);
  r = check(src, CFA_ILP32,
            C("[!(fp == (&inc))]", "[fp == (&dec)]", "[!(r == 6)]"), 0);
  expect(&r, SMT_FEASIBLE);
  ck_assert_int_eq(atoi(input(&r, 0)->value) & 1, 1);
  done(&r);
  /* dec(5) is 4 */
  r = check(src, CFA_ILP32,
            C("[!(fp == (&inc))]", "[fp == (&dec)]", "[r == 6]"),
            "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* neither: the table holds nothing else */
  r = check(src, CFA_ILP32,
            C("[!(fp == (&inc))]", "[!(fp == (&dec))]", "[r == 6]"),
            "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* a null pointer called: undefined behaviour */
  r = check(FN_SRC("  if (c == 7) fp = 0;\n  int r = fp(5);\n"
                   "  if (r == 6) reach_error();\n"),
            CFA_ILP32,
            C("[c == 7]", "[!(fp == (&inc))]", "[!(fp == (&dec))]", "[r == 6]"),
            "reach_error();");
  expect(&r, SMT_UNKNOWN);
  ck_assert_msg(strstr(r.reason, "undefined behaviour") &&
                    strstr(r.reason, "holds no function of its type"),
                "%s", r.reason);
  done(&r);
#undef FN_SRC
  /* a struct of operations, driver style, through a pointer */
  src = DECLS "struct dev_ops { int (*open)(int *); void (*close)(int *); };\n"
              "int st;\n"
              "int my_open(int *p) { *p = 1; return 0; }\n"
              "void my_close(int *p) { *p = 0; }\n"
              "struct dev_ops ops = { my_open, my_close };\n"
              "int main() {\n"
              "  struct dev_ops *d = &ops;\n"
              "  if (d->open(&st) == 0) {\n"
              "    d->close(&st);\n"
              "    if (st != 0) reach_error();\n"
              "  }\n  return 0;\n}\n";
  /* (the candidates are of the pointer's type: my_open for open only) */
  r = check(src, CFA_ILP32,
            C("[(d->open) == (&my_open)]", "[d->open(&st) == 0]",
              "[(d->close) == (&my_close)]", "[!(st != 0)]"),
            0);
  expect(&r, SMT_FEASIBLE);
  done(&r);
  r = check(src, CFA_ILP32,
            C("[(d->open) == (&my_open)]", "[d->open(&st) == 0]",
              "[(d->close) == (&my_close)]", "[st != 0]"),
            "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(src, CFA_ILP32,
            C("[!((d->open) == (&my_open))]", "[!(d->open(&st) == 0)]"), 0);
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* a function without a body behind the pointer: its result is an input */
  src = DECLS "int ext(int);\n"
              "int main() {\n"
              "  int (*fp)(int) = ext;\n"
              "  int r = fp(1);\n"
              "  if (r == 42) reach_error();\n"
              "  return 0;\n}\n";
  r = check(src, CFA_ILP32, C("[r == 42]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->function, "ext");
  ck_assert_str_eq(input(&r, 0)->value, "42");
  done(&r);
}
END_TEST

/* String literals are read-only objects holding their bytes and a NUL. */
START_TEST(string_literal_objects) {
  static const char *src = DECLS
      "int len(const char *s) { int n = 0; while (s[n]) n++; return n; }\n"
      "int main() {\n"
      "  const char *msg = \"hey\";\n"
      "  char buf[6] = \"ab\";\n"
      "  int i = __VERIFIER_nondet_int();\n"
      "  int n = len(msg);\n"
      "  if (n != 3) reach_error();\n"
      "  if (i >= 0 && i < 6 && buf[i] == 'b') reach_error();\n"
      "  if (msg[1] != 'e' || buf[2] != 0 || buf[5] != 0) reach_error();\n"
      "  char *w = (char *)msg;\n"
      "  if (i == 9) w[0] = 'H';\n"
      "  return 0;\n}\n";
  /* the loop runs three times */
  run r = check(src, CFA_ILP32,
                C("[s[n]]", "[s[n]]", "[s[n]]", "[!(s[n])]", "[n != 3]"),
                "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(src, CFA_ILP32, C("[s[n]]", "[s[n]]", "[!(s[n])]", "[n != 3]"),
            "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(src, CFA_ILP32,
            C("[s[n]]", "[s[n]]", "[s[n]]", "[!(s[n])]", "[!(n != 3)]",
              "[i >= 0]", "[i < 6]", "[buf[i] == 'b']"),
            "reach_error();");
  expect(&r, SMT_FEASIBLE);
  ck_assert_str_eq(input(&r, 0)->value, "1");
  done(&r);
  r = check(src, CFA_ILP32,
            C("[s[n]]", "[s[n]]", "[s[n]]", "[!(s[n])]", "[!(n != 3)]",
              "[!(i >= 0)]", "[msg[1] != 'e']"),
            "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* writing into the literal is undefined behaviour */
  r = check(src, CFA_ILP32,
            C("[s[n]]", "[s[n]]", "[s[n]]", "[!(s[n])]", "[!(n != 3)]",
              "[i >= 0]", "[!(i < 6)]", "[!(msg[1] != 'e')]",
              "[!(buf[2] != 0)]", "[!(buf[5] != 0)]", "[i == 9]"),
            "w[0] = 'H';");
  expect(&r, SMT_UNKNOWN);
  ck_assert_msg(strstr(r.reason, "undefined behaviour") &&
                    strstr(r.reason, "write into a string literal at line"),
                "%s", r.reason);
  done(&r);
  r = check(src, CFA_ILP32,
            C("[s[n]]", "[s[n]]", "[s[n]]", "[!(s[n])]", "[!(n != 3)]",
              "[!(i >= 0)]", "[!(msg[1] != 'e')]", "[!(buf[2] != 0)]",
              "[!(buf[5] != 0)]", "[!(i == 9)]"),
            0);
  expect(&r, SMT_FEASIBLE);
  done(&r);
}
END_TEST

START_TEST(reachable_undefined_behaviour) {
  static const char *src = DECLS "int main() {\n"
                                 "  int a[2]; int b = 0;\n"
                                 "  int i = __VERIFIER_nondet_int();\n"
                                 "  if (i >= 0 && i < 2) {\n"
                                 "    a[i] = 5;\n"
                                 "    if (b == 5) reach_error();\n"
                                 "  }\n"
                                 "  a[i] = 5;\n"
                                 "  if (b == 5) reach_error();\n"
                                 "  return 0;\n}\n";
  /* guarded: the write cannot reach b */
  run r = check(src, CFA_ILP32, C("[i >= 0]", "[i < 2]", "[b == 5]"),
                "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  /* unguarded: an out-of-bounds write happens first, anything may follow */
  r = check(src, CFA_ILP32, C("[!(i >= 0)]", "[b == 5]"), "reach_error();");
  expect(&r, SMT_UNKNOWN);
  ck_assert_msg(
      strstr(r.reason,
             "undefined behaviour on the path: array index out of bounds "
             "at line 14"),
      "%s", r.reason);
  done(&r);
}
END_TEST

START_TEST(static_local) {
  static const char *src =
      DECLS "int count(void) { static int c = 10; c++; return c; }\n"
            "int main() {\n"
            "  int a = count();\n"
            "  int b = count();\n"
            "  if (a == 11 && b == 12) reach_error();\n"
            "  return 0;\n}\n";
  run r = check(src, CFA_ILP32, C("[a == 11]", "[b == 12]"), "reach_error();");
  expect(&r, SMT_FEASIBLE);
  done(&r);
  r = check(src, CFA_ILP32, C("[a == 11]", "[!(b == 12)]"), "[!(b == 12)]");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
}
END_TEST

START_TEST(solver_timeout) {
  /* factoring a 64-bit semiprime is out of reach in 50 ms */
  run r = {0};
  r.g = build_dm(
      DECLS "int main() {\n"
            "  unsigned long x = __VERIFIER_nondet_long();\n"
            "  unsigned long y = __VERIFIER_nondet_long();\n"
            "  if (x > 1 && y > 1 && x < 4294967296UL && y < 4294967296UL &&\n"
            "      x * y == 8670687648630721837UL) reach_error();\n"
            "  return 0;\n}\n",
      CFA_LP64);
  r.s = smt_new(r.g, 50);
  r.p = walk(r.g,
             C("[x > 1]", "[y > 1]", "[x < 4294967296UL]", "[y < 4294967296UL]",
               "[x * y == 8670687648630721837UL]"),
             "reach_error();");
  r.r = smt_check_path(r.s, r.p.e, r.p.n, &r.m, &r.reason);
  expect(&r, SMT_UNKNOWN);
  ck_assert_msg(strstr(r.reason, "timeout"), "%s", r.reason);
  /* the interrupt ends with the check it cut short: the next checks on the
   * same context run to their answers (a context interrupted for good
   * would say UNKNOWN to each) */
  path easy = walk(r.g, C("[x > 1]", "[y > 1]"), "[y > 1]");
  smt_set_timeout(r.s, 20000);
  for (int i = 0; i < 3; i++) {
    char *why = 0;
    smt_result er = smt_check_path(r.s, easy.e, easy.n, 0, &why);
    ck_assert_msg(er == SMT_FEASIBLE, "%s: %s", smt_result_name(er), why ? why : "");
    mem_free(why);
  }
  mem_free(easy.e);
  done(&r);
}
END_TEST

START_TEST(poison_and_pop) {
  cfa *g = build(DECLS "int main() {\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  if (x > 0) {\n"
                       "    double d = 2.0 * x;\n"
                       "    if (d > 3.0) reach_error();\n"
                       "  }\n"
                       "  if (x == 7) reach_error();\n"
                       "  return 0;\n}\n");
  smt_ctx *s = smt_new(g, 5000);
  path p = walk(g, C("[x > 0]", "[d > 3.0]"), "reach_error();");
  size_t k = 0;
  while (strcmp(p.e[k]->raw, "[d > 3.0]"))
    ck_assert(smt_push_edge(s, p.e[k++]));
  ck_assert(!smt_push_edge(s, p.e[k]));
  ck_assert(!smt_push_edge(s, p.e[k + 1]));
  ck_assert_ptr_nonnull(smt_poisoned(s));
  char *why;
  ck_assert_int_eq(smt_check(s, 0, &why), SMT_UNKNOWN);
  ck_assert_msg(strstr(why, "float arithmetic at line 11"), "%s", why);
  mem_free(why);
  smt_pop(s, 2);
  ck_assert_ptr_null(smt_poisoned(s));
  ck_assert_int_eq(smt_check(s, 0, 0), SMT_FEASIBLE);
  mem_free(p.e);
  smt_pop(s, smt_depth(s));
  p = walk(g, C("[!(x > 0)]", "[x == 7]"), "reach_error();");
  for (size_t i = 0; i < p.n; i++)
    smt_push_edge(s, p.e[i]);
  ck_assert_int_eq(smt_check(s, 0, 0), SMT_INFEASIBLE);
  mem_free(p.e);
  smt_free(s);
  cfa_free(g);
}
END_TEST

START_TEST(many_pops_rebuild_solver) {
  /* popped edges leave garbage in the solver until it is rebuilt */
  cfa *g = build(DECLS "int main() {\n"
                       "  int a[8] = {0};\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  for (int i = 0; i < 8; i++) a[i] = x + i;\n"
                       "  int k = __VERIFIER_nondet_int();\n"
                       "  if (k >= 0 && k < 8 && a[k] == 12) reach_error();\n"
                       "  return 0;\n}\n");
  smt_ctx *s = smt_new(g, 5000);
  path p = walk(g,
                C("[i < 8]", "[i < 8]", "[i < 8]", "[i < 8]", "[i < 8]",
                  "[i < 8]", "[i < 8]", "[i < 8]", "[!(i < 8)]", "[k >= 0]",
                  "[k < 8]", "[a[k] == 12]"),
                "reach_error();");
  for (int round = 0; round < 150; round++) {
    for (size_t i = 0; i < p.n; i++)
      smt_push_edge(s, p.e[i]);
    smt_model *m;
    ck_assert_int_eq(smt_check(s, &m, 0), SMT_FEASIBLE);
    int x = atoi(m->inputs[0].value), k = atoi(m->inputs[1].value);
    ck_assert(k >= 0 && k < 8 && x + k == 12);
    smt_model_free(m);
    smt_pop(s, round % 2 ? p.n : p.n - 3);
    if (!(round % 2)) smt_pop(s, smt_depth(s));
  }
  mem_free(p.e);
  smt_free(s);
  cfa_free(g);
}
END_TEST

static void fail_unmodelled(void *arg) { smtz_fail(arg, "no %s", "way"); }

static void fail_in_z3(void *arg) {
  smtz *z = arg; /* bits 40..0 of an 8-bit value: Z3 reports an error */
  smtz_k(z, Z3_mk_extract(z->ctx, 40, 0, smtz_num(z, 8, 1, false)));
  ck_abort_msg("not reached");
}

static void catch_inner(void *arg) {
  smtz *z = arg;
  ck_assert_int_eq(smtz_protect(z, fail_unmodelled, z), SMTZ_UNMODELLED);
  char *m = smtz_failure(z);
  ck_assert_str_eq(m, "no way");
  mem_free(m);
}

/* A path is encoded under the run's deadline (smt_set_deadline): past it,
 * smt_check_path stops after the first SMT_PATH_POLL edges, UNKNOWN with
 * the reason, instead of encoding every step first. */
START_TEST(path_encoding_deadline) {
  sbuf b = {0};
  sb_put(&b, "int main(void) {\n  unsigned x = 0;\n");
  for (int i = 0; i < 3000; i++) sb_put(&b, "  x = x * 3u + 1u;\n");
  sb_put(&b, "  return (int)x;\n}\n");
  cfa *g = build_dm(b.s, CFA_ILP32);
  sb_free(&b);
  path p = walk(g, 0, 0);
  ck_assert_uint_gt(p.n, 3000);
  smt_ctx *s = smt_new(g, 10000);
  char *why = 0;
  ck_assert_int_eq(smt_check_path(s, p.e, p.n, 0, &why), SMT_FEASIBLE);
  ck_assert_uint_eq(smt_depth(s), p.n);
  smt_set_deadline(s, 1e-3); /* long past: CLOCK_MONOTONIC seconds */
  ck_assert_int_eq(smt_check_path(s, p.e, p.n, 0, &why), SMT_UNKNOWN);
  ck_assert_ptr_nonnull(why);
  ck_assert_msg(strstr(why, "the time limit came after 1023 of its"), "%s",
                why);
  ck_assert_uint_eq(smt_depth(s), 0);
  mem_free(why);
  mem_free(p.e);
  smt_free(s);
  cfa_free(g);
}
END_TEST

START_TEST(protected_calls) {
  smtz *z = smtz_new();
  ck_assert_int_eq(smtz_protect(z, fail_unmodelled, z), SMTZ_UNMODELLED);
  char *m = smtz_failure(z);
  ck_assert_str_eq(m, "no way");
  mem_free(m);
  ck_assert_ptr_null(smtz_failure(z));
  ck_assert_int_eq(smtz_protect(z, fail_in_z3, z), SMTZ_SOLVER_ERROR);
  m = smtz_failure(z);
  ck_assert_msg(strstr(m, "internal SMT error: ") == m, "%s", m);
  mem_free(m);
  /* a failure caught inside does not end the outer call */
  ck_assert_int_eq(smtz_protect(z, catch_inner, z), SMTZ_OK);
  ck_assert_ptr_null(smtz_failure(z));
  smtz_release(z);
  smtz_free(z);
}
END_TEST

/* The edge of g of kind k whose raw text is raw (exactly one). */
static const cfa_edge *edge(const cfa *g, cfa_edge_kind k, const char *raw) {
  const cfa_edge *e = 0;
  for (size_t i = 0; i < g->edges.len; i++)
    if (g->edges.data[i]->kind == k && !strcmp(g->edges.data[i]->raw, raw)) {
      ck_assert_msg(!e, "two edges '%s'", raw);
      e = g->edges.data[i];
    }
  ck_assert_msg(e, "no edge '%s'", raw);
  return e;
}
#define A(raw) edge(g, CFA_ASSUME, raw)

/* Two contexts on one Z3 context (smt_new_sharing): each keeps its own
 * path and answers; the Z3 context lives until the last is freed, whichever
 * goes first. */
START_TEST(shared_z3_context) {
  cfa *g = build(DECLS "int main() {\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  if (x > 5) reach_error();\n"
                       "  return 0;\n}\n");
  for (int first = 0; first < 2; first++) {
    smt_ctx *a = smt_new(g, 10000);
    smt_ctx *b = smt_new_sharing(g, 10000, a);
    const cfa_edge *in = edge(g, CFA_STATEMENT,
                              "int x = __VERIFIER_nondet_int();");
    ck_assert(smt_push_edge(a, in));
    ck_assert(smt_push_edge(a, edge(g, CFA_ASSUME, "[x > 5]")));
    ck_assert(smt_push_edge(b, in));
    ck_assert(smt_push_edge(b, edge(g, CFA_ASSUME, "[!(x > 5)]")));
    ck_assert(smt_push_edge(b, edge(g, CFA_ASSUME, "[x > 5]")));
    ck_assert_int_eq(smt_check(a, 0, 0), SMT_FEASIBLE);
    ck_assert_int_eq(smt_check(b, 0, 0), SMT_INFEASIBLE);
    smt_free(first ? b : a);
    smt_ctx *left = first ? a : b;
    smt_pop(left, 1);
    ck_assert_int_eq(smt_check(left, 0, 0), SMT_FEASIBLE);
    smt_free(left);
  }
  cfa_free(g);
}
END_TEST

/* Contexts made ahead (smt_ahead): smt_new takes them in turn, each
 * decides and gives models like a context made on the spot; one made and
 * not taken is discarded by smt_ahead(0) (valgrind: nothing leaks). */
START_TEST(contexts_made_ahead) {
  cfa *g = build(DECLS "int main() {\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  if (x == 42) reach_error();\n"
                       "  return 0;\n}\n");
  const cfa_edge *in =
      edge(g, CFA_STATEMENT, "int x = __VERIFIER_nondet_int();");
  smt_ahead(2);
  smt_ctx *s[3];
  for (int i = 0; i < 3; i++) { /* two made ahead, one on the spot */
    s[i] = smt_new(g, 10000);
    ck_assert(smt_push_edge(s[i], in));
    ck_assert(smt_push_edge(s[i], edge(g, CFA_ASSUME, "[x == 42]")));
    smt_model *m = 0;
    ck_assert_int_eq(smt_check(s[i], &m, 0), SMT_FEASIBLE);
    ck_assert_uint_eq(m->ninputs, 1);
    ck_assert_str_eq(m->inputs[0].value, "42");
    smt_model_free(m);
  }
  for (int i = 0; i < 3; i++)
    smt_free(s[i]);
  smt_ahead(1);
  smt_ahead(1); /* one is being made already: no second */
  smt_ahead(0);
  smt_ahead(0);
  cfa_free(g);
}
END_TEST

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
  ck_assert_ptr_nonnull(strstr(text, "__VERIFIER_nondet_int")); /* over x */
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
  ck_assert_int_eq(smt_formula_abstract(s, pf, a, 3, SMT_ABS_CARTESIAN, 99,
                                        &rows, &n, 0),
                   SMT_ANSWER_YES);
  ck_assert_uint_eq(n, 1);
  ck_assert(rows[0] == 1 && rows[1] == 2 && rows[2] == 2);
  mem_free(rows);
  /* widened: the free atoms open, one cube */
  ck_assert_int_eq(smt_formula_abstract(s, pf, a, 3, SMT_ABS_WIDENED, 99,
                                        &rows, &n, 0),
                   SMT_ANSWER_YES);
  ck_assert_uint_eq(n, 1);
  ck_assert(rows[0] == 1 && rows[1] == 2 && rows[2] == 2);
  mem_free(rows);
  /* exact: the 2 minterms of x > 7, x > 3 in each; y > 4 shares no value
   * with the path formula (y is read by the atom alone), so it stays open
   * in every row without being enumerated */
  ck_assert_int_eq(smt_formula_abstract(s, pf, a, 3, SMT_ABS_EXACT, 99, &rows,
                                        &n, 0),
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
  ck_assert_int_eq(smt_formula_abstract(s, pf, a, 3, SMT_ABS_EXACT, 1, &rows,
                                        &n, &why),
                   SMT_ANSWER_UNKNOWN);
  ck_assert_ptr_nonnull(why);
  mem_free(why);
  /* correlated atoms stay exact when widened: x > 7 and !(x > 7) */
  smt_formula *le7 = smt_formula_assume(s, A("[!(x > 7)]"), 0);
  const smt_formula *pair[2] = {at[1], le7};
  ck_assert_int_eq(smt_formula_abstract(s, pf, pair, 2, SMT_ABS_WIDENED, 99,
                                        &rows, &n, 0),
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
    ck_assert_int_eq(smt_formula_abstract(s, pf, without, 4,
                                          (smt_abs_mode)mode, 99, &rows4, &n4,
                                          0),
                     SMT_ANSWER_YES);
    unsigned long c1 = smt_solver_calls(s);
    ck_assert_int_eq(smt_formula_abstract(s, pf,
                                          (const smt_formula *const *)at, 5,
                                          (smt_abs_mode)mode, 99, &rows, &n,
                                          0),
                     SMT_ANSWER_YES);
    /* w > 5 costs no check, and is open in every row; the rest is the
     * abstraction without it */
    ck_assert_uint_eq(smt_solver_calls(s) - c1, c1 - c0);
    ck_assert_uint_eq(n, n4);
    for (size_t k = 0; k < n; k++) {
      const unsigned char *r = rows + k * 5, *r4 = rows4 + k * 4;
      ck_assert(r[0] == r4[0] && r[1] == r4[1] && r[2] == 2 &&
                r[3] == r4[2] && r[4] == r4[3]);
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
      ck_assert_int_eq(smt_formula_abstract(s, pf, free3, 3,
                                            (smt_abs_mode)mode, 99, &rows, &n,
                                            0),
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
  path p = walk(g, C("[x > 1]", "[y > 1]", "[x < 4294967296UL]",
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
    smt_answer r = smt_formula_abstract(s, pf, (const smt_formula *const *)at,
                                        3, (smt_abs_mode)mode, 99, &rows, &n,
                                        &why);
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

static Suite *smt_suite(void) {
  Suite *s = suite_create("smt");
  TCase *t = tcase_create("core");
  tcase_set_timeout(t, 30);
  tcase_add_test(t, nondet_multiply);
  tcase_add_test(t, signed_overflow_wraps);
  tcase_add_test(t, unsigned_wrap_and_rendering);
  tcase_add_test(t, division_of_negatives);
  tcase_add_test(t, char_truncation);
  tcase_add_test(t, shifts);
  tcase_add_test(t, array_nondet_index);
  tcase_add_test(t, array_write_and_pointer_arithmetic);
  tcase_add_test(t, struct_via_pointer);
  tcase_add_test(t, pointer_null_and_choice);
  tcase_add_test(t, call_with_parameters);
  tcase_add_test(t, recursion_three_deep);
  tcase_add_test(t, struct_by_value);
  tcase_add_test(t, infeasible_constant);
  tcase_add_test(t, float_is_unknown);
  tcase_add_test(t, uninitialised_and_globals);
  tcase_add_test(t, data_models);
  tcase_add_test(t, short_circuit_inputs);
  tcase_add_test(t, switch_on_nondet);
  tcase_add_test(t, assume_core);
  tcase_add_test(t, division_by_zero_is_unknown);
  tcase_add_test(t, loop_and_bool);
  tcase_add_test(t, nested_call_and_function_pointer);
  tcase_add_test(t, incremental);
  tcase_add_test(t, array_input_rendering);
  tcase_add_test(t, pointer_to_either_object);
  tcase_add_test(t, dangling_and_foreign_pointers);
  tcase_add_test(t, opaque_call_changes_escaped_objects);
  tcase_add_test(t, reachable_undefined_behaviour);
  tcase_add_test(t, unions_by_bytes);
  tcase_add_test(t, union_pointers_and_floats);
  tcase_add_test(t, unions_in_arrays);
  tcase_add_test(t, call_reaches_union);
  tcase_add_test(t, bit_fields);
  tcase_add_test(t, designated_initialisers);
  tcase_add_test(t, string_literal_pointers);
  tcase_add_test(t, function_pointer_calls);
  tcase_add_test(t, string_literal_objects);
  tcase_add_test(t, static_local);
  tcase_add_test(t, solver_timeout);
  tcase_add_test(t, formula_abstraction_time);
  tcase_add_test(t, poison_and_pop);
  tcase_add_test(t, many_pops_rebuild_solver);
  tcase_add_test(t, formula_handles);
  tcase_add_test(t, shared_z3_context);
  tcase_add_test(t, contexts_made_ahead);
  tcase_add_test(t, formula_abstraction_modes);
  tcase_add_test(t, formula_abstraction_apart);
  tcase_add_test(t, protected_calls);
  tcase_add_test(t, path_encoding_deadline);
  suite_add_tcase(s, t);
  return s;
}

int main(void) {
  SRunner *r = srunner_create(smt_suite());
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  Z3_finalize_memory(); /* Z3's global pools, for valgrind */
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
