/* Unit tests of the SMT encoding's memory model: calls of functions
 * without a body and the objects they may change, undefined behaviour a
 * path reaches, unions by bytes, bit-fields, designated initialisers,
 * string literals, calls through function pointers. */
#include "smt_test.h"

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
}
END_TEST

/* What calls of functions without a body write becomes inputs: which call,
 * which object, every element of an array, under the condition that a
 * symbolic pointer points there. */
START_TEST(opaque_call_written_inputs) {
  /* the second call's value is the one read; the input says which call */
  run r = check(DECLS "extern void get(int *);\n"
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
            CFA_ILP32, C("[gw.s[0] == 's']", "[gw.s[1] == 0]"),
            "reach_error();");
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
    /* a float's bytes are its IEEE bits: 1.0f is 0x3f800000, and an int
     * written reads back as a float */
    r = check(UP_SRC("  v.f = 1.0f;\n"
                     "  if (v.i == 0) reach_error();\n"),
              dm, C("[v.i == 0]"), "reach_error();");
    expect(&r, SMT_INFEASIBLE);
    done(&r);
    r = check(UP_SRC("  v.f = 1.0f;\n"
                     "  if (v.i == 0x3f800000) reach_error();\n"),
              dm, C("[v.i == 0x3f800000]"), "reach_error();");
    expect(&r, SMT_FEASIBLE);
    done(&r);
    r = check(UP_SRC("  v.i = 0x40400000;\n"
                     "  if (v.f != 3.0f) reach_error();\n"),
              dm, C("[v.f != 3.0f]"), "reach_error();");
    expect(&r, SMT_INFEASIBLE);
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
  r = check(BF_SRC("  if (h.hi == 3 && h.lo == 2) reach_error();\n"), CFA_ILP32,
            C("[h.hi == 3]", "[h.lo == 2]"), "reach_error();");
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
    r = check(BS_SRC("  if ((s.b = 9) == 1 && s.a == -3) reach_error();\n"), dm,
              C("[(s.b = 9) == 1]", "[s.a == -3]"), "reach_error();");
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


/* Dynamic memory (smtm_alloc, smtm_free): an allocation never fails and
 * makes a new object typed by the cast or assignment it goes to; free
 * kills it; calloc zeroes, malloc leaves it uninitialised; alloca's object
 * dies with its frame. */
#define HEAP                                                                   \
  DECLS "extern void *malloc(unsigned);\n"                                     \
        "extern void *calloc(unsigned, unsigned);\n"                           \
        "extern void *alloca(unsigned);\n"                                     \
        "extern void free(void *);\n"                                          \
        "struct N { int v; struct N *next; };\n"
static void heap_expect(const char *body, const char *const *choices,
                        const char *stop, smt_result want, const char *why) {
  char *src = mem_printf("%s%s", HEAP, body);
  run r = check(src, CFA_ILP32, choices, stop);
  expect(&r, want);
  if (why)
    ck_assert_msg(r.reason && strstr(r.reason, why), "wanted '%s': %s", why,
                  r.reason ? r.reason : "(no reason)");
  done(&r);
  mem_free(src);
}

START_TEST(dynamic_memory) {
  /* a list of two nodes, typed by the assignment and by the cast (whose
   * call the front end moves into a temporary) */
  static const char *list =
      "int main() {\n"
      "  struct N *a = malloc(sizeof(struct N));\n"
      "  struct N *b = (struct N *)malloc(sizeof(struct N));\n"
      "  a->v = 1; a->next = b; b->v = 2; b->next = 0;\n"
      "  int s = 0;\n"
      "  for (struct N *p = a; p; p = p->next) s += p->v;\n"
      "  if (s == 3) reach_error();\n"
      "  return 0;\n}\n";
  heap_expect(list, C("[p]", "[p]", "[!(p)]", "[s == 3]"), "reach_error();",
              SMT_FEASIBLE, 0);
  heap_expect(list, C("[p]", "[!(p)]", "[s == 3]"), "reach_error();",
              SMT_INFEASIBLE, 0);
  /* never NULL, and two objects apart */
  heap_expect("int main() {\n"
              "  int *p = malloc(4), *q = malloc(4);\n"
              "  *p = 1; *q = 2;\n"
              "  if (p == 0 || *p == 2) reach_error();\n"
              "  return 0;\n}\n",
              C("[p == 0]"), "reach_error();", SMT_INFEASIBLE, 0);
  heap_expect("int main() {\n"
              "  int *p = malloc(4), *q = malloc(4);\n"
              "  *p = 1; *q = 2;\n"
              "  if (p == 0 || *p == 2) reach_error();\n"
              "  return 0;\n}\n",
              C("[!(p == 0)]", "[*p == 2]"), "reach_error();", SMT_INFEASIBLE,
              0);
  /* an array: calloc zeroes it, malloc's elements are uninitialised
   * (inputs), an index past it is undefined */
  heap_expect("int main() {\n"
              "  int *a = calloc(3, sizeof(int));\n"
              "  if (a[2] != 0) reach_error();\n"
              "  return 0;\n}\n",
              C("[a[2] != 0]"), "reach_error();", SMT_INFEASIBLE, 0);
  heap_expect("int main() {\n"
              "  int *a = malloc(3 * sizeof(int));\n"
              "  a[0] = 5;\n"
              "  if (a[1] == 7 && a[0] == 5) reach_error();\n"
              "  return 0;\n}\n",
              C("[a[1] == 7]", "[a[0] == 5]"), "reach_error();", SMT_FEASIBLE,
              0);
  heap_expect("int main() {\n"
              "  int *a = malloc(2 * sizeof(int));\n"
              "  a[2] = 1;\n"
              "  reach_error();\n"
              "  return 0;\n}\n",
              0, "reach_error();", SMT_UNKNOWN, "undefined behaviour");
  /* free: the object is dead; twice, or of a variable, is undefined;
   * free(NULL) is nothing */
  heap_expect("int main() {\n"
              "  int *p = malloc(sizeof(int));\n"
              "  *p = 1; free(p);\n"
              "  if (*p == 1) reach_error();\n"
              "  return 0;\n}\n",
              C("[*p == 1]"), "reach_error();", SMT_UNKNOWN,
              "undefined behaviour");
  heap_expect("int main() {\n"
              "  int *p = malloc(sizeof(int));\n"
              "  free(p); free(p);\n"
              "  reach_error();\n"
              "  return 0;\n}\n",
              0, "reach_error();", SMT_UNKNOWN, "freed before");
  heap_expect("int main() {\n"
              "  int x; free(&x);\n"
              "  reach_error();\n"
              "  return 0;\n}\n",
              0, "reach_error();", SMT_UNKNOWN, "which malloc did not allocate");
  heap_expect("int main() {\n"
              "  int *p = malloc(sizeof(int)); free(0); *p = 4; free(p);\n"
              "  reach_error();\n"
              "  return 0;\n}\n",
              0, "reach_error();", SMT_FEASIBLE, 0);
  /* alloca's object dies with its frame */
  heap_expect("int *f(void) { int *p = alloca(sizeof(int)); *p = 3; "
              "return p; }\n"
              "int main() {\n"
              "  int *q = f();\n"
              "  if (*q == 3) reach_error();\n"
              "  return 0;\n}\n",
              C("[*q == 3]"), "reach_error();", SMT_UNKNOWN,
              "undefined behaviour");
  /* what is not modelled says so */
  heap_expect("int main() {\n"
              "  struct N *a = malloc(5);\n"
              "  reach_error();\n"
              "  return 0;\n}\n",
              0, "reach_error();", SMT_UNKNOWN, "malloc of 5 bytes for struct N");
}
END_TEST

/* Objects of a size the path does not fix: malloc(n) and `int a[n];` with
 * n an input. An access must end within the object's bytes (n of them, 0
 * and a part of an element allowed); beyond the bytes the layout holds the
 * execution leaves what is modelled, which is not undefined behaviour. The
 * previous build: UNKNOWN "malloc of a size that the path does not fix",
 * "variable-length array". */
START_TEST(symbolic_sizes) {
  heap_expect("int main() {\n"
              "  unsigned n = __VERIFIER_nondet_uint();\n"
              "  int *a = malloc(n * sizeof(int));\n"
              "  a[2] = 7;\n"
              "  if (a[2] == 7) reach_error();\n"
              "  return 0;\n}\n",
              C("[a[2] == 7]"), "reach_error();", SMT_FEASIBLE, 0);
  /* every execution of the path writes past the object */
  heap_expect("int main() {\n"
              "  unsigned n = __VERIFIER_nondet_uint();\n"
              "  int *a = malloc(n * sizeof(int));\n"
              "  if (n < 3) { a[5] = 1; reach_error(); }\n"
              "  return 0;\n}\n",
              C("[n < 3]"), "reach_error();", SMT_UNKNOWN,
              "undefined behaviour");
  /* an input decides whether the write is in bounds: the model keeps it */
  heap_expect("int main() {\n"
              "  unsigned n = __VERIFIER_nondet_uint();\n"
              "  int *a = malloc(n * sizeof(int));\n"
              "  a[5] = 1;\n"
              "  if (n < 7) reach_error();\n"
              "  return 0;\n}\n",
              C("[n < 7]"), "reach_error();", SMT_FEASIBLE, 0);
  /* 0 bytes, and the part of an int that 6 bytes leave */
  heap_expect("int main() {\n"
              "  unsigned n = __VERIFIER_nondet_uint();\n"
              "  int *a = malloc(n);\n"
              "  if (n == 0) { *a = 1; reach_error(); }\n"
              "  return 0;\n}\n",
              C("[n == 0]"), "reach_error();", SMT_UNKNOWN,
              "undefined behaviour");
  heap_expect("int main() {\n"
              "  unsigned n = __VERIFIER_nondet_uint();\n"
              "  int *a = malloc(n);\n"
              "  if (n == 6) { a[0] = 1; a[1] = 2; reach_error(); }\n"
              "  return 0;\n}\n",
              C("[n == 6]"), "reach_error();", SMT_UNKNOWN,
              "undefined behaviour");
  /* calloc(n, 4) is zero; past the layout's 2^31 bytes: not modelled */
  heap_expect("int main() {\n"
              "  unsigned n = __VERIFIER_nondet_uint();\n"
              "  int *a = calloc(n, 4);\n"
              "  if (n > 9 && a[9] != 0) reach_error();\n"
              "  return 0;\n}\n",
              C("[n > 9]", "[a[9] != 0]"), "reach_error();", SMT_INFEASIBLE,
              0);
  heap_expect("int main() {\n"
              "  unsigned n = __VERIFIER_nondet_uint();\n"
              "  char *a = malloc(n);\n"
              "  if (n > 3000000000u) { a[2500000000u] = 1; reach_error(); }\n"
              "  return 0;\n}\n",
              C("[n > 3000000000u]"), "reach_error();", SMT_UNKNOWN,
              "access beyond the first 2147483648 bytes of malloc@");
  /* variable-length arrays */
  heap_expect("int main() {\n"
              "  unsigned n = __VERIFIER_nondet_uint();\n"
              "  int a[n];\n"
              "  a[n - 1] = 3;\n"
              "  if (n > 4 && a[n - 1] == 3) reach_error();\n"
              "  return 0;\n}\n",
              C("[n > 4]", "[a[n - 1] == 3]"), "reach_error();", SMT_FEASIBLE,
              0);
  heap_expect("int main() {\n"
              "  unsigned n = __VERIFIER_nondet_uint();\n"
              "  int a[n];\n"
              "  a[n] = 3;\n"
              "  reach_error();\n"
              "  return 0;\n}\n",
              0, "reach_error();", SMT_UNKNOWN, "undefined behaviour");
  /* 0 elements: gcc's array of 0 bytes, not undefined by itself */
  heap_expect("int main() {\n"
              "  unsigned n = __VERIFIER_nondet_uint();\n"
              "  int a[n];\n"
              "  if (n == 0) reach_error();\n"
              "  return 0;\n}\n",
              C("[n == 0]"), "reach_error();", SMT_FEASIBLE, 0);
  heap_expect("int main() {\n"
              "  int n = __VERIFIER_nondet_int();\n"
              "  if (n < 0) { char a[n]; reach_error(); }\n"
              "  return 0;\n}\n",
              C("[n < 0]"), "reach_error();", SMT_UNKNOWN,
              "variable-length array a of a negative size");
  /* constant dimensions inside, and the size fixed by the path */
  heap_expect("int main() {\n"
              "  unsigned n = 2;\n"
              "  int a[n + 1][3];\n"
              "  a[2][2] = 5; a[0][0] = 1;\n"
              "  if (a[2][2] + a[0][0] == 6) reach_error();\n"
              "  return 0;\n}\n",
              C("[a[2][2] + a[0][0] == 6]"), "reach_error();", SMT_FEASIBLE,
              0);
  /* every element the path reads was written: the read at an index the
   * path does not fix takes no initial element, so no uninitialised input
   * is listed (a harness could not set malloc's) */
  {
    char *src = mem_printf(
        "%s%s", HEAP,
        "int main() {\n"
        "  unsigned n = __VERIFIER_nondet_uint();\n"
        "  if (n == 0 || n > 3) return 0;\n"
        "  int *b = malloc(n * sizeof(int));\n"
        "  for (unsigned i = 0; i < n; i++) b[i] = 1;\n"
        "  if (b[n - 1] == 1) reach_error();\n"
        "  return 0;\n}\n");
    run r = check(src, CFA_ILP32,
                  C("[!(n == 0)]", "[!(n > 3)]", "[i < n]", "[i < n]",
                    "[!(i < n)]", "[b[n - 1] == 1]"),
                  "reach_error();");
    expect(&r, SMT_FEASIBLE);
    ck_assert_uint_eq(r.m->ninputs, 1);
    ck_assert_str_eq(input(&r, 0)->value, "2");
    done(&r);
    mem_free(src);
  }
  /* each iteration makes a new array; the one before has ended */
  heap_expect("int main() {\n"
              "  int *p = 0;\n"
              "  for (int i = 1; i < 3; i++) {\n"
              "    int a[i]; a[0] = i;\n"
              "    if (p && *p == 1) reach_error();\n"
              "    p = a;\n"
              "  }\n"
              "  return 0;\n}\n",
              C("[i < 3]", "[!(p)]", "[i < 3]", "[p]", "[*p == 1]"),
              "reach_error();", SMT_UNKNOWN, "undefined behaviour");
}
END_TEST

/* A pointer from outside holds an address of the data model: under ILP32
 * no non-null pointer whose integer image is 0 (an offset of 2^32 made
 * one, and a trace that replayed under -m32 as NULL). */
START_TEST(foreign_pointer_width) {
  static const char *src = DECLS "extern void *get(void);\n"
                                 "int main() {\n"
                                 "  void *p = get();\n"
                                 "  unsigned long a = (unsigned long)p;\n"
                                 "  if (p != 0 && a == 0) reach_error();\n"
                                 "  return 0;\n}\n";
  run r = check(src, CFA_ILP32, C("[p != 0]", "[a == 0]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
  r = check(src, CFA_LP64, C("[p != 0]", "[a == 0]"), "reach_error();");
  expect(&r, SMT_INFEASIBLE);
  done(&r);
}
END_TEST

void smt_test_memory(TCase *t) {
  tcase_add_test(t, opaque_call_changes_escaped_objects);
  tcase_add_test(t, opaque_call_written_inputs);
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
  tcase_add_test(t, dynamic_memory);
  tcase_add_test(t, symbolic_sizes);
  tcase_add_test(t, foreign_pointer_width);
}
