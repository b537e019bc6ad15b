/* smt_formula: formula handles over the path encoding of an smt_ctx.
 *
 * For clients that reason about formulas rather than whole paths, such as a
 * predicate-abstraction domain: the abstraction of the state after a path
 * prefix by predicates (which predicates does the path formula imply?) and
 * refinement (is the path formula with a predicate unsatisfiable?). The
 * formulas are the bit-precise encoding of smt.h, opaque to the client.
 *
 * A handle stands for a Boolean formula over the SSA values of the path
 * that was pushed when it was made (smt_push_edge), together with the
 * definitions of those values (x1 = x0 + 1, facts about inputs). The
 * definitions are kept aside: they hold in every handle made from this
 * one, and negation negates the formula, not them (not (x1 > 3), with x1
 * still x0 + 1). Handles made at one path (or at a prefix and then at
 * extensions of it, while the prefix stays pushed) share the SSA values, so
 * conjoining them and checking implications is meaningful. A path pushed
 * again after a pop gets new values: handles of the old one remain valid
 * objects but speak about other values.
 *
 *  - smt_formula_path: the path formula of the current path, the
 *    definitions of its SSA values and the conditions of its assume edges
 *    (and __VERIFIER_assume calls). Obligations (no undefined behaviour)
 *    are not part of it.
 *  - smt_formula_assume: the condition of an assume edge e (as e->truth
 *    says: taken or not taken) evaluated in the state the current path
 *    reached, with the definitions of any auxiliary values it needs. e is
 *    pushed and popped again (the core of the last check is forgotten);
 *    it need not leave the path's last node, so a predicate found
 *    elsewhere can be evaluated here, as long as its variables are globals
 *    or those of the current frame. A variable the path has not assigned
 *    is uninitialised: a value of its own, about which nothing follows.
 *  - and, or, not: new handles; sat and implies decide them on their own in
 *    a fresh solver (the path's solver is not touched) with the context's
 *    timeout, counted in smt_solver_calls.
 *
 * Ownership: handles belong to the context. The client frees a handle with
 * smt_formula_free when done; smt_free frees those left. A handle is never
 * changed, so one may be used in any number of others. Functions that make
 * a handle return NULL when it cannot be made: the path is not modelled
 * (poisoned), or Z3 failed; *reason_out (if not NULL) then gets why
 * (mem_free).
 *
 * Large blocks (CFA_BLOCK edges, program/lbe.h) are pushed as one step
 * whose encoding evaluates each edge of the block under the condition that
 * the block reaches its source (the encoder's guards make writes and
 * obligations conditional, as for && || and ?:), so the state after the
 * block is one symbolic state, cell by cell an ite over its paths, and the
 * step's literal is the condition that the block reaches its target. The
 * path formula and condition handles work unchanged after block steps; no
 * handle names an edge or a step. */
#ifndef EREP_SMT_FORMULA_H
#define EREP_SMT_FORMULA_H

#include "smt.h"

typedef struct smt_formula smt_formula;

typedef enum {
  SMT_ANSWER_NO,
  SMT_ANSWER_YES,
  SMT_ANSWER_UNKNOWN /* solver timeout or gave up; with a reason */
} smt_answer;

/* The formula of the current path (see above). */
smt_formula *smt_formula_path(smt_ctx *s, char **reason_out);
/* The condition of assume edge e after the current path (see above). */
smt_formula *smt_formula_assume(smt_ctx *s, const cfa_edge *e,
                                char **reason_out);

smt_formula *smt_formula_and(smt_ctx *s, const smt_formula *a,
                             const smt_formula *b);
smt_formula *smt_formula_or(smt_ctx *s, const smt_formula *a,
                            const smt_formula *b);
smt_formula *smt_formula_not(smt_ctx *s, const smt_formula *a);

/* Whether f (with its definitions) is satisfiable. */
smt_answer smt_formula_sat(smt_ctx *s, const smt_formula *f, char **reason_out);
/* Whether a implies b (a and not b is unsatisfiable). */
smt_answer smt_formula_implies(smt_ctx *s, const smt_formula *a,
                               const smt_formula *b, char **reason_out);

/* Whether f and, for each k, a[k] <=> b[k] are unsatisfiable together
 * (NO), with the k whose link Z3's unsat core holds marked in keep[0..n)
 * (1; not necessarily a minimal set): a[k] speaks of one state, b[k] of
 * another, f of both (the refinement's cut of a path, pred.h). YES: the
 * links do not make f unsatisfiable; keep is all 0 then and on UNKNOWN. */
smt_answer smt_formula_core(smt_ctx *s, const smt_formula *f,
                            const smt_formula *const *a,
                            const smt_formula *const *b, size_t n,
                            unsigned char *keep, char **reason_out);

/* How smt_formula_abstract abstracts. */
typedef enum {
  /* for each atom, 1 when f implies it, 0 when f implies its negation, 2
   * when neither is shown (also on a timeout for that atom, and for the
   * atoms left when the abstraction's time is up); 2n checks
   * under assumptions; one row */
  SMT_ABS_CARTESIAN,
  /* all-SAT, each model's minterm widened: an atom whose other value f
   * admits with the rest of the cube (its atoms opened so far left out) is
   * opened (2). Sound, and few rows where atoms are independent, but not
   * exact: atoms correlated only through atoms opened before may be opened
   * too (the union admits a few assignments f does not) */
  SMT_ABS_WIDENED,
  /* all-SAT over minterms: exactly the assignments f admits (0/1 each) */
  SMT_ABS_EXACT
} smt_abs_mode;

/* The Boolean abstraction of f over the atoms a[0..n) within the
 * context's timeout for all its checks together (each gets what is left,
 * none runs after it): the assignments to
 * the atoms (with their definitions) that f admits, as mode says. Atoms
 * that share no value with f (typically predicates about variables that
 * neither the state nor the block mentions) are abstracted without f: one
 * alone is open (2) in every row with no check, and a group that shares
 * values among itself is abstracted over its own definitions (see
 * smt_formula.c). One solver for the others'
 * queries. All-SAT enumerates with blocking clauses; *out
 * gets *ncubes rows of n bytes (mem_free). More than max rows: UNKNOWN.
 * NO: f is unsatisfiable (nothing admitted; no rows). YES: done. UNKNOWN:
 * the solver gave no answer for f itself, the rows ran over, or (not
 * Cartesian) the time was up before the rows were complete (reason). */
smt_answer smt_formula_abstract(smt_ctx *s, const smt_formula *f,
                                const smt_formula *const *a, size_t n,
                                smt_abs_mode mode, size_t max, unsigned char **out,
                                size_t *ncubes, char **reason_out);

/* f in SMT-LIB syntax, "FORMULA\n  where DEFINITIONS", for debugging and
 * tests (mem_free). */
char *smt_formula_text(smt_ctx *s, const smt_formula *f);

void smt_formula_free(smt_ctx *s, smt_formula *f);

#endif
