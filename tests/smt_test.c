/* Unit tests of the SMT encoding: small programs, paths chosen by the raw
 * texts of the branches to take, and the verdicts and inputs Z3 gives.
 * This file: values and operators, arrays and pointers, calls, the
 * session (pops, timeouts, deadlines, shared contexts, protected calls),
 * and the suite; the memory model's tests are smt_memory_test.c, the
 * formula handles' smt_formula_test.c (helpers: smt_test.h). */
#include "smt_test.h"

#include <sys/wait.h>
#include <unistd.h>

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

/* float and double as IEEE 754 with rounding to nearest even; a
 * conversion out of an integer type's range is undefined; long double is
 * not modelled. Each expectation is what gcc -O0 on x86-64 computes. */
static void flt_expect(const char *body, const char *const *choices,
                       smt_result want, const char *why) {
  char *src = mem_printf(DECLS "extern float __VERIFIER_nondet_float(void);\n"
                               "int main() {\n%s  return 0;\n}\n",
                         body);
  run r = check(src, CFA_ILP32, choices, "reach_error();");
  expect(&r, want);
  if (why)
    ck_assert_msg(r.reason && strstr(r.reason, why), "wanted '%s': %s", why,
                  r.reason ? r.reason : "");
  done(&r);
  mem_free(src);
}

START_TEST(floats_ieee) {
  flt_expect("  float f = 1.5f;\n  if (f > 1.0f) reach_error();\n",
             C("[f > 1.0f]"), SMT_FEASIBLE, 0);
  /* 1e8f + 1 rounds back to 1e8f */
  flt_expect("  float x = 1e8f, y = x + 1.f, z = x - 1.f;\n"
             "  if (y - z != 0.f) reach_error();\n",
             C("[y - z != 0.f]"), SMT_INFEASIBLE, 0);
  flt_expect("  double a = 0.1, b = 0.2;\n"
             "  if (a + b == 0.3) reach_error();\n",
             C("[a + b == 0.3]"), SMT_INFEASIBLE, 0);
  flt_expect("  double a = 0.1, b = 0.2;\n"
             "  if (a + b != 0.3) reach_error();\n",
             C("[a + b != 0.3]"), SMT_FEASIBLE, 0);
  /* 16777217 is no float: to nearest even, 16777216 */
  flt_expect("  int i = 16777217; float f = i;\n"
             "  if (f == 16777216.0f) reach_error();\n",
             C("[f == 16777216.0f]"), SMT_FEASIBLE, 0);
  /* truncation toward zero */
  flt_expect("  double d = -2.7; int i = (int)d;\n"
             "  if (i != -2) reach_error();\n",
             C("[i != -2]"), SMT_INFEASIBLE, 0);
  /* NaN: unordered, equal to nothing, itself included */
  flt_expect("  float z = 0.0f, n = z / z;\n"
             "  if (n == n || n < 1.0f || n >= 1.0f) reach_error();\n",
             C("[!(n == n)]", "[!(n < 1.0f)]", "[n >= 1.0f]"), SMT_INFEASIBLE,
             0);
  flt_expect("  float z = 0.0f, n = z / z;\n"
             "  if (n == n || n < 1.0f || n >= 1.0f) reach_error();\n",
             C("[!(n == n)]", "[n < 1.0f]"), SMT_INFEASIBLE, 0);
  flt_expect("  float z = 0.0f, n = z / z;\n"
             "  if (n != n) reach_error();\n",
             C("[n != n]"), SMT_FEASIBLE, 0);
  /* -0.0 == 0.0, and division by zero is infinity, not undefined */
  flt_expect("  double m = -0.0, p = 1.0 / m;\n"
             "  if (m == 0.0 && p < -1e308) reach_error();\n",
             C("[m == 0.0]", "[p < -1e308]"), SMT_FEASIBLE, 0);
  /* an input: its value is what makes the branch */
  flt_expect("  float u = __VERIFIER_nondet_float();\n"
             "  if (u > 2.5f && u < 2.75f) reach_error();\n",
             C("[u > 2.5f]", "[u < 2.75f]"), SMT_FEASIBLE, 0);
  /* out of int's range: undefined behaviour */
  flt_expect("  float big = 3e9f; int i = (int)big;\n"
             "  if (i) reach_error();\n",
             C("[i]"), SMT_UNKNOWN, "out of the range");
  flt_expect("  long double e = 1.0L;\n"
             "  if (e > 0.5L) reach_error();\n",
             C("[e > 0.5L]"), SMT_UNKNOWN, "only float and double are modelled");
}
END_TEST

/* Z3's reason for an unknown answer as one short line: QF_BV gave up on
 * floating point listing every declaration it met (hundreds of lines once
 * shown in a verdict). */
START_TEST(solver_reason_short) {
  char *big = mem_alloc(4001);
  for (int i = 0; i < 4000; i++)
    big[i] = i % 50 == 49 ? '\n' : 'x';
  big[4000] = 0;
  char *r = smtz_reason_text(big);
  ck_assert_uint_le(strlen(r), 200);
  ck_assert_ptr_null(strchr(r, '\n'));
  ck_assert_str_eq(r + strlen(r) - 4, " ...");
  mem_free(r);
  mem_free(big);
  r = smtz_reason_text("timeout");
  ck_assert_str_eq(r, "timeout");
  mem_free(r);
  r = smtz_reason_text(0);
  ck_assert_str_eq(r, "unknown reason");
  mem_free(r);
}
END_TEST

START_TEST(float_not_deciding) {
  run r;
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
  /* a pointer from outside (a function without a body) points nowhere
   * (malloc's object is modelled: smt_memory_test's dynamic_memory) */
  r = check(DECLS "extern void *get_buffer(unsigned long);\n"
                  "int main() {\n"
                  "  int *p = get_buffer(4);\n"
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

/* A path whose check factors a 64-bit semiprime, checked with a 50 ms
 * timeout into r. */
static void semiprime(run *r) {
  r->g = build_dm(
      DECLS "int main() {\n"
            "  unsigned long x = __VERIFIER_nondet_long();\n"
            "  unsigned long y = __VERIFIER_nondet_long();\n"
            "  if (x > 1 && y > 1 && x < 4294967296UL && y < 4294967296UL &&\n"
            "      x * y == 8670687648630721837UL) reach_error();\n"
            "  return 0;\n}\n",
      CFA_LP64);
  r->s = smt_new(r->g, 50);
  r->p = walk(r->g,
              C("[x > 1]", "[y > 1]", "[x < 4294967296UL]",
                "[y < 4294967296UL]", "[x * y == 8670687648630721837UL]"),
              "reach_error();");
  r->r = smt_check_path(r->s, r->p.e, r->p.n, &r->m, &r->reason);
}

START_TEST(solver_timeout) {
  /* factoring a 64-bit semiprime is out of reach in 50 ms */
  run r = {0};
  semiprime(&r);
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

/* A forked child (the portfolio's branches, lib/race.h) times its checks
 * out too: fork copies only the calling thread, so the child starts a
 * watchdog of its own (its copy of the parent's would never wake, and its
 * copy of the parent's mutex, held by that watchdog at the fork, would
 * hang its first timed check). */
START_TEST(timeout_after_fork) {
  run r = {0};
  semiprime(&r);
  expect(&r, SMT_UNKNOWN); /* the parent's watchdog runs */
  for (int round = 0; round < 20; round++) {
    fflush(stdout);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (!pid) {
      alarm(20); /* a hang or an untimed check: SIGALRM */
      char *why = 0;
      smt_result cr = smt_check_path(r.s, r.p.e, r.p.n, 0, &why);
      _exit(cr == SMT_UNKNOWN && why && strstr(why, "timeout") ? 0 : 3);
    }
    int st = 0;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0,
                  "round %d: child ended with status %d", round, st);
  }
  done(&r);
}
END_TEST

START_TEST(poison_and_pop) {
  cfa *g = build(DECLS "int main() {\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  if (x > 0) {\n"
                       "    long double d;\n"
                       "    if (d > 3.0L) reach_error();\n"
                       "  }\n"
                       "  if (x == 7) reach_error();\n"
                       "  return 0;\n}\n");
  smt_ctx *s = smt_new(g, 5000);
  path p = walk(g, C("[x > 0]", "[d > 3.0L]"), "reach_error();");
  size_t k = 0;
  while (strcmp(p.e[k]->raw, "[d > 3.0L]"))
    ck_assert(smt_push_edge(s, p.e[k++]));
  ck_assert(!smt_push_edge(s, p.e[k]));
  ck_assert(!smt_push_edge(s, p.e[k + 1]));
  ck_assert_ptr_nonnull(smt_poisoned(s));
  char *why;
  ck_assert_int_eq(smt_check(s, 0, &why), SMT_UNKNOWN);
  ck_assert_msg(strstr(why, "only float and double are modelled) at line 11"),
                "%s", why);
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

/* ---------- constant folding (smtz_simplify) against Z3_simplify ---------- */

static uint64_t fold_rnd(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

static Z3_ast fold_bv(smtz *z, uint64_t *s, unsigned w, int depth);

static Z3_ast fold_bool(smtz *z, uint64_t *s, int depth) {
  Z3_context c = z->ctx;
  static const unsigned ws[] = {1, 8, 32, 64, 80};
  unsigned w = ws[fold_rnd(s) % 5];
  if (depth <= 0) return fold_rnd(s) & 1 ? z->tru : z->fls;
  Z3_ast a = fold_bv(z, s, w, depth - 1), b = fold_bv(z, s, w, depth - 1);
  switch (fold_rnd(s) % 12) {
  case 0: return smtz_k(z, Z3_mk_eq(c, a, b));
  case 1: return smtz_k(z, Z3_mk_bvult(c, a, b));
  case 2: return smtz_k(z, Z3_mk_bvule(c, a, b));
  case 3: return smtz_k(z, Z3_mk_bvugt(c, a, b));
  case 4: return smtz_k(z, Z3_mk_bvuge(c, a, b));
  case 5: return smtz_k(z, Z3_mk_bvslt(c, a, b));
  case 6: return smtz_k(z, Z3_mk_bvsle(c, a, b));
  case 7: return smtz_k(z, Z3_mk_bvsgt(c, a, b));
  case 8: return smtz_k(z, Z3_mk_bvsge(c, a, b));
  case 9: return smtz_and(z, fold_bool(z, s, depth - 1), fold_bool(z, s, depth - 1));
  case 10: return smtz_k(z, Z3_mk_implies(c, fold_bool(z, s, depth - 1), fold_bool(z, s, depth - 1)));
  default: return smtz_not(z, fold_bool(z, s, depth - 1));
  }
}

static Z3_ast fold_bv(smtz *z, uint64_t *s, unsigned w, int depth) {
  Z3_context c = z->ctx;
  if (depth <= 0 || fold_rnd(s) % 6 == 0) {
    static const uint64_t special[] = {0, 1, 2, 3, 7, 0x80, 0xff, 0x7fffffff,
                                       0x80000000, 0xffffffff,
                                       0x8000000000000000ull, ~0ull};
    uint64_t v = fold_rnd(s) % 3 ? special[fold_rnd(s) % 12] : fold_rnd(s);
    if (w > 64) {
      Z3_ast lo = smtz_num(z, 64, v, false);
      return smtz_k(z, Z3_mk_concat(c, smtz_num(z, w - 64, fold_rnd(s) % 5, false), lo));
    }
    return smtz_num(z, w, v, false);
  }
  Z3_ast a = fold_bv(z, s, w, depth - 1);
  switch (fold_rnd(s) % 16) {
  case 0: return smtz_k(z, Z3_mk_bvadd(c, a, fold_bv(z, s, w, depth - 1)));
  case 1: return smtz_k(z, Z3_mk_bvsub(c, a, fold_bv(z, s, w, depth - 1)));
  case 2: return smtz_k(z, Z3_mk_bvmul(c, a, fold_bv(z, s, w, depth - 1)));
  case 3: return smtz_k(z, Z3_mk_bvand(c, a, fold_bv(z, s, w, depth - 1)));
  case 4: return smtz_k(z, Z3_mk_bvor(c, a, fold_bv(z, s, w, depth - 1)));
  case 5: return smtz_k(z, Z3_mk_bvxor(c, a, fold_bv(z, s, w, depth - 1)));
  case 6: return smtz_k(z, Z3_mk_bvneg(c, a));
  case 7: return smtz_k(z, Z3_mk_bvnot(c, a));
  case 8: return smtz_ite(z, fold_bool(z, s, depth - 1), a, fold_bv(z, s, w, depth - 1));
  case 9: return smtz_k(z, Z3_mk_bvshl(c, a, fold_bv(z, s, w, depth - 1)));
  case 10: return smtz_k(z, Z3_mk_bvlshr(c, a, fold_bv(z, s, w, depth - 1)));
  case 11: return smtz_k(z, Z3_mk_bvashr(c, a, fold_bv(z, s, w, depth - 1)));
  case 12: return smtz_k(z, fold_rnd(s) & 1 ? Z3_mk_bvudiv(c, a, fold_bv(z, s, w, depth - 1))
                                         : Z3_mk_bvurem(c, a, fold_bv(z, s, w, depth - 1)));
  case 13: { /* extract from a wider term */
    unsigned lo = (unsigned)(fold_rnd(s) % 9), ww = w + lo + (unsigned)(fold_rnd(s) % 3);
    if (ww > 100) return a;
    return smtz_k(z, Z3_mk_extract(c, w - 1 + lo, lo, fold_bv(z, s, ww, depth - 1)));
  }
  case 14: { /* extension of a narrower term */
    if (w < 2) return a;
    unsigned n = 1 + (unsigned)(fold_rnd(s) % (w - 1));
    Z3_ast x = fold_bv(z, s, w - n, depth - 1);
    return smtz_k(z, fold_rnd(s) & 1 ? Z3_mk_zero_ext(c, n, x) : Z3_mk_sign_ext(c, n, x));
  }
  default: { /* a concatenation */
    if (w < 2) return a;
    unsigned h = 1 + (unsigned)(fold_rnd(s) % (w - 1));
    return smtz_k(z, Z3_mk_concat(c, fold_bv(z, s, h, depth - 1), fold_bv(z, s, w - h, depth - 1)));
  }
  }
}

/* Terms of numerals (the operations of the encoding, at widths 1 to 80,
 * pointers' included) simplify to the same numeral as Z3_simplify gives,
 * and a term with a variable still goes to Z3. */
START_TEST(fold_agrees_with_z3) {
  smtz *z = smtz_new();
  uint64_t seed = 0x9e3779b97f4a7c15ull;
  static const unsigned ws[] = {1, 8, 16, 32, 64, 80};
  unsigned folded = 0;
  for (int i = 0; i < 4000; i++) {
    Z3_ast t = i % 4 == 3 ? fold_bool(z, &seed, 4)
                          : fold_bv(z, &seed, ws[fold_rnd(&seed) % 6], 4);
    Z3_ast a = smtz_simplify(z, t), b = smtz_simplify_z3(z, t);
    if (!Z3_is_eq_ast(z->ctx, a, b))
      ck_abort_msg("term %s: folded %s, Z3 %s", Z3_ast_to_string(z->ctx, t),
                   Z3_ast_to_string(z->ctx, a), Z3_ast_to_string(z->ctx, b));
    folded += Z3_is_numeral_ast(z->ctx, a) || smtz_is_true(z, a) ||
              smtz_is_false(z, a);
    smtz_release(z);
  }
  ck_assert_uint_gt(folded, 3000);
  Z3_ast x = smtz_fresh(z, "x", smtz_bvsort(z, 32));
  Z3_ast t = smtz_k(z, Z3_mk_bvsub(z->ctx, x, x));
  ck_assert(Z3_is_eq_ast(z->ctx, smtz_simplify(z, t), smtz_num(z, 32, 0, false)));
  smtz_release(z);
  smtz_free(z);
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
  tcase_add_test(t, float_not_deciding);
  tcase_add_test(t, floats_ieee);
  tcase_add_test(t, solver_reason_short);
  tcase_add_test(t, fold_agrees_with_z3);
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
  smt_test_memory(t);
  tcase_add_test(t, static_local);
  tcase_add_test(t, solver_timeout);
  tcase_add_test(t, timeout_after_fork);
  tcase_add_test(t, poison_and_pop);
  tcase_add_test(t, many_pops_rebuild_solver);
  tcase_add_test(t, shared_z3_context);
  tcase_add_test(t, contexts_made_ahead);
  tcase_add_test(t, protected_calls);
  tcase_add_test(t, path_encoding_deadline);
  smt_test_formulas(t);
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
