/* Unit tests of the front end: CFA structure and CPAchecker raw texts on
 * small programs. Expected strings are those CPAchecker writes into
 * assumption automata for the same constructs. */
#include "program/cfa.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static cfa *build(const char *src) {
  char path[] = "/tmp/erep_cfa_test_XXXXXX.c";
  int fd = mkstemps(path, 2);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, src, strlen(src)), (ssize_t)strlen(src));
  close(fd);
  char *err = 0;
  cfa *g = cfa_build(path, CFA_ILP32, &err);
  unlink(path);
  if (!g) ck_abort_msg("cfa_build failed: %s", err);
  return g;
}

/* Number of edges whose new-style (or old-style) raw text is `raw`. */
static int count_raw(const cfa *g, const char *raw, bool old) {
  int n = 0;
  for (size_t i = 0; i < g->edges.len; i++)
    n += !strcmp(old ? g->edges.data[i]->raw_old : g->edges.data[i]->raw, raw);
  return n;
}

static const cfa_edge *edge_raw(const cfa *g, const char *raw) {
  for (size_t i = 0; i < g->edges.len; i++)
    if (!strcmp(g->edges.data[i]->raw, raw)) return g->edges.data[i];
  ck_abort_msg("no edge with raw text '%s'", raw);
  return 0;
}

#define HAS(g, s)                                                              \
  ck_assert_msg(count_raw(g, s, false) > 0, "missing raw '%s'", s)
#define HAS_OLD(g, s)                                                          \
  ck_assert_msg(count_raw(g, s, true) > 0, "missing old raw '%s'", s)

START_TEST(global_chain) {
  cfa *g = build("int __VERIFIER_nondet_int();\n"
                 "int m_run_st  ;\n"
                 "void f(int a) { a = a + 1; }\n"
                 "int main() {\n  int x = 1;\n  return x;\n}\n");
  /* "" , declarations and headers in file order, "" into main */
  const cfa_edge *e = g->start->out;
  ck_assert_str_eq(e->raw, "");
  e = e->to->out;
  ck_assert_str_eq(e->raw, "int __VERIFIER_nondet_int();");
  e = e->to->out;
  ck_assert_str_eq(e->raw, "int m_run_st  ;");
  e = e->to->out;
  ck_assert_str_eq(e->raw, "void f(int a)");
  e = e->to->out;
  ck_assert_str_eq(e->raw, "int main()");
  ck_assert_ptr_eq(e->to, g->main->entry);
  e = e->to->out;
  ck_assert_str_eq(e->raw, "");
  e = e->to->out;
  ck_assert_str_eq(e->raw, "int x = 1;");
  ck_assert_int_eq(e->kind, CFA_DECLARATION);
  e = e->to->out;
  ck_assert_str_eq(e->raw, "return x;");
  ck_assert(e->is_return);
  ck_assert_ptr_eq(e->to, g->main->exit);
  cfa_free(g);
}
END_TEST

START_TEST(declaration_with_call_is_split) {
  cfa *g = build(
      "int __VERIFIER_nondet_int();\n"
      "int main() {\n  int i = __VERIFIER_nondet_int();\n  return i;\n}\n");
  ck_assert_int_eq(count_raw(g, "int i = __VERIFIER_nondet_int();", false), 2);
  const cfa_edge *d = edge_raw(g, "int i = __VERIFIER_nondet_int();");
  ck_assert_int_eq(d->kind, CFA_DECLARATION);
  ck_assert_ptr_null(d->expr);
  ck_assert_int_eq(d->to->out->kind, CFA_STATEMENT);
  cfa_free(g);
}
END_TEST

START_TEST(conditions_old_and_new) {
  cfa *g = build("int __VERIFIER_nondet_int();\n"
                 "int main() {\n"
                 "  int x = __VERIFIER_nondet_int();\n"
                 "  int m_run_i = x;\n"
                 "  if (!x) { x = 1; }\n"
                 "  if (x) { x = 2; }\n"
                 "  if ((int )m_run_i == 1) { x = 3; }\n"
                 "  if (x*x >= 0) { x = 4; }\n"
                 "  if (! (x + 50 == m_run_i)) { x = 5; }\n"
                 "  return 0;\n}\n");
  HAS(g, "[!x]");
  HAS(g, "[!(!x)]");
  HAS_OLD(g, "[x == 0]");
  HAS_OLD(g, "[!(x == 0)]");
  HAS(g, "[x]");
  HAS(g, "[!(x)]");
  HAS_OLD(g, "[((int)m_run_i) == 1]");
  HAS_OLD(g, "[!(((int)m_run_i) == 1)]");
  HAS(g, "[(int )m_run_i == 1]");
  HAS_OLD(g, "[(x * x) >= 0]");
  HAS_OLD(g, "[!((x * x) >= 0)]");
  HAS_OLD(g, "[(x + 50) == m_run_i]");
  /* `if (x)`: old form swaps: the then branch is [!(x == 0)] */
  const cfa_edge *t = edge_raw(g, "[x]");
  ck_assert(t->truth);
  ck_assert_str_eq(t->raw_old, "[!(x == 0)]");
  /* `if (!x)`: the then branch is [x == 0] */
  t = edge_raw(g, "[!x]");
  ck_assert(t->truth);
  ck_assert_str_eq(t->raw_old, "[x == 0]");
  /* `if (!(a == b))`: then branch is the negated comparison */
  t = edge_raw(g, "[! (x + 50 == m_run_i)]");
  ck_assert_str_eq(t->raw_old, "[!((x + 50) == m_run_i)]");
  cfa_free(g);
}
END_TEST

START_TEST(and_or_are_split) {
  cfa *g = build("int main() {\n  int a, b, c;\n"
                 "  if (a > 0 && (b < 1 || c)) { a = 1; }\n  return 0;\n}\n");
  HAS(g, "[a > 0]");
  HAS(g, "[!(a > 0)]");
  HAS(g, "[b < 1]");
  HAS(g, "[!(b < 1)]");
  HAS(g, "[c]");
  HAS(g, "[!(c)]");
  /* a > 0 false goes to the join, not to b */
  const cfa_edge *f = edge_raw(g, "[!(a > 0)]");
  const cfa_edge *cf = edge_raw(g, "[!(c)]");
  ck_assert_ptr_eq(f->to, cf->to);
  /* b < 1 true skips c */
  const cfa_edge *bt = edge_raw(g, "[b < 1]");
  const cfa_edge *ct = edge_raw(g, "[c]");
  ck_assert_ptr_eq(bt->to, ct->to);
  ck_assert_int_eq(count_raw(g, "int a, b, c;", false), 3);
  cfa_free(g);
}
END_TEST

START_TEST(loops_labels_gotos) {
  cfa *g = build("int __VERIFIER_nondet_int();\n"
                 "int main() {\n    int x = 1;\n    while(1) {\n"
                 "LOOP_HEAD:\n        x = __VERIFIER_nondet_int();\n"
                 "        if (!x) goto out;\n        if (x == 7) {\n"
                 "            break;\n        }\n        continue;\n    }\n"
                 "out:\n    goto LOOP_HEAD;\n    return 0;\n}\n");
  HAS(g, "1");
  HAS(g, "LOOP_HEAD:\n        x = __VERIFIER_nondet_int();");
  HAS(g, "x = __VERIFIER_nondet_int();");
  HAS(g, "Goto: out");
  HAS(g, "goto LOOP_HEAD;");
  HAS(g, "break;");
  HAS(g, "continue;");
  HAS(g, "out:\n    goto LOOP_HEAD;");
  /* `while(1)`: "" into the loop head, then the blank "1" */
  const cfa_edge *one = edge_raw(g, "1");
  ck_assert_int_eq(one->kind, CFA_BLANK);
  ck_assert(one->from->is_loop_head);
  const cfa_edge *cont = edge_raw(g, "continue;");
  ck_assert_ptr_eq(cont->to, one->from);
  /* the loop's break falls into `out:`, so the forward goto skips the
   * label edge and joins after it */
  const cfa_edge *go = edge_raw(g, "Goto: out");
  ck_assert_ptr_eq(go->to, edge_raw(g, "out:\n    goto LOOP_HEAD;")->to);
  /* the backward goto goes to the label node of LOOP_HEAD */
  const cfa_edge *back = edge_raw(g, "goto LOOP_HEAD;");
  const cfa_edge *lab =
      edge_raw(g, "LOOP_HEAD:\n        x = __VERIFIER_nondet_int();");
  ck_assert_ptr_eq(back->to, lab->to);
  /* code after the goto is dead and pruned */
  ck_assert_int_eq(count_raw(g, "return 0;", false), 0);
  cfa_free(g);
}
END_TEST

/* A label nothing falls into (CIL's `goto L; ... return; L: s;`): the
 * gotos take the label edge too, as CPAchecker's automata show. */
START_TEST(label_after_dead_code) {
  cfa *g = build("int main() {\n  int x = 0;\n  if (x) goto L;\n  return 1;\n"
                 "  L: \n  x = 2;\n  return x;\n}\n");
  const cfa_edge *go = edge_raw(g, "Goto: L");
  ck_assert_str_eq(go->to->out->raw, "L: \n  x = 2;");
  ck_assert_int_eq(count_raw(g, "L: \n  x = 2;", false), 1);
  cfa_free(g);
}
END_TEST

START_TEST(calls_and_returns) {
  cfa *g = build(
      "void assert(int cond) {\n    if (!cond) {\nERROR: goto ERROR;\n    "
      "}\n}\n"
      "int sq(int v) { return v * v; }\n"
      "int main() {\n  int z = sq(3);\n  assert(z > 0);\n  return 0;\n}\n");
  HAS(g, "void assert(int cond)");
  HAS(g, "ERROR: goto ERROR;");
  HAS_OLD(g, "[cond == 0]");
  const cfa_edge *lab = edge_raw(g, "ERROR: goto ERROR;");
  ck_assert(lab->to->is_error);
  const cfa_edge *c = edge_raw(g, "assert(z > 0);");
  ck_assert_int_eq(c->kind, CFA_CALL);
  ck_assert_str_eq(c->callee->name, "assert");
  ck_assert_ptr_eq(c->to, c->callee->entry);
  /* the callee starts with "" */
  ck_assert_str_eq(c->to->out->raw, "");
  /* `int z = sq(3);`: declaration, then the call edge, same text */
  ck_assert_int_eq(count_raw(g, "int z = sq(3);", false), 2);
  int calls = 0, returns = 0;
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    if (e->kind == CFA_CALL) {
      calls++;
      if (!strcmp(e->callee->name, "sq")) ck_assert_ptr_nonnull(e->lhs);
    }
    if (e->kind == CFA_RETURN) {
      returns++;
      ck_assert_str_eq(e->raw, "");
      ck_assert_ptr_eq(e->from, e->callee->exit);
      ck_assert_ptr_eq(e->call->callee, e->callee);
    }
  }
  ck_assert_int_eq(calls, 2);
  ck_assert_int_eq(returns, 2);
  cfa_free(g);
}
END_TEST

START_TEST(switch_and_for) {
  cfa *g = build("int main() {\n  int x, s = 0;\n"
                 "  for (int i = 0; i < 3; i++) s = s + i;\n"
                 "  switch (x) {\n  case 1: s = 1; break;\n  case 2: s = 2;\n"
                 "  default: s = 3;\n  }\n  return s;\n}\n");
  HAS(g, "switch (x)");
  HAS(g, "[x == 1]");
  HAS(g, "[!(x == 1)]");
  HAS(g, "[x == 2]");
  HAS(g, "[i < 3]");
  HAS(g, "i++");
  HAS(g, "int i = 0;");
  HAS(g, "s = s + i;");
  /* case 2 falls through into default */
  const cfa_edge *s2 = edge_raw(g, "s = 2;");
  const cfa_edge *s3 = edge_raw(g, "s = 3;");
  bool falls = false;
  for (const cfa_edge *e = s2->to->out; e; e = e->next_out)
    falls |= e->to == s3->from;
  ck_assert(falls);
  cfa_free(g);
  /* a default after a break: its body is live (was dropped as dead code,
   * since the edge from the last case test comes only at the switch's end) */
  g = build("int main() {\n  int x, s = 0;\n"
            "  switch (x) {\n  case 1: s = 1; break;\n"
            "  default: s = 3; break;\n  }\n  return s;\n}\n");
  s3 = edge_raw(g, "s = 3;");
  ck_assert_ptr_nonnull(s3);
  ck_assert_uint_eq(s3->from->nin, 1);
  ck_assert_str_eq(s3->from->in->from->in->raw, "[!(x == 1)]");
  cfa_free(g);
}
END_TEST

START_TEST(error_calls_and_unsupported) {
  cfa *g = build("extern void __assert_fail(const char *, const char *, "
                 "unsigned, const char *);\n"
                 "void reach_error() { __assert_fail(\"0\", \"t.c\", 3, "
                 "\"reach_error\"); }\n"
                 "extern void abort(void);\n"
                 "int g(int v) { return v; }\n"
                 "int main() {\n  int (*fp)(int) = g;\n  int y = fp(2);\n"
                 "  if (y != 2) reach_error();\n  abort();\n  return 0;\n}\n");
  const cfa_edge *e = edge_raw(g, "reach_error();");
  ck_assert(e->to->is_error);
  ck_assert_int_eq(e->kind, CFA_STATEMENT);
  e = edge_raw(g, "abort();");
  ck_assert(e->to->is_terminal);
  /* the call through fp is resolved (function_pointer_calls) */
  ck_assert_uint_eq(g->unsupported.len, 0);
  cfa_free(g);
}
END_TEST

/* A call through a pointer, as CPAchecker's CFunctionPointerResolver
 * builds it: per candidate (a function with a body whose address is taken,
 * of the pointer's type) [p == (&f)] -> `pointer call(f) raw` -> return ->
 * "skip"; [!(p == (&f))] -> the next candidate; after the last the original
 * statement. A function only called directly (h) or of another type (k) is
 * no candidate. */
START_TEST(function_pointer_calls) {
  cfa *g = build("int f(int v) { return v + 1; }\n"
                 "int g(int v) { return v - 1; }\n"
                 "int h(int v) { return v; }\n"
                 "int k(long v) { return 0; }\n"
                 "struct ops { int (*op)(int); };\n"
                 "struct ops o = { g };\n"
                 "long (*kp)(long) = (long (*)(long))k;\n"
                 "int main() {\n  int (*fp)(int) = f;\n"
                 "  int y = fp(2) + h(1);\n"
                 "  y = o.op(y);\n  (*fp)(y);\n  return y;\n}\n");
  ck_assert(cfa_function_find(g, "f")->address_taken);
  ck_assert(cfa_function_find(g, "g")->address_taken);
  ck_assert(!cfa_function_find(g, "h")->address_taken);
  ck_assert(cfa_function_find(g, "k")->address_taken);
  const cfa_edge *t = edge_raw(g, "[fp == (&f)]");
  ck_assert_int_eq(t->kind, CFA_ASSUME);
  ck_assert(t->truth);
  const cfa_edge *el = edge_raw(g, "[!(fp == (&f))]");
  ck_assert(!el->truth);
  ck_assert_ptr_eq(el->from, t->from);
  ck_assert_uint_eq(t->from->nout, 2);
  /* the call of the temporary CPAchecker makes for fp(2) */
  const cfa_edge *c = t->to->out;
  ck_assert_int_eq(c->kind, CFA_CALL);
  ck_assert_str_eq(c->raw, "pointer call(f) int y = fp(2) + h(1);");
  ck_assert_ptr_eq(c->callee, cfa_function_find(g, "f"));
  ck_assert_str_eq(c->expr->func_name, "f");
  ck_assert_ptr_nonnull(c->lhs);
  const cfa_edge *r = 0;
  for (const cfa_edge *x = c->callee->exit->out; x; x = x->next_out)
    if (x->call == c) r = x;
  ck_assert_ptr_nonnull(r);
  ck_assert_int_eq(r->to->nout, 1);
  ck_assert_int_eq(r->to->out->kind, CFA_BLANK);
  ck_assert_str_eq(r->to->out->raw, "skip");
  /* g is the second candidate: f fails, then g, then the statement */
  ck_assert_uint_eq(el->to->nout, 2);
  ck_assert_str_eq(el->to->out->raw, "[fp == (&g)]");
  const cfa_edge *last = el->to->out->next_out;
  ck_assert_str_eq(last->raw, "[!(fp == (&g))]");
  ck_assert_uint_eq(last->to->nout, 1);
  ck_assert_int_eq(last->to->out->kind, CFA_STATEMENT);
  ck_assert_ptr_eq(last->to->out->to, r->to->out->to);
  HAS(g, "[(o.op) == (&f)]");
  HAS(g, "pointer call(g) y = o.op(y);");
  HAS(g, "[fp == (&g)]");
  HAS(g, "pointer call(f) (*fp)(y);");
  ck_assert_int_eq(count_raw(g, "[fp == (&h)]", false), 0);
  ck_assert_int_eq(count_raw(g, "[fp == (&k)]", false), 0);
  ck_assert_uint_eq(g->unsupported.len, 0);
  cfa_free(g);
}
END_TEST

/* Calls whose control flow no CFA holds are listed and mark their edges;
 * constant handlers (lines 20, 21) install no code, and a function the
 * program defines itself (line 22) is an ordinary call. */
START_TEST(unrepresentable_control_flow) {
  cfa *g = build(
      "typedef long jmp_buf[32];\n"
      "typedef void (*handler_t)(int);\n"
      "int setjmp(jmp_buf);\nvoid longjmp(jmp_buf, int);\n"
      "int _setjmp(jmp_buf);\nint __sigsetjmp(jmp_buf, int);\n"
      "void siglongjmp(jmp_buf, int);\nint vfork(void);\n"
      "handler_t signal(int, handler_t);\n"
      "struct sigaction { handler_t h; };\n"
      "int sigaction(int, const struct sigaction *, struct sigaction *);\n"
      "int getcontext(void *);\nint swapcontext(void *, void *);\n"
      "jmp_buf b;\nvoid *bb[5];\nstatic void h(int s) { (void)s; }\n"
      "int sigset(int s) { return s; }\n"
      "int main() {\n"                               /* 18 */
      "  struct sigaction sa = {h};\n"               /* 19 */
      "  signal(2, (handler_t)1);\n"                 /* 20 */
      "  sigaction(12, 0, &sa);\n"                   /* 21 */
      "  sigset(3);\n"                               /* 22 */
      "  if (setjmp(b) == 0) longjmp(b, 1);\n"       /* 23 */
      "  if (_setjmp(b)) return 1;\n"                /* 24 */
      "  if (__sigsetjmp(b, 1)) siglongjmp(b, 2);\n" /* 25 */
      "  if (__builtin_setjmp(bb)) return 3;\n"      /* 26 */
      "  int p = vfork();\n"                         /* 27 */
      "  signal(14, h);\n"                           /* 28 */
      "  sigaction(10, &sa, 0);\n"                   /* 29 */
      "  getcontext(bb);\n"                          /* 30 */
      "  swapcontext(bb, bb);\n"                     /* 31 */
      "  __builtin_longjmp(bb, 1);\n"                /* 32 */
      "  return p;\n}\n");
  static const struct {
    const char *name;
    unsigned line;
  } want[] = {
      {"setjmp", 23},      {"longjmp", 23},     {"_setjmp", 24},
      {"__sigsetjmp", 25}, {"siglongjmp", 25},  {"__builtin_setjmp", 26},
      {"vfork", 27},       {"signal", 28},      {"sigaction", 29},
      {"getcontext", 30},  {"swapcontext", 31}, {"__builtin_longjmp", 32}};
  for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
    bool found = false;
    for (size_t i = 0; i < g->unsupported.len && !found; i++) {
      const cfa_unsupported *u = &g->unsupported.data[i];
      size_t n = strlen(want[k].name);
      found = u->line == want[k].line &&
              !strncmp(u->construct, want[k].name, n) &&
              u->construct[n] == ' ' && u->edge && u->edge->unsupported_flow;
    }
    ck_assert_msg(found, "%s at line %u not listed as control flow",
                  want[k].name, want[k].line);
  }
  for (size_t i = 0; i < g->unsupported.len; i++) {
    unsigned l = g->unsupported.data[i].line;
    ck_assert_msg(l >= 23, "line %u listed: %s", l,
                  g->unsupported.data[i].construct);
  }
  cfa_free(g);
}
END_TEST

/* Designated initialisers: no unsupported construct, the raw text of the
 * declaration kept (automata match it), each element's designation
 * resolved against the types (members through anonymous ones, indices,
 * GNU ranges) and rendered as CPAchecker's CDesignatedInitializer. */
START_TEST(designated_initialisers) {
  cfa *g = build("struct ops { int (*open)(int); int (*close)(int); };\n"
                 "struct in { int x, y; };\n"
                 "struct out { struct in a; int b[3]; };\n"
                 "union u { int i; char c[4]; };\n"
                 "int f(int x) { return x; }\n"
                 "int main(void) {\n"
                 "  struct ops o = { .open = f, .close = f };\n"
                 "  int a[10] = { [3] = 1, 5 };\n"
                 "  struct out p = { .a.y = 1, .b[1] = 7 };\n"
                 "  struct in q[3] = { [2].x = 3, [0] = {1, 2} };\n"
                 "  union u w = { .c = {1, 2} };\n"
                 "  int z[5] = { [1 ... 3] = 9 };\n"
                 "  struct { int k; union { int m; char n; }; } an = "
                 "{ .n = 2, .k = 1 };\n"
                 "  return 0;\n}\n");
  ck_assert_uint_eq(g->unsupported.len, 0);
  static const char *const want[][2] = {
      {"struct ops o = { .open = f, .close = f };",
       "{ .open = f, .close = f }"},
      {"int a[10] = { [3] = 1, 5 };", "{ [3] = 1, 5 }"},
      {"struct out p = { .a.y = 1, .b[1] = 7 };", "{ .a.y = 1, .b[1] = 7 }"},
      {"struct in q[3] = { [2].x = 3, [0] = {1, 2} };",
       "{ [2].x = 3, [0] = { 1, 2 } }"},
      {"union u w = { .c = {1, 2} };", "{ .c = { 1, 2 } }"},
      {"int z[5] = { [1 ... 3] = 9 };", "{ [1 ... 3] = 9 }"},
      {"struct { int k; union { int m; char n; }; } an = { .n = 2, .k = 1 };",
       "{ .n = 2, .k = 1 }"}};
  const cfa_edge *decl[7] = {0};
  for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
    const cfa_edge *e = 0;
    /* the variable's declaration (an anonymous struct's type declaration
     * has the same raw text) */
    for (size_t j = 0; j < g->edges.len && !e; j++)
      if (!strcmp(g->edges.data[j]->raw, want[i][0]) &&
          g->edges.data[j]->decl == CFA_DECL_VAR)
        e = g->edges.data[j];
    ck_assert_msg(e != 0, "no declaration %s", want[i][0]);
    decl[i] = e;
    ck_assert_int_eq(e->kind, CFA_DECLARATION);
    ck_assert_msg(e->expr != 0, "no initialiser: %s", want[i][0]);
    char *t = ex_old_text(e->expr);
    ck_assert_str_eq(t, want[i][1]);
    mem_free(t);
  }
  /* the anonymous member is an implicit first designator */
  const ex *an = decl[6]->expr;
  ck_assert_ptr_nonnull(an->desig);
  ck_assert_uint_eq(an->desig[0].n, 2);
  ck_assert_ptr_null(an->desig[0].d[0].field->name);
  ck_assert_str_eq(an->desig[0].d[1].field->name, "n");
  const ex *z = decl[5]->expr;
  ck_assert_uint_eq(z->desig[0].d[0].lo, 1);
  ck_assert_uint_eq(z->desig[0].d[0].hi, 3);
  /* positional elements have no designation */
  const ex *a = decl[1]->expr;
  ck_assert_uint_eq(a->desig[1].n, 0);
  cfa_free(g);
}
END_TEST

START_TEST(types_follow_data_model) {
  const char *src =
      "long l; unsigned char c; struct s { char a; long b; int v[3]; } st;\n"
      "int main() { return 0; }\n";
  char path[] = "/tmp/erep_cfa_test_XXXXXX.c";
  int fd = mkstemps(path, 2);
  ck_assert_int_eq(write(fd, src, strlen(src)), (ssize_t)strlen(src));
  close(fd);
  char *err = 0;
  cfa *g32 = cfa_build(path, CFA_ILP32, &err);
  cfa *g64 = cfa_build(path, CFA_LP64, &err);
  unlink(path);
  ck_assert_ptr_nonnull(g32);
  ck_assert_ptr_nonnull(g64);
  const cfa_var *l32 = 0, *l64 = 0, *s32 = 0, *c32 = 0;
  for (size_t i = 0; i < g32->vars.len; i++) {
    if (!strcmp(g32->vars.data[i]->name, "l")) l32 = g32->vars.data[i];
    if (!strcmp(g32->vars.data[i]->name, "st")) s32 = g32->vars.data[i];
    if (!strcmp(g32->vars.data[i]->name, "c")) c32 = g32->vars.data[i];
  }
  for (size_t i = 0; i < g64->vars.len; i++)
    if (!strcmp(g64->vars.data[i]->name, "l")) l64 = g64->vars.data[i];
  ck_assert_int_eq(ty_bits(l32->type), 32);
  ck_assert_int_eq(ty_bits(l64->type), 64);
  ck_assert(l32->type->is_signed);
  ck_assert(!c32->type->is_signed);
  ck_assert_int_eq(s32->type->kind, TY_STRUCT);
  ck_assert_int_eq(s32->type->nfields, 3);
  ck_assert_uint_eq(s32->type->size, 20);
  ck_assert_int_eq(ty_field_find(s32->type, "v")->type->count, 3);
  cfa_free(g32);
  cfa_free(g64);
}
END_TEST

START_TEST(bad_input) {
  char *err = 0;
  ck_assert_ptr_null(cfa_build("/nonexistent/x.c", CFA_ILP32, &err));
  ck_assert_ptr_nonnull(strstr(err, "/nonexistent/x.c"));
  mem_free(err);
  char path[] = "/tmp/erep_cfa_test_XXXXXX.c";
  int fd = mkstemps(path, 2);
  const char *src = "int main() {\n  int x = ;\n  return 0;\n}\n";
  ck_assert_int_eq(write(fd, src, strlen(src)), (ssize_t)strlen(src));
  close(fd);
  ck_assert_ptr_null(cfa_build(path, CFA_ILP32, &err));
  unlink(path);
  ck_assert_msg(strstr(err, ":2:"), "error does not name line 2: %s", err);
  mem_free(err);
}
END_TEST

int main(void) {
  Suite *s = suite_create("cfa");
  TCase *t = tcase_create("frontend");
  tcase_set_timeout(t, 60);
  tcase_add_test(t, global_chain);
  tcase_add_test(t, declaration_with_call_is_split);
  tcase_add_test(t, conditions_old_and_new);
  tcase_add_test(t, and_or_are_split);
  tcase_add_test(t, loops_labels_gotos);
  tcase_add_test(t, label_after_dead_code);
  tcase_add_test(t, calls_and_returns);
  tcase_add_test(t, switch_and_for);
  tcase_add_test(t, error_calls_and_unsupported);
  tcase_add_test(t, function_pointer_calls);
  tcase_add_test(t, unrepresentable_control_flow);
  tcase_add_test(t, types_follow_data_model);
  tcase_add_test(t, designated_initialisers);
  tcase_add_test(t, bad_input);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
