/* smt_formula: formula handles (see smt_formula.h). Terms are built under
 * smtz_protect, as everywhere in the smt modules; a handle keeps its own
 * references on its terms, and the pool is released before returning. */
#include "smt_formula.h"
#include "smt_int.h"
#include "lib/lim.h"

#include "lib/mem.h"

#include <string.h>
#include <time.h>

void smt_formula_free(smt_ctx *s, smt_formula *f) {
  if (f) smt_handle_free(s, f);
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
    f = smt_handle_new(s, j->defs, j->body);
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
  smtc_mark from = {0, 0, 0, 0, 0};
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

/* The context's abstraction solver (made on first use) in a new scope
 * with f asserted; the caller pops it. A scope an unwinding left behind
 * (smtz_fail) is popped first. */
static Z3_solver smt_abs_scope(smt_ctx *s, const smt_formula *f) {
  smtz *z = s->z;
  /* a new solver now and then: one that has had many scopes pushed and
   * popped checks more slowly and holds more (token_ring.08's predicate
   * analysis with its condition: 50.2 s, 306 MB; every 50: 48.2 s, 267 MB;
   * every one: slower by the making) */
  if (s->abs_solver && ++s->abs_scopes % SMT_ABS_RENEW == 0) {
    Z3_solver_dec_ref(z->ctx, s->abs_solver);
    s->abs_solver = 0;
  }
  if (!s->abs_solver) s->abs_solver = smtz_solver_of(z, true);
  Z3_solver v = s->abs_solver;
  if (Z3_solver_get_num_scopes(z->ctx, v))
    Z3_solver_pop(z->ctx, v, Z3_solver_get_num_scopes(z->ctx, v));
  Z3_solver_push(z->ctx, v);
  Z3_solver_assert(z->ctx, v, smtz_and(z, f->defs, f->body));
  return v;
}

/* ---------- the links a cut needs ---------- */

typedef struct {
  smt_ctx *s;
  const smt_formula *f;
  const smt_formula *const *a, *const *b;
  size_t n;
  unsigned char *keep;
  char **reason_out;
  Z3_lbool r;
} smt_core_job;

static void smt_core_run(void *arg) {
  smt_core_job *j = arg;
  smt_ctx *s = j->s;
  smtz *z = s->z;
  Z3_solver v = smt_abs_scope(s, j->f);
  Z3_ast *lits = smtz_tmp(z, (j->n + 1) * sizeof *lits);
  for (size_t k = 0; k < j->n; k++) {
    lits[k] = smtz_fresh(z, "link", z->boolean);
    Z3_ast same = smtz_eq(z, j->a[k]->body, j->b[k]->body);
    Z3_solver_assert(z->ctx, v, smtz_and(z, j->a[k]->defs, j->b[k]->defs));
    Z3_solver_assert(z->ctx, v, smtz_implies(z, lits[k], same));
  }
  double t0 = lim_clock();
  s->c.calls++;
  j->r = smtz_check(z, v, s->c.timeout_ms, (unsigned)j->n, lits);
  s->c.seconds += lim_clock() - t0;
  if (j->r == Z3_L_FALSE) {
    Z3_ast_vector core = Z3_solver_get_unsat_core(z->ctx, v);
    Z3_ast_vector_inc_ref(z->ctx, core);
    unsigned m = Z3_ast_vector_size(z->ctx, core);
    for (unsigned i = 0; i < m; i++) {
      Z3_ast c = Z3_ast_vector_get(z->ctx, core, i);
      for (size_t k = 0; k < j->n; k++)
        if (Z3_is_eq_ast(z->ctx, c, lits[k])) j->keep[k] = 1;
    }
    Z3_ast_vector_dec_ref(z->ctx, core);
  } else if (j->r == Z3_L_UNDEF && j->reason_out)
    *j->reason_out =
        smtz_reason(z, v);
  Z3_solver_pop(z->ctx, v, 1);
}

smt_answer smt_formula_core(smt_ctx *s, const smt_formula *f,
                            const smt_formula *const *a,
                            const smt_formula *const *b, size_t n,
                            unsigned char *keep, char **reason_out) {
  if (reason_out) *reason_out = 0;
  memset(keep, 0, n);
  smt_core_job j = {s, f, a, b, n, keep, reason_out, Z3_L_UNDEF};
  if (smtz_protect(s->z, smt_core_run, &j) != SMTZ_OK) {
    char *fail = smtz_failure(s->z);
    if (reason_out && !*reason_out)
      *reason_out = fail;
    else
      mem_free(fail);
    j.r = Z3_L_UNDEF;
  }
  smtz_release(s->z);
  if (j.r != Z3_L_FALSE) memset(keep, 0, n);
  return j.r == Z3_L_TRUE    ? SMT_ANSWER_YES
         : j.r == Z3_L_FALSE ? SMT_ANSWER_NO
                             : SMT_ANSWER_UNKNOWN;
}

/* ---------- Boolean abstraction ---------- */

typedef struct {
  smt_ctx *s;
  const smt_formula *f;
  const smt_formula *const *a;
  size_t n, max;
  smt_abs_mode mode;
  unsigned char *out;
  size_t ncubes;
  char **reason_out;
  smt_answer r;
  VEC(unsigned char) rows; /* all-SAT rows so far (freed on failure) */
  /* CLOCK_MONOTONIC seconds at which the whole abstraction's time (the
   * context's timeout) is up, 0: none; late: a check was refused for it */
  double t_end;
  bool late;
} smt_abs_job;

/* One check of the abstraction, bounded by what is left of its time: the
 * fix and widening loops make a check per atom, so bounding each check
 * alone let one abstraction overshoot a soft time limit by as many
 * timeouts. Refused (undef, j->late) when the time is up. */
static Z3_lbool smt_abs_check(smt_abs_job *j, Z3_solver v, Z3_ast assume) {
  smtz *z = j->s->z;
  double t0 = lim_clock();
  unsigned ms = j->s->c.timeout_ms;
  if (j->t_end > 0) {
    double left = (j->t_end - t0) * 1e3;
    if (left < 1) {
      j->late = true;
      return Z3_L_UNDEF;
    }
    if (left < ms) ms = (unsigned)left;
  }
  j->s->c.calls++;
  Z3_lbool r;
  if (!assume)
    r = smtz_check(z, v, ms, 0, 0);
  else {
    /* assumptions must be literals: a fresh one that implies the formula */
    Z3_ast act = smtz_fresh(z, "abs", Z3_mk_bool_sort(z->ctx));
    Z3_solver_assert(z->ctx, v, smtz_implies(z, act, assume));
    r = smtz_check(z, v, ms, 1, &act);
  }
  j->s->c.seconds += lim_clock() - t0;
  return r;
}

/* Why the abstraction has no answer: its time, or the solver's reason. */
static char *smt_abs_why(const smt_abs_job *j, Z3_solver v) {
  if (j->late) return mem_strdup("timeout in a Boolean abstraction");
  char *r = smtz_reason(j->s->z, v), *m = mem_printf("solver: %s", r);
  mem_free(r);
  return m;
}

/* Widen the cube of rows[row..] (literals lits) in place: an atom is
 * opened when f admits its other value with the rest of the cube. One
 * check asks for a model in which exactly one of the cube's remaining
 * decided atoms (not fixed, not yet open) takes its other value; that atom
 * is opened and the question asked again, until no such model exists. So a
 * cube costs one check more than the atoms it opens, not one per atom: the
 * common case is a cube of mutually exclusive atoms (s == 1, s == 2, ...)
 * none of which can flip alone. */
static void smt_abs_widen(smt_abs_job *j, Z3_solver v, size_t row,
                          const Z3_ast *lits, const unsigned char *fix) {
  smtz *z = j->s->z;
  Z3_ast *flip = smtz_tmp(z, (j->n + 1) * sizeof *flip);
  size_t *at = smtz_tmp(z, (j->n + 1) * sizeof *at);
  for (;;) {
    unsigned char *cube = j->rows.data + row;
    size_t m = 0;
    for (size_t i = 0; i < j->n; i++)
      if (!fix[i] && cube[i] != 2) {
        flip[m] = smtz_not(z, lits[i]);
        at[m++] = i;
      }
    if (!m) return;
    Z3_ast one = flip[0];
    if (m > 1)
      one = smtz_and(z, smtz_k(z, Z3_mk_or(z->ctx, (unsigned)m, flip)),
                     smtz_k(z, Z3_mk_atmost(z->ctx, (unsigned)m, flip, 1)));
    if (smt_abs_check(j, v, one) != Z3_L_TRUE) return;
    Z3_model mo = Z3_solver_get_model(z->ctx, v);
    Z3_model_inc_ref(z->ctx, mo);
    size_t k = 0;
    for (; k < m; k++) {
      Z3_ast val = smtz_eval(z, mo, flip[k]);
      if (val && Z3_get_bool_value(z->ctx, val) == Z3_L_TRUE) break;
    }
    Z3_model_dec_ref(z->ctx, mo);
    if (k == m) return; /* no atom flipped in the model: leave the cube */
    cube[at[k]] = 2;
  }
}

/* The Cartesian abstraction into j->out, f being satisfiable (the last
 * check of v): each model rules out the implications it contradicts, so
 * an atom costs one check (f and the opposite of its value in the last
 * model) unless an earlier model already showed both values. */
static void smt_abs_cartesian(smt_abs_job *j, Z3_solver v) {
  smtz *z = j->s->z;
  j->out = mem_alloc(j->n + 1);
  j->ncubes = 1;
  unsigned char *seen = smtz_tmp(z, j->n + 1); /* bit 1: true, 2: false */
  memset(seen, 0, j->n + 1);
  for (;;) {
    Z3_model m = Z3_solver_get_model(z->ctx, v);
    if (m) Z3_model_inc_ref(z->ctx, m);
    for (size_t i = 0; i < j->n; i++) {
      Z3_ast val = m ? smtz_eval(z, m, j->a[i]->body) : 0;
      Z3_lbool b = val ? Z3_get_bool_value(z->ctx, val) : Z3_L_UNDEF;
      if (b == Z3_L_TRUE) seen[i] |= 1;
      if (b == Z3_L_FALSE) seen[i] |= 2;
    }
    if (m) Z3_model_dec_ref(z->ctx, m);
    size_t i = 0;
    while (i < j->n && (seen[i] == 3 || seen[i] & 4))
      i++;
    if (i == j->n) break;
    /* an atom not yet decided: try its other value */
    Z3_ast b = j->a[i]->body;
    bool was_true = seen[i] & 1;
    Z3_lbool r2 = smt_abs_check(j, v, was_true ? smtz_not(z, b) : b);
    if (r2 == Z3_L_FALSE) {
      j->out[i] = was_true ? 1 : 0;
      seen[i] |= 4;
      continue;
    }
    if (r2 == Z3_L_UNDEF) { /* open: no model to learn from */
      seen[i] = 3;
      continue;
    }
  }
  for (size_t i = 0; i < j->n; i++)
    if (!(seen[i] & 4)) j->out[i] = 2;
}

/* The atoms f fixes (f implies them or their negation), all at once: with
 * the first model's values, ask for a model where some atom of the set
 * differs; the atoms that differ are not fixed, and the rest is asked
 * again until no model differs. One check when f fixes every atom (the
 * common case: a block from a state that decides the predicates), at most
 * one more per atom left free. The fixed ones are asserted and never
 * enumerated or widened: only the free atoms multiply the cubes. fix[i]
 * gets 0 free, 1 false, 2 true; lits is scratch (n + 1). Returns the last
 * model, of f and the atoms fixed (with a reference): the first cube's. */
static Z3_model smt_abs_fixed(smt_abs_job *j, Z3_solver v, unsigned char *fix,
                              Z3_ast *lits) {
  smtz *z = j->s->z;
  Z3_model keep = Z3_solver_get_model(z->ctx, v);
  Z3_model_inc_ref(z->ctx, keep);
  for (size_t i = 0; i < j->n; i++) {
    Z3_ast val = smtz_eval(z, keep, j->a[i]->body);
    fix[i] = val && Z3_get_bool_value(z->ctx, val) == Z3_L_TRUE ? 2 : 1;
  }
  for (;;) {
    size_t nd = 0;
    for (size_t i = 0; i < j->n; i++)
      if (fix[i])
        lits[nd++] = fix[i] == 2 ? smtz_not(z, j->a[i]->body) : j->a[i]->body;
    if (!nd) break;
    Z3_ast differs =
        nd == 1 ? lits[0] : smtz_k(z, Z3_mk_or(z->ctx, (unsigned)nd, lits));
    Z3_lbool d = smt_abs_check(j, v, differs);
    if (d == Z3_L_FALSE) break;
    if (d == Z3_L_UNDEF) { /* no answer: leave them to the enumeration */
      memset(fix, 0, j->n + 1);
      break;
    }
    Z3_model_dec_ref(z->ctx, keep);
    keep = Z3_solver_get_model(z->ctx, v);
    Z3_model_inc_ref(z->ctx, keep);
    for (size_t i = 0; i < j->n; i++) {
      if (!fix[i]) continue;
      Z3_ast val = smtz_eval(z, keep, j->a[i]->body);
      unsigned char b =
          val && Z3_get_bool_value(z->ctx, val) == Z3_L_TRUE ? 2 : 1;
      if (b != fix[i]) fix[i] = 0;
    }
  }
  /* the atoms left fixed agree with keep, which is a model of f */
  for (size_t i = 0; i < j->n; i++)
    if (fix[i])
      Z3_solver_assert(
          z->ctx, v, fix[i] == 2 ? j->a[i]->body : smtz_not(z, j->a[i]->body));
  return keep;
}

/* ---------- the query of an abstraction, its definitions solved away ----------
 *
 * A block's formula is in SSA form: its definitions (x = t, x a fresh
 * constant) chain values through the block, and the predicates speak of
 * the last ones. Z3's incremental SMT core, which answers the many small
 * checks of an abstraction, does not preprocess: it bit-blasts
 * token!2 = token!1 + 1 and token!1 = local + 1 and then proves
 * token!2 != local + 3 by search, which took it up to a second per check
 * on the token_ring programs (and ten, a timeout, at times). Here each
 * definition is put for its constant in what follows (Z3_substitute, in the
 * block's order, so that every value is over the block's entry), the
 * definitions of literals (l => t, l = t with l a Boolean constant, which
 * hold with l free) are dropped, and the rest is simplified, which turns
 * local + 2 == local + 3 into false before any check. */

typedef struct {
  VEC(Z3_ast) from, to; /* constant -> its value over the entry */
  VEC(Z3_ast) lits;     /* literals whose definitions were dropped */
  VEC(Z3_ast) kept;     /* the other conjuncts of the definitions */
  hmap mapped;          /* ast id + 1 of the constants in from */
} smt_solved;

/* t with the constants solved so far replaced by their values. */
static Z3_ast smt_solved_subst(smtz *z, const smt_solved *m, Z3_ast t) {
  if (!m->from.len) return t;
  return smtz_k(z, Z3_substitute(z->ctx, t, (unsigned)m->from.len,
                                 m->from.data, m->to.data));
}

/* Take the conjuncts of t, in order, into m. */
static void smt_solved_take(smtz *z, smt_solved *m, Z3_ast t) {
  Z3_context c = z->ctx;
  VEC(Z3_ast) stack = {0};
  VEC_PUSH(stack, t);
  while (stack.len) {
    Z3_ast a = stack.data[--stack.len];
    if (Z3_get_ast_kind(c, a) != Z3_APP_AST) {
      VEC_PUSH(m->kept, a);
      continue;
    }
    Z3_app app = Z3_to_app(c, a);
    unsigned n = Z3_get_app_num_args(c, app);
    Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
    if (k == Z3_OP_AND) { /* in order: the last argument deepest */
      for (unsigned i = n; i-- > 0;)
        VEC_PUSH(stack, Z3_get_app_arg(c, app, i));
      continue;
    }
    if (k == Z3_OP_TRUE) continue;
    Z3_ast l = smtz_literal_defined(z, a);
    if (l) {
      VEC_PUSH(m->lits, l); /* holds with l free */
      continue;
    }
    if (k == Z3_OP_EQ && n == 2) {
      l = Z3_get_app_arg(c, app, 0);
      Z3_ast x = l, v = Z3_get_app_arg(c, app, 1);
      if (!smtz_is_const(z, x) ||
          hmap_get(&m->mapped, (uint64_t)Z3_get_ast_id(c, x) + 1)) {
        x = v;
        v = l;
      }
      if (smtz_is_const(z, x) && x != v &&
          !hmap_get(&m->mapped, (uint64_t)Z3_get_ast_id(c, x) + 1)) {
        Z3_ast val = smt_solved_subst(z, m, v);
        VEC_PUSH(m->from, x);
        VEC_PUSH(m->to, val);
        hmap_put(&m->mapped, (uint64_t)Z3_get_ast_id(c, x) + 1, (void *)1);
        continue;
      }
    }
    VEC_PUSH(m->kept, a);
  }
  VEC_FREE(stack);
}

/* The query of job j with its definitions solved away: *fq (definitions
 * true, the body the rest) and aq[0..n) (the atoms over the entry), terms
 * in the pool. False when that cannot be shown to be the same question
 * (a constant solved after it was used, a dropped literal used elsewhere):
 * then the query stays as it was. */
static bool smt_abs_solve(smt_abs_job *j, smt_formula *fq, smt_formula *aq) {
  smtz *z = j->s->z;
  Z3_context c = z->ctx;
  smt_solved m = {0};
  smt_solved_take(z, &m, j->f->defs);
  for (size_t i = 0; i < j->n; i++)
    smt_solved_take(z, &m, j->a[i]->defs);
  /* every term the checks see, with the values: none may hold a solved
   * constant (a value over a constant solved later) or a dropped literal */
  size_t nk = m.kept.len, np = m.to.len + nk + 1 + j->n;
  Z3_ast *probe = smtz_tmp(z, (np + 1) * sizeof *probe);
  Z3_sort *sorts = smtz_tmp(z, (np + 1) * sizeof *sorts);
  size_t k = 0;
  for (size_t i = 0; i < m.to.len; i++)
    probe[k++] = m.to.data[i];
  for (size_t i = 0; i < nk; i++)
    probe[k++] = smtz_simplify(z, smt_solved_subst(z, &m, m.kept.data[i]));
  probe[k++] = smtz_simplify(z, smt_solved_subst(z, &m, j->f->body));
  for (size_t i = 0; i < j->n; i++)
    probe[k++] = smtz_simplify(z, smt_solved_subst(z, &m, j->a[i]->body));
  for (size_t i = 0; i < np; i++)
    sorts[i] = Z3_get_sort(c, probe[i]);
  Z3_func_decl pd = Z3_mk_fresh_func_decl(c, "probe", (unsigned)np, sorts,
                                          Z3_mk_bool_sort(c));
  Z3_ast p = smtz_k(z, Z3_mk_app(c, pd, (unsigned)np, probe));
  for (size_t i = 0; i < m.lits.len; i++) {
    VEC_PUSH(m.from, m.lits.data[i]);
    VEC_PUSH(m.to, z->tru);
  }
  bool same = smt_solved_subst(z, &m, p) == p;
  if (same) {
    Z3_ast body = probe[m.to.len - m.lits.len + nk];
    for (size_t i = 0; i < nk; i++)
      body = smtz_and(z, probe[m.to.len - m.lits.len + i], body);
    fq->defs = z->tru;
    fq->body = body;
    for (size_t i = 0; i < j->n; i++) {
      aq[i].defs = z->tru;
      aq[i].body = probe[np - j->n + i];
    }
  }
  VEC_FREE(m.from);
  VEC_FREE(m.to);
  VEC_FREE(m.lits);
  VEC_FREE(m.kept);
  hmap_free(&m.mapped);
  return same;
}

static void smt_abs_run(void *arg) {
  smt_abs_job *j = arg;
  smt_ctx *s = j->s;
  smtz *z = s->z;
  smt_formula fq = {0}, *aq = smtz_tmp(z, (j->n + 1) * sizeof *aq);
  const smt_formula **ap = smtz_tmp(z, (j->n + 1) * sizeof *ap);
  if (smt_abs_solve(j, &fq, aq)) {
    for (size_t i = 0; i < j->n; i++)
      ap[i] = &aq[i];
    j->f = &fq;
    j->a = ap;
  }
  Z3_solver v = smt_abs_scope(s, j->f);
  for (size_t i = 0; i < j->n; i++)
    Z3_solver_assert(z->ctx, v, j->a[i]->defs);
  Z3_lbool r = smt_abs_check(j, v, 0);
  if (r != Z3_L_TRUE) {
    j->r = r == Z3_L_FALSE ? SMT_ANSWER_NO : SMT_ANSWER_UNKNOWN;
    if (r == Z3_L_UNDEF && j->reason_out) *j->reason_out = smt_abs_why(j, v);
    Z3_solver_pop(z->ctx, v, 1);
    return;
  }
  j->r = SMT_ANSWER_YES;
  if (j->mode == SMT_ABS_CARTESIAN) {
    smt_abs_cartesian(j, v);
    Z3_solver_pop(z->ctx, v, 1);
    return;
  }
  Z3_ast *lits = smtz_tmp(z, (j->n + 1) * sizeof *lits);
  unsigned char *fix = smtz_tmp(z, j->n + 1); /* 0 free, 1 false, 2 true */
  Z3_model keep = smt_abs_fixed(j, v, fix, lits);
  for (;;) {
    if (r != Z3_L_TRUE) break;
    if (j->late || (j->t_end > 0 && lim_clock() >= j->t_end)) {
      j->late = true;
      r = Z3_L_UNDEF;
      if (j->reason_out) *j->reason_out = smt_abs_why(j, v);
      break;
    }
    if (j->ncubes >= j->max) {
      r = Z3_L_UNDEF;
      if (j->reason_out)
        *j->reason_out =
            mem_printf("more than %zu cubes in a Boolean abstraction", j->max);
      break;
    }
    Z3_model m = keep;
    keep = 0;
    if (!m) {
      m = Z3_solver_get_model(z->ctx, v);
      Z3_model_inc_ref(z->ctx, m);
    }
    size_t row = j->rows.len;
    for (size_t i = 0; i < j->n; i++) {
      Z3_ast val = smtz_eval(z, m, j->a[i]->body);
      unsigned char bit = val && Z3_get_bool_value(z->ctx, val) == Z3_L_TRUE;
      VEC_PUSH(j->rows, bit);
      lits[i] = bit ? j->a[i]->body : smtz_not(z, j->a[i]->body);
    }
    Z3_model_dec_ref(z->ctx, m);
    /* widen the model's cube: an atom whose other value f also admits
     * with the rest of the cube is left open (2), so that atoms f does
     * not constrain do not multiply the cubes (2^n minterms). The union
     * of the cubes still contains every assignment f admits (sound); it
     * may contain a few more where atoms are correlated only through
     * atoms already opened. */
    if (j->mode == SMT_ABS_WIDENED) smt_abs_widen(j, v, row, lits, fix);
    j->ncubes++;
    if (!j->n) break; /* one empty row: f is satisfiable */
    /* the blocking clause: some decided atom differs */
    size_t nb = 0;
    for (size_t i = 0; i < j->n; i++)
      if (!fix[i] && j->rows.data[row + i] != 2)
        lits[nb++] = smtz_not(z, lits[i]);
    if (!nb) break; /* the cube is everything: f says nothing of the atoms */
    Z3_solver_assert(z->ctx, v,
                     nb == 1 ? lits[0]
                             : smtz_k(z, Z3_mk_or(z->ctx, (unsigned)nb, lits)));
    r = smt_abs_check(j, v, 0);
    if (r == Z3_L_UNDEF && j->reason_out) *j->reason_out = smt_abs_why(j, v);
  }
  if (keep) Z3_model_dec_ref(z->ctx, keep);
  Z3_solver_pop(z->ctx, v, 1);
  if (r == Z3_L_UNDEF) {
    VEC_FREE(j->rows);
    j->ncubes = 0;
    j->r = SMT_ANSWER_UNKNOWN;
    return;
  }
  j->out = j->rows.data ? j->rows.data : mem_alloc(1);
  j->rows.data = 0;
}

static size_t smt_abs_root(size_t *up, size_t i) {
  while (up[i] != i)
    i = up[i] = up[up[i]];
  return i;
}

/* Whether t has no uninterpreted constant once simplified. */
static bool smt_abs_ground(smtz *z, Z3_ast t) {
  Z3_ast b = Z3_simplify(z->ctx, t);
  if (!b) return false;
  Z3_inc_ref(z->ctx, b);
  hmap seen = {0}, consts = {0};
  smtz_consts(z, b, &seen, &consts);
  Z3_dec_ref(z->ctx, b);
  bool ground = !consts.len;
  hmap_free(&seen);
  hmap_free(&consts);
  return ground;
}

/* The atoms of a[0..n) that share no value with f, even through other
 * atoms: apart[i] = 1, and comp[i] names the atom's component (atoms that
 * share values), for every atom. An atom that is ground once simplified
 * (a constant the block stored, x - x == 0) is not apart: its value is
 * fixed, and the next fresh start knows it only from the predicate. */
static size_t smt_abs_apart(smt_ctx *s, const smt_formula *f,
                            const smt_formula *const *a, size_t n,
                            unsigned char *apart, size_t *comp) {
  smtz *z = s->z;
  hmap seen = {0}, in_f = {0}, owner = {0};
  smtz_consts(z, f->defs, &seen, &in_f);
  smtz_consts(z, f->body, &seen, &in_f);
  unsigned char *touched = mem_calloc(n + 1, 1);
  for (size_t i = 0; i < n; i++) {
    comp[i] = i;
    hmap seen_i = {0}, mine = {0};
    smtz_consts(z, a[i]->body, &seen_i, &mine);
    if (!mine.len) touched[i] = 1; /* ground */
    smtz_consts(z, a[i]->defs, &seen_i, &mine);
    for (size_t k = 0; k < mine.cap; k++) {
      if (!mine.vals[k]) continue;
      uint64_t key = mine.keys[k];
      if (hmap_get(&in_f, key)) touched[i] = 1;
      uintptr_t o = (uintptr_t)hmap_get(&owner, key);
      if (o)
        comp[smt_abs_root(comp, i)] = smt_abs_root(comp, o - 1);
      else
        hmap_put(&owner, key, (void *)(uintptr_t)(i + 1));
    }
    hmap_free(&seen_i);
    hmap_free(&mine);
  }
  for (size_t i = 0; i < n; i++)
    if (touched[i]) touched[smt_abs_root(comp, i)] = 1;
  /* ground once simplified (x - x == 0), asked only of the atoms that
   * would be apart: most atoms are touched, and simplifying costs */
  for (size_t i = 0; i < n; i++)
    if (!touched[smt_abs_root(comp, i)] && smt_abs_ground(z, a[i]->body))
      touched[smt_abs_root(comp, i)] = 1;
  size_t napart = 0;
  for (size_t i = 0; i < n; i++) {
    comp[i] = smt_abs_root(comp, i);
    apart[i] = !touched[comp[i]];
    napart += apart[i];
  }
  mem_free(touched);
  hmap_free(&seen);
  hmap_free(&in_f);
  hmap_free(&owner);
  return napart;
}

static smt_answer smt_abs_live(smt_ctx *s, const smt_formula *f,
                               const smt_formula *const *a, size_t n,
                               smt_abs_mode mode, size_t max,
                               unsigned char **out, size_t *ncubes,
                               char **reason_out, double t_end);

static bool smt_abs_is(Z3_context c, Z3_ast b, Z3_decl_kind k,
                       unsigned nargs) {
  if (Z3_get_ast_kind(c, b) != Z3_APP_AST) return false;
  Z3_app app = Z3_to_app(c, b);
  return Z3_get_app_num_args(c, app) == nargs &&
         Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == k;
}

static Z3_ast smt_abs_arg(Z3_context c, Z3_ast b, unsigned i) {
  return Z3_get_app_arg(c, Z3_to_app(c, b), i);
}

static bool smt_abs_num(Z3_context c, Z3_ast b) {
  return Z3_get_ast_kind(c, b) == Z3_NUMERAL_AST;
}

/* Whether b is (= t k) or (= k t) for a numeral k and a term t that is
 * not one: *t and *k. */
static bool smt_abs_eq_num(Z3_context c, Z3_ast b, Z3_ast *t, Z3_ast *k) {
  if (!smt_abs_is(c, b, Z3_OP_EQ, 2)) return false;
  Z3_ast l = smt_abs_arg(c, b, 0), r = smt_abs_arg(c, b, 1);
  if (smt_abs_num(c, l)) {
    Z3_ast x = l;
    l = r;
    r = x;
  }
  *t = l;
  *k = r;
  return smt_abs_num(c, r) && !smt_abs_num(c, l);
}

/* The condition under the encoding's wrapping of a C comparison: not,
 * and (= (ite C n1 n0) k) with numerals, which is C or (not C). */
static Z3_ast smt_abs_peel(Z3_context c, Z3_ast b) {
  for (;;) {
    if (smt_abs_is(c, b, Z3_OP_NOT, 1)) {
      b = smt_abs_arg(c, b, 0);
      continue;
    }
    Z3_ast l, r;
    if (!smt_abs_eq_num(c, b, &l, &r) || !smt_abs_is(c, l, Z3_OP_ITE, 3))
      return b;
    Z3_ast n1 = smt_abs_arg(c, l, 1), n0 = smt_abs_arg(c, l, 2);
    if (!smt_abs_num(c, n1) || !smt_abs_num(c, n0) || n1 == n0 ||
        (r != n1 && r != n0)) /* numerals are hash-consed */
      return b;
    b = smt_abs_arg(c, l, 0);
  }
}

/* Whether a[0..n) are t == c_i or their negations, for one term t and
 * distinct numerals c_i, fewer than t's values (the states of a state
 * machine: pc == 0, pc == 1, ...). About a t that nothing else mentions,
 * the widened and the Cartesian abstraction open them all: from any
 * model, each can flip alone. */
static bool smt_abs_eqs(smt_ctx *s, const smt_formula *const *a, size_t n) {
  Z3_context c = s->z->ctx;
  Z3_ast t = 0;
  Z3_ast *num = mem_alloc((n + 1) * sizeof *num);
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    Z3_ast l, r;
    ok = smt_abs_eq_num(c, smt_abs_peel(c, a[i]->body), &l, &r) &&
         (!t || l == t) &&
         Z3_get_sort_kind(c, Z3_get_sort(c, l)) == Z3_BV_SORT;
    if (!ok) break;
    t = l;
    num[i] = r;
    for (size_t j = 0; j < i && ok; j++)
      ok = num[j] != r;
  }
  mem_free(num);
  unsigned w = ok && t ? Z3_get_bv_sort_size(c, Z3_get_sort(c, t)) : 0;
  return ok && t && (w >= 32 || n < ((size_t)1 << w));
}

/* Atoms apart from f (smt_abs_apart) need not be asked with f: f admits
 * every assignment of them that their values allow, with every assignment
 * of the others, so the abstraction is the product of f's over the others
 * and theirs on their own, component by component. A single atom (not
 * ground) is open (2): both values are possible. A component of several
 * (m == 0, m == 1, ... about an m nothing mentions; y > 0 and x > 0 after
 * y = x, which are equal) is abstracted alone, over its atoms'
 * definitions only, checks far cheaper than with the block's formula; when
 * that gives one cube it is the component's value in every row, and
 * otherwise the component is abstracted with f after all, so that the
 * rows do not multiply. An atom that its values' types fix (x < 0 for an
 * unsigned x) is open: the same states, since a fresh start reads x anew
 * with its type; one fixed in a way the simplifier misses is open too,
 * sound and only weaker. */
smt_answer smt_formula_abstract(smt_ctx *s, const smt_formula *f,
                                const smt_formula *const *a, size_t n,
                                smt_abs_mode mode, size_t max, unsigned char **out,
                                size_t *ncubes, char **reason_out) {
  if (reason_out) *reason_out = 0;
  *out = 0;
  *ncubes = 0;
  /* the whole abstraction, components and all, within one timeout */
  double t_end = s->c.timeout_ms ? lim_clock() + s->c.timeout_ms / 1e3 : 0;
  unsigned char *apart = mem_calloc(n + 1, 1);
  size_t *comp = mem_calloc(n + 1, sizeof *comp);
  size_t napart = n ? smt_abs_apart(s, f, a, n, apart, comp) : 0;
  /* the value of each apart atom in every row */
  unsigned char *val = mem_alloc(n + 1);
  memset(val, 2, n + 1);
  const smt_formula **sub = mem_alloc((n + 1) * sizeof *sub);
  smt_formula none = {s->z->tru, s->z->tru, 0, 0};
  for (size_t i = 0; i < n && napart; i++) {
    if (!apart[i] || comp[i] != i) continue; /* once per component */
    size_t k = 0;
    for (size_t j = 0; j < n; j++)
      if (apart[j] && comp[j] == i) sub[k++] = a[j];
    if (k == 1 || (mode != SMT_ABS_EXACT && smt_abs_eqs(s, sub, k)))
      continue; /* open */
    unsigned char *rows = 0;
    size_t nr = 0;
    smt_answer r = smt_abs_live(s, &none, sub, k, mode, max, &rows, &nr, 0, t_end);
    for (size_t j = 0, l = 0; j < n; j++) {
      if (!apart[j] || comp[j] != i) continue;
      if (r == SMT_ANSWER_YES && nr == 1)
        val[j] = rows[l++];
      else {
        apart[j] = 0;
        napart--;
      }
    }
    mem_free(rows);
  }
  smt_answer r;
  if (!napart)
    r = smt_abs_live(s, f, a, n, mode, max, out, ncubes, reason_out, t_end);
  else {
    /* abstract over the others, then put the apart atoms back */
    size_t nl = 0;
    for (size_t i = 0; i < n; i++)
      if (!apart[i]) sub[nl++] = a[i];
    unsigned char *rows = 0;
    r = smt_abs_live(s, f, sub, nl, mode, max, &rows, ncubes, reason_out,
                     t_end);
    if (r == SMT_ANSWER_YES) {
      *out = mem_alloc(*ncubes * n + 1);
      for (size_t k = 0; k < *ncubes; k++)
        for (size_t i = 0, l = 0; i < n; i++)
          (*out)[k * n + i] = apart[i] ? val[i] : rows[k * nl + l++];
    }
    mem_free(rows);
  }
  mem_free(sub);
  mem_free(val);
  mem_free(comp);
  mem_free(apart);
  return r;
}

static smt_answer smt_abs_live(smt_ctx *s, const smt_formula *f,
                               const smt_formula *const *a, size_t n,
                               smt_abs_mode mode, size_t max,
                               unsigned char **out, size_t *ncubes,
                               char **reason_out, double t_end) {
  smt_abs_job j = {s, f, a, n, max, mode, 0, 0, reason_out,
                   SMT_ANSWER_UNKNOWN, {0}, t_end, false};
  if (smtz_protect(s->z, smt_abs_run, &j) != SMTZ_OK) {
    mem_free(j.out);
    VEC_FREE(j.rows);
    char *fail = smtz_failure(s->z);
    if (reason_out && !*reason_out)
      *reason_out = fail;
    else
      mem_free(fail);
    smtz_release(s->z);
    return SMT_ANSWER_UNKNOWN;
  }
  smtz_release(s->z);
  if (j.r != SMT_ANSWER_YES) {
    mem_free(j.out);
    return j.r;
  }
  *out = j.out;
  *ncubes = j.ncubes;
  return SMT_ANSWER_YES;
}

char *smt_formula_text(smt_ctx *s, const smt_formula *f) {
  /* Z3's strings are a shared buffer, valid until the next call */
  char *defs = mem_strdup(Z3_ast_to_string(s->z->ctx, f->defs));
  char *r =
      mem_printf("%s\n  where %s", Z3_ast_to_string(s->z->ctx, f->body), defs);
  mem_free(defs);
  return r;
}
