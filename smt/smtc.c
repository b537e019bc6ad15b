/* smtc: the constraints of the path (see smtc.h). */
#include "smtc.h"

#include "lib/lim.h"

#include <limits.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>

#define K(call) smtz_k(c->z, (call))

void smtc_init(smtc *c, smtz *z, unsigned timeout_ms) {
  memset(c, 0, sizeof *c);
  c->z = z;
  c->timeout_ms = timeout_ms;
}

/* The solver, made with the path's definitions when first needed: a
 * context that only builds formulas (the predicate domain's, smt_formula)
 * never has one, and its pushes cost no assertions. */
static void smtc_need(smtc *c) {
  if (c->solver) return;
  c->solver = smtz_solver(c->z);
  for (size_t i = 0; i < c->log.len; i++)
    Z3_solver_assert(c->z->ctx, c->solver, c->log.data[i]);
  c->garbage = 0;
}

void smtc_fini(smtc *c) {
  if (c->solver) Z3_solver_dec_ref(c->z->ctx, c->solver);
  VEC_FREE(c->inputs);
  VEC_FREE(c->values);
  VEC_FREE(c->lits);
  VEC_FREE(c->obls);
  VEC_FREE(c->log);
}

smtc_mark smtc_mark_now(const smtc *c) {
  smtc_mark m = {c->log.len, c->lits.len, c->obls.len, c->inputs.len,
                 c->values.len};
  return m;
}

void smtc_undo(smtc *c, const smtc_mark *m) {
  while (c->inputs.len > m->inputs) {
    smtc_input *in = &c->inputs.data[--c->inputs.len];
    smtz_drop(c->z, in->term);
    smtz_drop(c->z, in->guard);
    mem_free(in->name);
  }
  while (c->values.len > m->values) {
    smtc_value *v = &c->values.data[--c->values.len];
    smtz_drop(c->z, v->term);
    smtz_drop(c->z, v->guard);
  }
  if (c->lits.len > m->lits || c->obls.len > m->obls) c->epoch++;
  while (c->lits.len > m->lits) {
    smtc_lit *l = &c->lits.data[--c->lits.len];
    smtz_drop(c->z, l->lit);
    smtz_drop(c->z, l->cond); /* no release: the log still holds it */
  }
  while (c->obls.len > m->obls) {
    smtc_obl *o = &c->obls.data[--c->obls.len];
    smtz_drop(c->z, o->lit);
    mem_free(o->reason);
  }
}

void smtc_undo_log(smtc *c, const smtc_mark *m) {
  while (c->log.len > m->log) {
    smtz_drop(c->z, c->log.data[--c->log.len]);
    if (c->solver) c->garbage++;
  }
}

/* Popped edges leave their assertions in the solver: they only define
 * fresh constants or sit behind literals nobody assumes any more, so they
 * are harmless, but the SAT solver still has to satisfy them, which costs
 * more than one would think: a new solver with the live assertions pays
 * for itself once there are 32 of them and a quarter as many as live ones
 * (amortised: each rebuild re-asserts at most 4 live assertions per
 * garbage one). bench/pair.sh against rebuilding at 256 and as many as
 * live ones (medians of paired runs): report --analysis predicate on
 * test_locks_15 with the depth-30 automaton 0.56x the time; its five
 * verify runs of cmc2011 tasks 0.78x and 0.92x in two calls (noisy). */
#define SMTC_GARBAGE_MIN 32

/* After a check without an answer (a timeout or an interrupt) the solver
 * is rebuilt too: it still holds the popped edges' assertions behind
 * their literals, and the phases the cut search left could send the next
 * check into the same hard part (tests/smt_test.c solver_timeout: a
 * trivial check after an interrupted factoring timed out once in CI). */
void smtc_collect(smtc *c) {
  if (!c->solver ||
      (!c->stale && (c->garbage < SMTC_GARBAGE_MIN ||
                     c->garbage * 4 < c->log.len)))
    return;
  c->stale = false;
  Z3_solver_dec_ref(c->z->ctx, c->solver);
  c->solver = 0;
  smtc_need(c);
}

/* ---------- appending ---------- */

void smtc_assert(smtc *c, Z3_ast t) {
  if (smtz_is_true(c->z, t)) return;
  if (c->solver) Z3_solver_assert(c->z->ctx, c->solver, t);
  VEC_PUSH(c->log, smtz_hold(c->z, t));
}

void smtc_assume(smtc *c, Z3_ast cond, Z3_ast guard) {
  Z3_ast t = smtz_implies(c->z, guard, cond);
  if (!c->raw) t = smtz_simplify(c->z, t);
  if (smtz_is_true(c->z, t)) return;
  Z3_ast lit = smtz_fresh(c->z, "A", c->z->boolean);
  smtc_assert(c, K(Z3_mk_implies(c->z->ctx, lit, t)));
  smtc_lit l = {smtz_hold(c->z, lit), smtz_hold(c->z, t), c->step, c->seq++};
  VEC_PUSH(c->lits, l);
}

static void smtc_voblige(smtc *c, Z3_ast cond, Z3_ast guard, bool ub,
                         const char *fmt, va_list ap) {
  Z3_ast t = smtz_simplify(c->z, smtz_implies(c->z, guard, cond));
  if (smtz_is_true(c->z, t)) return;
  Z3_ast lit = smtz_fresh(c->z, "U", c->z->boolean);
  smtc_assert(c, smtz_eq(c->z, lit, t));
  smtc_obl o = {smtz_hold(c->z, lit), mem_vprintf(fmt, ap), c->step, ub,
                c->seq++};
  VEC_PUSH(c->obls, o);
}

void smtc_oblige(smtc *c, Z3_ast cond, Z3_ast guard, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  smtc_voblige(c, cond, guard, true, fmt, ap);
  va_end(ap);
}

void smtc_oblige_modelled(smtc *c, Z3_ast cond, Z3_ast guard, const char *fmt,
                          ...) {
  va_list ap;
  va_start(ap, fmt);
  smtc_voblige(c, cond, guard, false, fmt, ap);
  va_end(ap);
}

void smtc_value_made(smtc *c, Z3_ast term, Z3_ast guard, const ex *lhs,
                     const char *name, unsigned bits, bool sgn, bool ptr) {
  smtc_value v = {smtz_hold(c->z, term), smtz_hold(c->z, guard), lhs, name,
                  c->step, bits, sgn, ptr};
  VEC_PUSH(c->values, v);
}

void smtc_record(smtc *c, Z3_ast term, Z3_ast guard, size_t base,
                 smt_input_kind kind, char *name, unsigned line, const ty *type,
                 uint64_t count) {
  smtc_input in = {smtz_hold(c->z, term),
                   smtz_hold(c->z, guard),
                   base,
                   kind,
                   name,
                   line,
                   type,
                   count,
                   c->step,
                   0,
                   0};
  VEC_PUSH(c->inputs, in);
}

/* ---------- checking ---------- */

/* The timeout of a check that starts at t0: the context's, bounded by
 * what is left of the current smt_check's time and of the run's; at
 * least 1 ms. */
static unsigned smtc_budget(const smtc *c, double t0) {
  unsigned ms = c->timeout_ms;
  double ends[2] = {c->t_end, c->deadline};
  for (int i = 0; i < 2; i++) {
    if (ends[i] <= 0) continue;
    double left = (ends[i] - t0) * 1e3;
    ms = left < 1 ? 1 : left < ms || !ms ? (unsigned)left : ms;
  }
  return ms;
}

void smtc_minimize_cores(smtc *c, bool on) {
  smtc_need(c);
  Z3_params p = Z3_mk_params(c->z->ctx);
  Z3_params_inc_ref(c->z->ctx, p);
  /* ctrl_c again, as smtz_solver_timeout does, whatever Z3 merges */
  Z3_params_set_bool(c->z->ctx, p, Z3_mk_string_symbol(c->z->ctx, "ctrl_c"),
                     false);
  Z3_params_set_bool(c->z->ctx, p,
                     Z3_mk_string_symbol(c->z->ctx, "core.minimize"), on);
  Z3_solver_set_params(c->z->ctx, c->solver, p);
  Z3_params_dec_ref(c->z->ctx, p);
}

Z3_lbool smtc_solve(smtc *c, size_t below, bool with_obls, Z3_ast extra) {
  return smtc_solve_n(c, below, with_obls, &extra, extra != 0);
}

Z3_lbool smtc_solve_n(smtc *c, size_t below, bool with_obls,
                      const Z3_ast *extra, size_t nextra) {
  smtc_need(c);
  size_t n = nextra + c->lits.len + (with_obls ? c->obls.len : 0);
  Z3_ast *as = mem_alloc((n + 2) * sizeof *as);
  size_t k = 0;
  for (size_t i = 0; i < nextra; i++)
    as[k++] = extra[i];
  for (size_t i = 0; i < c->lits.len && c->lits.data[i].step < below; i++)
    as[k++] = c->lits.data[i].lit;
  if (with_obls)
    for (size_t i = 0; i < c->obls.len; i++)
      as[k++] = c->obls.data[i].lit;
  c->calls++;
  double t0 = lim_clock();
  Z3_lbool r = smtz_check(c->z, c->solver, smtc_budget(c, t0), (unsigned)k,
                          as);
  c->seconds += lim_clock() - t0;
  mem_free(as);
  c->stale |= r == Z3_L_UNDEF;
  return r;
}

Z3_ast smtc_activate(smtc *c, Z3_ast f) {
  smtc_need(c);
  Z3_ast act = smtz_fresh(c->z, "R", c->z->boolean);
  Z3_solver_assert(c->z->ctx, c->solver, K(Z3_mk_implies(c->z->ctx, act, f)));
  c->garbage++;
  return act;
}

void smtc_retire(smtc *c, Z3_ast act) {
  Z3_solver_assert(c->z->ctx, c->solver, smtz_not(c->z, act));
}

char *smtc_reason_unknown(smtc *c, Z3_solver v) {
  char *r = smtz_reason(c->z, v);
  char *m = strstr(r, "timeout") || strstr(r, "canceled") ||
                    strstr(r, "interrupted")
                ? mem_printf("solver timeout (%u ms)", c->timeout_ms)
                : mem_printf("solver gave up: %s", r);
  mem_free(r);
  return m;
}

Z3_lbool smtc_check_alone(smtc *c, Z3_ast f, char **reason) {
  Z3_solver v = smtz_solver(c->z);
  Z3_solver_assert(c->z->ctx, v, f);
  c->calls++;
  double t0 = lim_clock();
  Z3_lbool r = smtz_check(c->z, v, smtc_budget(c, t0), 0, 0);
  c->seconds += lim_clock() - t0;
  if (r == Z3_L_UNDEF && reason) *reason = smtc_reason_unknown(c, v);
  Z3_solver_dec_ref(c->z->ctx, v);
  return r;
}
