/* cond_test: C conditions in a function's scope (program/cond.h) and the
 * ASSUMEs of an automaton made into them (program/psi.h). */
#include "formats/aa.h"
#include "lib/mem.h"
#include "program/aastep.h"
#include "program/cond.h"
#include "program/psi.h"
#include "tbuild.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

static const char *PROG =
    "int g;\n"                                   /* 1 */
    "int k[3];\n"                                /* 2 */
    "struct s { int a; } st;\n"                  /* 3 */
    "int f(int a) {\n"                           /* 4 */
    "  int r = a;\n"                             /* 5 */
    "  return r;\n"                              /* 6 */
    "}\n"                                        /* 7 */
    "int main(void) {\n"                         /* 8 */
    "  int x = 1, g = 2;\n"                      /* 9 */
    "  { int i = 0; x += i; }\n"                 /* 10 */
    "  { int i = 5; x += i; }\n"                 /* 11 */
    "  static int c;\n"                          /* 12 */
    "  return f(x) + c;\n"                       /* 13 */
    "}\n";

static const cfa_var *var_of(const cfa *g, const char *qualified) {
  for (size_t i = 0; i < g->vars.len; i++)
    if (!strcmp(g->vars.data[i]->qualified, qualified)) return g->vars.data[i];
  return 0;
}

/* One condition in function fn (NULL: globals) at line; the set in *s. */
static cond_query one(const cfa *g, cond_set **s, const char *text,
                      const char *fn, unsigned line) {
  cond_query q = {text, fn ? cfa_function_find(g, fn) : 0, line, 0, 0};
  char *err = 0;
  *s = cond_parse(g, &q, 1, &err);
  ck_assert_msg(*s != 0, "%s", err ? err : "");
  return q;
}

START_TEST(test_scope) {
  cfa *g = tb_build(PROG);
  cond_set *s;
  /* a local of main shadows the global g */
  cond_query q = one(g, &s, "x > 3 && g == 2", "main", 9);
  ck_assert_msg(!q.err, "%s", q.err ? q.err : "");
  const ex *c = q.cond;
  ck_assert_int_eq(c->kind, EX_BINARY);
  ck_assert_int_eq(c->op, EX_OP_LAND);
  const ex *l = ex_strip_implicit(c->a);
  ck_assert_int_eq(l->op, EX_OP_GT);
  ck_assert_ptr_eq(ex_strip_implicit(l->a)->var, var_of(g, "main::x"));
  const ex *r = ex_strip_implicit(c->b);
  ck_assert_ptr_eq(ex_strip_implicit(r->a)->var, var_of(g, "main::g"));
  cond_free(s);
  /* in f, g is the global; a is the parameter */
  q = one(g, &s, "g == a", "f", 5);
  ck_assert_msg(!q.err, "%s", q.err ? q.err : "");
  ck_assert_ptr_eq(ex_strip_implicit(q.cond->a)->var, var_of(g, "g"));
  ck_assert_ptr_eq(ex_strip_implicit(q.cond->b)->var, var_of(g, "f::a"));
  cond_free(s);
  /* members, arrays, a static local, the globals' scope */
  q = one(g, &s, "st.a == k[1] + c", "main", 12);
  ck_assert_msg(!q.err, "%s", q.err ? q.err : "");
  cond_free(s);
  q = one(g, &s, "g != 0", 0, 1);
  ck_assert_msg(!q.err, "%s", q.err ? q.err : "");
  ck_assert_ptr_eq(ex_strip_implicit(q.cond->a)->var, var_of(g, "g"));
  cond_free(s);
  cfa_free(g);
}
END_TEST

START_TEST(test_block_and_shadow) {
  cfa *g = tb_build(PROG);
  cond_set *s;
  /* CPAchecker's block form: a conjunction, trailing `;` allowed */
  cond_query q = one(g, &s, "x == (5);  i > 0;", "main", 11);
  ck_assert_msg(!q.err, "%s", q.err ? q.err : "");
  ck_assert_int_eq(q.cond->op, EX_OP_LAND);
  /* of the two locals i, the one declared last at or before line 11 */
  const cfa_var *i2 = ex_strip_implicit(ex_strip_implicit(q.cond->b)->a)->var;
  ck_assert_uint_eq(i2->line, 11);
  cond_free(s);
  /* a shadowing local by its unique name (cfa.h: `main::i__N`) */
  const cfa_var *iu = 0;
  for (size_t k = 0; k < g->vars.len; k++)
    if (!strncmp(g->vars.data[k]->qualified, "main::i__", 9))
      iu = g->vars.data[k];
  ck_assert_ptr_nonnull(iu);
  char *text = mem_printf("%s == 5 && i == 0", iu->qualified + 6);
  q = one(g, &s, text, "main", 10);
  mem_free(text);
  ck_assert_msg(!q.err, "%s", q.err ? q.err : "");
  ck_assert_ptr_eq(ex_strip_implicit(ex_strip_implicit(q.cond->a)->a)->var, iu);
  ck_assert_uint_eq(
      ex_strip_implicit(ex_strip_implicit(q.cond->b)->a)->var->line, 10);
  cond_free(s);
  q = one(g, &s, "i > 0", "main", 10);
  ck_assert_msg(!q.err, "%s", q.err ? q.err : "");
  ck_assert_uint_eq(ex_strip_implicit(q.cond->a)->var->line, 10);
  cond_free(s);
  cfa_free(g);
}
END_TEST

/* The error of one condition (the caller frees). */
static char *error_of(const char *text, const char *fn) {
  cfa *g = tb_build(PROG);
  cond_set *s;
  cond_query q = one(g, &s, text, fn, 9);
  ck_assert_msg(q.err != 0, "%s: accepted", text);
  ck_assert_ptr_null(q.cond);
  cond_free(s);
  cfa_free(g);
  return q.err;
}

static void expect_error(const char *text, const char *fn, const char *part) {
  char *e = error_of(text, fn);
  ck_assert_msg(strstr(e, part), "%s: \"%s\" lacks \"%s\"", text, e, part);
  mem_free(e);
}

START_TEST(test_errors) {
  expect_error("x >", "main", "does not parse");
  expect_error("y > 0", "main", "names `y`, which is not in scope in function main");
  expect_error("x > 0", "f", "names `x`");
  expect_error("r > 0", 0, "names `r`, which is not in scope outside functions");
  expect_error("$1 > 0", "main", "`$1`-style");
  expect_error("f(x) > 0", "main", "a call");
  expect_error("x = 1", "main", "an assignment");
  expect_error("x++", "main", "an increment");
  expect_error("int z = 1", "main", "is not a condition");
  expect_error("x > 0;} int h(void) {return 0;", "main", "braces");
  expect_error("/*", "main", "does not parse");
  expect_error(" ; ", "main", "is empty");
}
END_TEST

/* An automaton whose ARG0 has ASSUME {cond} on line 8. */
#define AA_TEXT(cond)                                                          \
  "OBSERVER AUTOMATON A\n"                                                      \
  "INITIAL STATE ARG0;\n"                                                       \
  "STATE __TRUE :\n  TRUE -> GOTO __TRUE;\n"                                    \
  "STATE __FALSE :\n  TRUE -> ASSUME {false} GOTO __FALSE;\n"                   \
  "STATE USEFIRST ARG0 :\n"                                                     \
  "  MATCH \"return r;\" -> ASSUME {" cond "} GOTO ARG1;\n"                      \
  "  MATCH \"x += i;\" -> ASSUME { TRUE; } GOTO ARG0;\n"                         \
  "  TRUE -> ASSUME {true} GOTO ARG0;\n"                                        \
  "STATE USEFIRST ARG1 :\n  TRUE -> GOTO __TRUE;\n"                             \
  "END AUTOMATON\n"

/* psi_new on PROG and the automaton `text`: the set, or NULL with *err. */
static psi_set *psi_of(const char *text, cfa **g, aa_automaton **A,
                       as_view **v, char **err) {
  *g = tb_build(PROG);
  char *aerr = 0;
  *A = aa_parse_text(text, strlen(text), "a.txt", &aerr);
  ck_assert_msg(*A != 0, "%s", aerr ? aerr : "");
  *v = as_view_new(*A);
  return psi_new(*g, *v, err);
}

START_TEST(test_psi) {
  cfa *g;
  aa_automaton *A;
  as_view *v;
  char *err = 0;
  psi_set *s = psi_of(AA_TEXT("r == a"), &g, &A, &v, &err);
  ck_assert_msg(s != 0, "%s", err ? err : "");
  ck_assert(psi_any(s));
  /* transitions in file order: __TRUE's, __FALSE's, then ARG0's three */
  ck_assert_int_eq(psi_kind_of(s, 1), PSI_FALSE);
  ck_assert_int_eq(psi_kind_of(s, 2), PSI_COND);
  ck_assert_int_eq(psi_kind_of(s, 3), PSI_TRUE);
  ck_assert_int_eq(psi_kind_of(s, 4), PSI_TRUE);
  ck_assert_int_eq(psi_kind_of(s, -1), PSI_TRUE);
  /* the synthetic edge after `return r;`, and the frontier's */
  const cfa_edge *ret = 0;
  for (size_t i = 0; i < g->edges.len && !ret; i++)
    if (!strcmp(g->edges.data[i]->raw, "return r;")) ret = g->edges.data[i];
  ck_assert_ptr_nonnull(ret);
  int t = 2;
  const cfa_edge *p = psi_edge(s, &t, 1, ret, false);
  ck_assert_ptr_nonnull(p);
  ck_assert(p->assumption && p->truth && p->kind == CFA_ASSUME);
  ck_assert_ptr_eq(p->to, ret->to);
  ck_assert_ptr_eq(psi_edge(s, &t, 1, ret, false), p); /* made once */
  const cfa_edge *fr = psi_edge(s, &t, 1, ret, true);
  ck_assert(fr != p && !fr->truth && fr->expr == p->expr);
  unsigned char *single = psi_edges(s);
  ck_assert(single && single[ret->id]);
  mem_free(single);
  psi_free(s);
  as_view_free(v);
  aa_free(A);
  cfa_free(g);
  /* an error names the automaton's line */
  s = psi_of(AA_TEXT("q > 0"), &g, &A, &v, &err);
  ck_assert_ptr_null(s);
  ck_assert_str_eq(err, "a.txt:8: ASSUME {q > 0}: names `q`, which is not in "
                        "scope in function f, at the edges its trigger "
                        "matches");
  mem_free(err);
  as_view_free(v);
  aa_free(A);
  cfa_free(g);
}
END_TEST

/* Complementary USEALL transitions: no frontier condition. */
START_TEST(test_psi_complementary) {
  cfa *g;
  aa_automaton *A;
  as_view *v;
  char *err = 0;
  psi_set *s = psi_of("OBSERVER AUTOMATON A\n"
                      "INITIAL STATE ARG0;\n"
                      "STATE __FALSE :\n  TRUE -> GOTO __FALSE;\n"
                      "STATE USEALL ARG0 :\n"
                      "  MATCH \"return r;\" -> ASSUME {r > a} GOTO ARG0;\n"
                      "  MATCH \"return r;\" -> ASSUME { ! ( r > a ) ; } "
                      "GOTO __FALSE;\n"
                      "  MATCH \"return r;\" -> ASSUME {r < a} GOTO ARG0;\n"
                      "END AUTOMATON\n",
                      &g, &A, &v, &err);
  ck_assert_msg(s != 0, "%s", err ? err : "");
  const cfa_edge *ret = 0;
  for (size_t i = 0; i < g->edges.len && !ret; i++)
    if (!strcmp(g->edges.data[i]->raw, "return r;")) ret = g->edges.data[i];
  int both[2] = {1, 2}, other[2] = {1, 3};
  ck_assert_ptr_null(psi_edge(s, both, 2, ret, true));
  const cfa_edge *f = psi_edge(s, other, 2, ret, true);
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(f->expr->op, EX_OP_LOR);
  psi_free(s);
  as_view_free(v);
  aa_free(A);
  cfa_free(g);
}
END_TEST

int main(void) {
  Suite *s = suite_create("cond");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_scope);
  tcase_add_test(tc, test_block_and_shadow);
  tcase_add_test(tc, test_errors);
  tcase_add_test(tc, test_psi);
  tcase_add_test(tc, test_psi_complementary);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int nf = srunner_ntests_failed(sr);
  srunner_free(sr);
  return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
