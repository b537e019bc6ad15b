/* smt_int: the session's state, shared by the files of the public API
 * (smt.c: paths, checks and models; smt_formula.c: formula handles) and by
 * nothing else.
 *
 * Layers, each with its own header and prefix, lower ones first (a module
 * uses only those below it):
 *   smtz  Z3 plumbing: context, sorts, term pool, protected calls
 *   smtc  the path's constraints: solver, definitions, literals,
 *         obligations, inputs
 *   smtm  the memory model: objects, cells, arrays, pointers, lvalues
 *   smte  expressions and edges to constraints (SSA)
 *   smt   the session (smt.h, smt_formula.h): push/pop of edges, checks,
 *         unsat cores, models; formula handles
 *
 * Ownership: smt_ctx owns one of each (smtz by pointer, the others
 * embedded) and initialises them in that order; the session owns the marks
 * (one per pushed edge: where each layer's undo goes back to), the
 * conditions of the edges of blocks (for expansion), the poison,
 * the cache of the last check, the core, and the live formula handles
 * (smt_free frees those its client left).
 *
 * Below both files: it includes neither smt.h nor smt_formula.h (their
 * types appear here by their struct tags), and the handle list's two
 * operations are here, so that smt_free (smt.c) frees the handles left
 * without calling up into smt_formula.c. */
#ifndef EREP_SMT_INT_H
#define EREP_SMT_INT_H

#include "lib/mem.h"
#include "program/cfa.h"
#include "smtc.h"
#include "smte.h"
#include "smtm.h"
#include "smtz.h"

typedef struct {
  const cfa_edge *e;
  smtm_mark m;
  size_t memo;
  smtc_mark c;
  size_t run_start; /* first edge of the run of assume edges ending here */
  size_t taken;     /* CFA_BLOCK: its conditions start at taken[taken] */
} smt_mark;

/* A formula handle: body under the definitions defs (see smt_formula.h);
 * the handle holds a reference on both. */
struct smt_formula {
  Z3_ast defs, body;
  struct smt_formula *prev, *next;
};

struct smt_ctx {
  const cfa *g;
  smtz *z;
  smtc c;
  smtm m;
  smte e;

  VEC(smt_mark) marks;
  /* for every block edge on the path, the conditions that the execution
   * takes each of its edges (smte_block), with a reference each */
  VEC(Z3_ast) taken;

  size_t poison_step; /* SIZE_MAX: not poisoned */
  char *poison;

  /* the last check; a path that only gained definitions of fresh
   * constants since a satisfiable check is satisfiable */
  unsigned long sat_epoch;
  size_t sat_lits, sat_obls;
  bool sat_valid;
  struct smt_model *building; /* model under construction */
  Z3_model zmodel;
  VEC(size_t) core;
  bool core_valid;
  /* the last check: undefined behaviour reachable (smt_undefined) */
  bool ub_valid;
  size_t ub_step;
  char *ub_what;
  struct smt_model *ub_model;
  Z3_model ub_zmodel; /* the same execution, for smt_undefined_expand */
  size_t unknown_step; /* the last UNKNOWN's step (smt_unknown_step) */

  struct smt_formula *formulas; /* live handles */
  /* the solver of Boolean abstractions (smt_formula_abstract) and of the
   * cut links (smt_formula_core), made once: each is a scope of it (a Z3
   * solver made per abstraction was a sixth of token_ring.02's predicate
   * analysis, 3.70 s against 3.16 s) */
  Z3_solver abs_solver;
  unsigned long abs_scopes; /* scopes it had (smt_abs_scope) */
};

#define SMT_ABS_RENEW 50 /* scopes of an abstraction solver before a new one */

/* A new handle of s for body under defs (a reference on each), first in
 * s's list of live handles. */
static inline struct smt_formula *smt_handle_new(struct smt_ctx *s, Z3_ast defs,
                                                 Z3_ast body) {
  struct smt_formula *f = mem_calloc(1, sizeof *f);
  f->defs = smtz_hold(s->z, defs);
  f->body = smtz_hold(s->z, body);
  f->next = s->formulas;
  if (s->formulas) s->formulas->prev = f;
  s->formulas = f;
  return f;
}

/* Unlink handle f from s's list, drop its references, free it. */
static inline void smt_handle_free(struct smt_ctx *s, struct smt_formula *f) {
  if (f->prev)
    f->prev->next = f->next;
  else
    s->formulas = f->next;
  if (f->next) f->next->prev = f->prev;
  smtz_drop(s->z, f->defs);
  smtz_drop(s->z, f->body);
  mem_free(f);
}

#endif
