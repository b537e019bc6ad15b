/* smt_formula: formula handles (see smt_formula.h). Terms are built under
 * smtz_protect, as everywhere in the smt modules; a handle keeps its own
 * references on its terms, and the pool is released before returning. */
#include "smt_int.h"

#include "lib/mem.h"

#include <string.h>

static smt_formula *smt_formula_make(smt_ctx *s, Z3_ast defs, Z3_ast body) {
  smt_formula *f = mem_calloc(1, sizeof *f);
  f->defs = smtz_hold(s->z, defs);
  f->body = smtz_hold(s->z, body);
  f->next = s->formulas;
  if (s->formulas) s->formulas->prev = f;
  s->formulas = f;
  return f;
}

void smt_formula_free(smt_ctx *s, smt_formula *f) {
  if (!f) return;
  if (f->prev)
    f->prev->next = f->next;
  else
    s->formulas = f->next;
  if (f->next) f->next->prev = f->prev;
  smtz_drop(s->z, f->defs);
  smtz_drop(s->z, f->body);
  mem_free(f);
}

/* ---------- building terms under the protected-call boundary ---------- */

typedef struct {
  smt_ctx *s;
  char op; /* '&' '|' '!': a op b; 'c': the constraints from *from on */
  const smt_formula *a, *b;
  const smtc_mark *from;
  Z3_ast defs, body;
} smt_formula_job;

/* The conjunction of n terms (true when n is 0). */
static Z3_ast smt_formula_all(smt_ctx *s, Z3_ast *v, size_t n) {
  if (!n) return s->z->tru;
  if (n == 1) return v[0];
  return smtz_k(s->z, Z3_mk_and(s->z->ctx, (unsigned)n, v));
}

/* The definitions and the conditions of the literals made since *from. */
static void smt_formula_since(smt_formula_job *j) {
  smt_ctx *s = j->s;
  const smtc_mark *from = j->from;
  size_t nlog = s->c.log.len - from->log, nlit = s->c.lits.len - from->lits;
  Z3_ast *v = smtz_tmp(s->z, (nlog + nlit + 1) * sizeof *v);
  for (size_t i = 0; i < nlog; i++)
    v[i] = s->c.log.data[from->log + i];
  j->defs = smt_formula_all(s, v, nlog);
  for (size_t i = 0; i < nlit; i++)
    v[i] = s->c.lits.data[from->lits + i].cond;
  j->body = smt_formula_all(s, v, nlit);
}

static void smt_formula_run(void *arg) {
  smt_formula_job *j = arg;
  smtz *z = j->s->z;
  if (j->op == 'c') {
    smt_formula_since(j);
    return;
  }
  j->defs = j->b ? smtz_and(z, j->a->defs, j->b->defs) : j->a->defs;
  if (j->op == '&')
    j->body = smtz_and(z, j->a->body, j->b->body);
  else if (j->op == '|')
    j->body = smtz_or(z, j->a->body, j->b->body);
  else
    j->body = smtz_not(z, j->a->body);
}

/* The terms of job j as a new handle; NULL with *reason_out when Z3
 * failed. */
static smt_formula *smt_formula_build(smt_formula_job *j, char **reason_out) {
  smt_ctx *s = j->s;
  smt_formula *f = 0;
  if (smtz_protect(s->z, smt_formula_run, j) == SMTZ_OK)
    f = smt_formula_make(s, j->defs, j->body);
  char *fail = smtz_failure(s->z);
  if (reason_out && !f)
    *reason_out = fail;
  else
    mem_free(fail);
  smtz_release(s->z);
  return f;
}

static smt_formula *smt_formula_op(smt_ctx *s, char op, const smt_formula *a,
                                   const smt_formula *b) {
  smt_formula_job j = {s, op, a, b, 0, 0, 0};
  return smt_formula_build(&j, 0);
}

/* ---------- handles of the path ---------- */

static smt_formula *smt_formula_fail(char **reason_out, char *why) {
  if (reason_out)
    *reason_out = why;
  else
    mem_free(why);
  return 0;
}

smt_formula *smt_formula_path(smt_ctx *s, char **reason_out) {
  if (reason_out) *reason_out = 0;
  if (s->poison) return smt_formula_fail(reason_out, mem_strdup(s->poison));
  smtc_mark from = {0, 0, 0, 0};
  smt_formula_job j = {s, 'c', 0, 0, &from, 0, 0};
  return smt_formula_build(&j, reason_out);
}

smt_formula *smt_formula_assume(smt_ctx *s, const cfa_edge *e,
                                char **reason_out) {
  if (reason_out) *reason_out = 0;
  if (!e || e->kind != CFA_ASSUME)
    return smt_formula_fail(reason_out, mem_strdup("not an assume edge"));
  if (s->poison) return smt_formula_fail(reason_out, mem_strdup(s->poison));
  smtc_mark from = smtc_mark_now(&s->c);
  smt_formula *f = 0;
  if (smt_push_edge(s, e)) {
    smt_formula_job j = {s, 'c', 0, 0, &from, 0, 0};
    f = smt_formula_build(&j, reason_out);
  } else if (reason_out) {
    *reason_out = mem_strdup(s->poison);
  }
  smt_pop(s, 1);
  return f;
}

smt_formula *smt_formula_and(smt_ctx *s, const smt_formula *a,
                             const smt_formula *b) {
  return smt_formula_op(s, '&', a, b);
}

smt_formula *smt_formula_or(smt_ctx *s, const smt_formula *a,
                            const smt_formula *b) {
  return smt_formula_op(s, '|', a, b);
}

smt_formula *smt_formula_not(smt_ctx *s, const smt_formula *a) {
  return smt_formula_op(s, '!', a, 0);
}

/* ---------- deciding ---------- */

typedef struct {
  smt_ctx *s;
  const smt_formula *a, *b; /* b NULL: is a satisfiable? */
  char **reason_out;
  Z3_lbool r;
} smt_formula_check_job;

static void smt_formula_check_run(void *arg) {
  smt_formula_check_job *j = arg;
  smtz *z = j->s->z;
  Z3_ast q = smtz_and(z, j->a->defs, j->a->body);
  if (j->b)
    q = smtz_and(z, q, smtz_and(z, j->b->defs, smtz_not(z, j->b->body)));
  j->r = smtc_check_alone(&j->s->c, q, j->reason_out);
}

/* Decide job j: YES when satisfiable. */
static smt_answer smt_formula_check(smt_formula_check_job *j) {
  smt_ctx *s = j->s;
  if (j->reason_out) *j->reason_out = 0;
  j->r = Z3_L_UNDEF;
  if (smtz_protect(s->z, smt_formula_check_run, j) != SMTZ_OK) {
    char *fail = smtz_failure(s->z);
    if (j->reason_out)
      *j->reason_out = fail;
    else
      mem_free(fail);
  }
  smtz_release(s->z);
  return j->r == Z3_L_TRUE    ? SMT_ANSWER_YES
         : j->r == Z3_L_FALSE ? SMT_ANSWER_NO
                              : SMT_ANSWER_UNKNOWN;
}

smt_answer smt_formula_sat(smt_ctx *s, const smt_formula *f,
                           char **reason_out) {
  smt_formula_check_job j = {s, f, 0, reason_out, Z3_L_UNDEF};
  return smt_formula_check(&j);
}

smt_answer smt_formula_implies(smt_ctx *s, const smt_formula *a,
                               const smt_formula *b, char **reason_out) {
  smt_formula_check_job j = {s, a, b, reason_out, Z3_L_UNDEF};
  smt_answer r = smt_formula_check(&j);
  return r == SMT_ANSWER_YES  ? SMT_ANSWER_NO
         : r == SMT_ANSWER_NO ? SMT_ANSWER_YES
                              : SMT_ANSWER_UNKNOWN;
}

char *smt_formula_text(smt_ctx *s, const smt_formula *f) {
  /* Z3's strings are a shared buffer, valid until the next call */
  char *defs = mem_strdup(Z3_ast_to_string(s->z->ctx, f->defs));
  char *r =
      mem_printf("%s\n  where %s", Z3_ast_to_string(s->z->ctx, f->body), defs);
  mem_free(defs);
  return r;
}
