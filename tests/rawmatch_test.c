/* Unit tests of the MATCH-text normalisation and near-miss detection. */
#include "program/rawmatch.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

static void same(const char *a, const char *b) {
  char *x = rm_normalise(a), *y = rm_normalise(b);
  ck_assert_msg(!strcmp(x, y), "'%s' -> '%s' but '%s' -> '%s'", a, x, b, y);
  mem_free(x);
  mem_free(y);
}

static void differ(const char *a, const char *b) {
  char *x = rm_normalise(a), *y = rm_normalise(b);
  ck_assert_msg(strcmp(x, y), "'%s' and '%s' both -> '%s'", a, b, x);
  mem_free(x);
  mem_free(y);
}

START_TEST(conditions) {
  same("[!x]", "[x == 0]");
  same("[x]", "[!(x == 0)]");
  same("[!(!x)]", "[!(x == 0)]");
  same("[(int )m_run_i == 1]", "[((int)m_run_i) == 1]");
  same("[!((int )m_run_i == 1)]", "[!(((int)m_run_i) == 1)]");
  same("[x*x >= 0]", "[(x * x) >= 0]");
  same("[udev->manufacturer]", "[!((udev->manufacturer) == 0)]");
  same("[__len >= 64UL]", "[__len >= 64]");
  same("[x != 0]", "[x]");
  differ("[x]", "[!(x)]");
  differ("[x == 1]", "[!(x == 1)]");
  differ("[a < b]", "[a <= b]");
  differ("[x == 0]", "[x == 1]");
}
END_TEST

START_TEST(statements) {
  same("x = x + 1;", "x  =  x+1;");
  same("tmp = (unsigned long )p;", "tmp = p;");
  differ("x = x + 1;", "x = x - 1;");
  differ("int x = 5;", "int x = __VERIFIER_nondet_int();");
}
END_TEST

static cfa_edge edge(const char *raw) {
  cfa_edge e;
  memset(&e, 0, sizeof e);
  e.raw = e.raw_old = raw;
  return e;
}

START_TEST(matching_and_near_misses) {
  cfa_edge e = edge("[!x]");
  e.raw_old = "[x == 0]";
  ck_assert_int_eq(rm_match("[!x]", &e), RM_EXACT);
  ck_assert_int_eq(rm_match("[x == 0]", &e), RM_EXACT_OLD);
  ck_assert_int_eq(rm_match("[!(x != 0)]", &e), RM_NORMALISED);
  ck_assert_int_eq(rm_match("[x]", &e), RM_NONE);
  ck_assert(rm_near("[x]", &e)); /* same condition, other branch */
  cfa_edge d = edge("int x = 5;");
  ck_assert_int_eq(rm_match("int x = __VERIFIER_nondet_int();", &d), RM_NONE);
  ck_assert(rm_near("int x = __VERIFIER_nondet_int();", &d));
  ck_assert(!rm_near("while_9_continue: /* CIL Label */ ;", &d));
  ck_assert(!rm_near("", &d));
  cfa_edge s = edge("c_m_lock  =    0;");
  ck_assert(rm_near("c_m_lock = 1;", &s));
  ck_assert(!rm_near("while_9_continue: /* CIL Label */ ;", &s));
  /* an edit of the line, or only a resemblance */
  ck_assert(rm_edit("int x = __VERIFIER_nondet_int();", &d));
  ck_assert(rm_edit("[x]", &e));
  ck_assert(rm_edit("c_m_lock = 1;", &s));
  ck_assert(rm_near("int n = 0;", &d));
  ck_assert(!rm_edit("int n = 0;", &d));
  cfa_edge v = edge("void error(void)");
  ck_assert(rm_near("void error()", &v));
  ck_assert(!rm_edit("void error()", &v));
  cfa_edge blank = edge("");
  ck_assert_int_eq(rm_match("", &blank), RM_EXACT);
  ck_assert_int_eq(rm_match(" ", &blank), RM_NONE);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rawmatch");
  TCase *t = tcase_create("rawmatch");
  tcase_add_test(t, conditions);
  tcase_add_test(t, statements);
  tcase_add_test(t, matching_and_near_misses);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
