/* smt_test: what the unit tests of the SMT encoding share (tests/smt_test.c,
 * smt_memory_test.c, smt_formula_test.c): small programs built from a
 * source text, paths chosen by the raw texts of the branches to take, and
 * the verdicts and inputs Z3 gives. */
#ifndef EREP_SMT_TEST_H
#define EREP_SMT_TEST_H

#include "lib/mem.h"
#include "lib/sbuf.h"
#include "program/cfa.h"
#include "smt/smt.h"
#include "smt/smt_formula.h"
#include "smt/smtz.h"

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

static inline cfa *build_dm(const char *src, cfa_data_model dm) {
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

static inline cfa *build(const char *src) { return build_dm(src, CFA_ILP32); }

typedef struct {
  const cfa_edge **e;
  size_t n;
} path;

/* The path from the program start that takes, at every branching node, the
 * edge whose raw text is the next of `choices`; it ends at a node without
 * successors, at main's exit, or after the edge whose raw text is `stop`.
 * Return edges follow the call stack. */
static inline path walk(const cfa *g, const char *const *choices,
                        const char *stop) {
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

static inline run check(const char *src, cfa_data_model dm,
                        const char *const *choices, const char *stop) {
  run r = {0};
  r.g = build_dm(src, dm);
  r.s = smt_new(r.g, 10000);
  r.p = walk(r.g, choices, stop);
  r.r = smt_check_path(r.s, r.p.e, r.p.n, &r.m, &r.reason);
  return r;
}

static inline void done(run *r) {
  smt_model_free(r->m);
  mem_free(r->reason);
  mem_free(r->p.e);
  smt_free(r->s);
  cfa_free(r->g);
}

#define C(...) ((const char *const[]){__VA_ARGS__, 0})

static inline void expect_(const run *r, smt_result want, int line) {
  ck_assert_msg(r->r == want, "line %d: got %s (%s), wanted %s", line,
                smt_result_name(r->r), r->reason ? r->reason : "",
                smt_result_name(want));
}
#define expect(r, w) expect_((r), (w), __LINE__)

static inline const smt_input *input(const run *r, size_t i) {
  ck_assert_ptr_nonnull(r->m);
  ck_assert_msg(i < r->m->ninputs, "only %zu inputs", r->m->ninputs);
  return &r->m->inputs[i];
}

/* The edge of g of kind k whose raw text is raw (exactly one). */
static inline const cfa_edge *edge(const cfa *g, cfa_edge_kind k,
                                   const char *raw) {
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

/* The tests of smt_memory_test.c (the memory model: calls of code without
 * a body, unions, bit-fields, initialisers, string literals, function
 * pointers) and smt_formula_test.c (formula handles and abstraction), added
 * to t. */
void smt_test_memory(TCase *t);
void smt_test_formulas(TCase *t);

#endif
