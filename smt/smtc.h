/* smtc: the constraints of the path (internal to the smt modules; see smt.h
 * for the public API). Between the Z3 plumbing (smtz) and the encoders: the
 * memory model (smtm) and the expression encoder (smte) append here, the
 * session (smt.c) decides what was appended, and formula handles
 * (smt_formula.c) read it.
 *
 * What a path asserts, in the order the encoders made it:
 *  - definitions (smtc_assert): equations and facts that constrain only
 *    fresh constants (SSA values, fresh inputs, Ackermann constraints of
 *    array reads); asserted into the solver and kept in a log;
 *  - literals (smtc_assume): the tracked constraints of the path (assume
 *    edges, __VERIFIER_assume): lit => cond is a definition, and a check
 *    passes lit as an assumption, so the unsat core names the steps;
 *  - obligations (smtc_oblige): "no undefined behaviour here", lit <=> cond,
 *    so a check can both assume one and ask whether it can fail; also
 *    (smtc_oblige_modelled) "the execution stays within what is modelled";
 *  - inputs (smtc_record): the fresh values the path read (calls of
 *    functions without a body, uninitialised variables), for the model.
 * Everything is attributed to the step `step` (the index of the edge being
 * encoded, set by the session).
 *
 * Ownership: smtc owns the solver, the log, literals, obligations and inputs
 * (with a reference on every term in them, and the names and reasons). The
 * session reads the vectors, the solver and the counters, and undoes them to
 * a mark; nobody else changes them. smtc_undo and smtc_undo_log are separate
 * so that the session keeps the order of releases (see smtz.h). */
#ifndef EREP_SMTC_H
#define EREP_SMTC_H

#include "program/cfa.h"
#include "smt_input.h"
#include "smtz.h"

typedef struct {
  Z3_ast term, guard; /* guard NULL: always made */
  size_t base;        /* arrays: the fresh base version (smtm) */
  smt_input_kind kind;
  char *name;
  unsigned line;
  const ty *type; /* element type for arrays */
  uint64_t count; /* > 0: an array of count elements */
  size_t step;
  /* SMT_INPUT_WRITTEN: the route (index + 1 into smtm.routes) and the
   * leaf of its object written */
  size_t route, leaf;
} smtc_input;

/* A value the path assigns (for the trace's values, not the inputs): the
 * object that `lhs` (an lvalue of the program) or `name` (a variable's)
 * names gets `term` at `step` when guard holds. Borrowed from the CFA:
 * nothing is made for a name until a model is rendered. */
typedef struct {
  Z3_ast term, guard;
  const ex *lhs;
  const char *name;
  size_t step;
  unsigned bits;
  bool sgn;
  bool ptr; /* a pointer (80 bits: object id, byte offset) */
} smtc_value;

typedef struct {
  Z3_ast lit;
  Z3_ast cond; /* lit => cond is in the log */
  size_t step;
  unsigned long seq; /* order of making among literals and obligations */
} smtc_lit;

typedef struct {
  Z3_ast lit;
  char *reason;
  size_t step;
  bool ub; /* undefined behaviour; false: what is modelled ends there */
  unsigned long seq;
} smtc_obl;

typedef struct {
  smtz *z;
  Z3_solver solver;    /* NULL until a check needs it (smtc_solve) */
  unsigned timeout_ms; /* of every check (smtz_check); 0: none */
  /* lim_clock() at which the time of the check in progress is up, 0:
   * none: the solves of one smt_check (the path, then whether undefined
   * behaviour is reachable, then a core without it) share one timeout */
  double t_end;
  /* lim_clock() after which no check runs on (the run's time limit),
   * 0: none; a check that starts later gets 1 ms */
  double deadline;
  bool raw; /* conditions not simplified (smt_set_raw) */
  VEC(Z3_ast) log;     /* definitions of the edges on the path, for rebuilds */
  size_t garbage;      /* assertions in the solver from popped edges */
  bool stale;          /* a check ended without an answer (smtc_collect) */
  VEC(smtc_lit) lits;
  VEC(smtc_obl) obls;
  VEC(smtc_input) inputs;
  VEC(smtc_value) values;
  size_t step;         /* the step being encoded */
  unsigned long epoch; /* bumped whenever literals or obligations go */
  unsigned long calls; /* solver checks so far */
  double seconds;      /* spent in them */
  unsigned long seq;   /* literals and obligations made so far */
} smtc;

/* Lengths of the vectors: where to undo to. */
typedef struct {
  size_t log, lits, obls, inputs, values;
} smtc_mark;

void smtc_init(smtc *c, smtz *z, unsigned timeout_ms);
void smtc_fini(smtc *c);
smtc_mark smtc_mark_now(const smtc *c);
/* Drop the inputs, literals and obligations made after m. */
void smtc_undo(smtc *c, const smtc_mark *m);
/* Drop the definitions made after m from the log; they stay in the solver
 * as garbage until smtc_collect rebuilds it. */
void smtc_undo_log(smtc *c, const smtc_mark *m);
/* Rebuild the solver from the log when garbage dominates. */
void smtc_collect(smtc *c);

/* A definition (the term true is skipped). */
void smtc_assert(smtc *c, Z3_ast t);
/* A tracked constraint: guard => cond (guard NULL: cond). */
void smtc_assume(smtc *c, Z3_ast cond, Z3_ast guard);
/* An obligation guard => cond, with the reason it fails. */
void smtc_oblige(smtc *c, Z3_ast cond, Z3_ast guard, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* An obligation guard => cond that is not about undefined behaviour: an
 * execution that violates it leaves what is modelled (e.g. it accesses the
 * bytes of a union); reason is the whole UNKNOWN reason. */
void smtc_oblige_modelled(smtc *c, Z3_ast cond, Z3_ast guard, const char *fmt,
                          ...) __attribute__((format(printf, 4, 5)));
/* An input: term (NULL for a float) made when guard holds; name is taken
 * over. */
void smtc_record(smtc *c, Z3_ast term, Z3_ast guard, size_t base,
                 smt_input_kind kind, char *name, unsigned line, const ty *type,
                 uint64_t count);

/* A value assigned at the current step (an integer of `bits`, signed or
 * not): term made when guard holds, to lhs or the variable `name`. */
void smtc_value_made(smtc *c, Z3_ast term, Z3_ast guard, const ex *lhs,
                     const char *name, unsigned bits, bool sgn, bool ptr);

/* Check under the assumptions of extra (if not NULL), the literals of steps
 * before `below`, and the obligations when with_obls. */
Z3_lbool smtc_solve(smtc *c, size_t below, bool with_obls, Z3_ast extra);
/* Whether the unsat cores of later checks are minimised (Z3's
 * core.minimize; off by default). */
void smtc_minimize_cores(smtc *c, bool on);
/* The same with the nextra assumptions of extra. */
Z3_lbool smtc_solve_n(smtc *c, size_t below, bool with_obls,
                      const Z3_ast *extra, size_t nextra);
/* A fresh literal act with act => f asserted (not logged: garbage once
 * retired), for a check under the assumption act. */
Z3_ast smtc_activate(smtc *c, Z3_ast f);
void smtc_retire(smtc *c, Z3_ast act);
/* Why solver v (the path's or another) answered Z3_L_UNDEF: "solver
 * timeout (N ms)" or "solver gave up: ..." (mem_free). */
char *smtc_reason_unknown(smtc *c, Z3_solver v);
/* Check f on its own in a new solver (not the path's), with the timeout;
 * on Z3_L_UNDEF *reason (if not NULL) gets smtc_reason_unknown. */
Z3_lbool smtc_check_alone(smtc *c, Z3_ast f, char **reason);

#endif
