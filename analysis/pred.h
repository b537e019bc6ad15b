/* pred: the predicate-abstraction domain (the LBE paper: Beyer, Cimatti,
 * Griggio, Keremoglu, Sebastiani, FMCAD 2009; CPAchecker's cpa/predicate),
 * a domain of the product core beside the explicit-value one (value.h).
 *
 * Predicates are conditions of assume edges, evaluated with the bit-precise
 * encoding (smt_formula_assume), so no second semantics of C exists. An
 * abstract state is a Boolean combination of predicates: a set of cubes
 * (each predicate true, false or open), whose concrete states are those
 * satisfying some cube. Every node of the explored CFA is an abstraction
 * location: with SBE every CFA node (Cartesian abstraction: one cube, each
 * predicate decided or open, as the paper does for SBE), with LBE every
 * block end (Boolean abstraction: all-SAT over the predicates with Z3,
 * each model's cube widened where the formula leaves a predicate free, see
 * smt_formula_abstract). States are lists of cubes; `--bdd` makes them
 * BuDDy BDDs instead (pbdd.h: canonical cubes, coverage by implication).
 * Measured side by side (bench/verify.sh PARTS=bdd, limit 60 s): on
 * test_locks_5 ... 15 and nine cmc2011 ssh and systemc tasks both make
 * exactly the same states (22/8 ... 13242/526: the widened cubes are
 * already the canonical ones there, and no state was covered by several
 * cubes together), and the times differ by no more than the noise
 * (farm-bench pairs, BDD/cubes: token_ring.01 1.02, bist_cell 0.93 with a
 * spread of 0.79-1.14; the fse12-systemc predicate report, also the same
 * 9128 states, 0.93). So the cube lists stay the default: no gain worth
 * BuDDy's one global instance per process. Predicates whose values neither
 * the state nor the block mentions are open with no check (with the
 * symbolic pass's stall bound, report/run.c, the fse12-systemc predicate
 * report went from 87 s and 71788 solver calls to 35 s and 31495, its
 * statistics line). Measured on test_locks_5/6/7 with
 * SBE: Cartesian 4.0/10.8/27.6 s, Boolean 5.8/20.9/49.5 s for the same
 * states, so SBE uses the Cartesian one.
 *
 * An edge that neither reads nor writes a variable of the predicates of
 * the state or of its target (and calls no function with a body) needs no
 * solver: the predicates keep their values (pred_shortcut). Results are
 * cached per (state, caller, edge, version of the target's precision), and
 * states are interned for the whole run, so a round after a refinement
 * recomputes only the posts into locations whose precision grew.
 *
 * The post of a state A over an edge or block e is the abstraction of
 * A ∧ PF(e): the block starts from a state about which only A is known
 * (fresh values for every variable, the frames of the current function
 * opened without arguments, smt_push_frame), A is asserted over it, e is
 * pushed, and the target location's predicates are abstracted. This is the
 * block-by-block abstraction of the paper. Abstracting the strongest
 * postcondition of the whole ARG path from the root instead would be more
 * precise but unsound together with coverage: a covered node's concrete
 * states need not satisfy its coverer's path formula, only its coverer's
 * abstraction, so the coverer's successors would not stand for them. The
 * cost of the fresh start: facts not expressed by predicates are lost at
 * each abstraction location (refinement must name them). At a CFA_RETURN the
 * caller's state before the call (the core hands it over) contributes its
 * predicates about the caller's own locals (only they survive the call),
 * except those that read memory (pred_dom.pointed: a local whose address
 * the program takes, or anything through a pointer), which the callee may
 * write; the callee's state its predicates about globals, memory and the
 * callee's variables.
 *
 * Pointers (open memory, pred_sup.c): a program that makes addresses has
 * its blocks encoded with smtm_open. A pointer from before the block may
 * point into any variable whose address the program takes (all of them
 * objects of the block, escaped) or into memory the block does not model
 * (earlier blocks' heap, callers' locals), read and written as one array
 * per access type indexed by the pointer; a new object is distinct from
 * every pointer from before. A predicate that reads memory (such a
 * variable, or through a pointer) has the pseudo-variable `mem` among its
 * variables, and an edge that writes such a variable or through a pointer
 * writes `mem`, so the frame, projection and shortcut below treat memory
 * as one variable. Over a write through a pointer the preconditions add
 * the alias condition `&lv == &x` beside an atom that reads such an x.
 * Refused: unions. Not modelled in such a block (its post is the top
 * state, recorded): bit-fields and raw bytes through a pointer from
 * before, a call of code without a body given a pointer, a free while an
 * object of the block lives.
 *
 * Coverage: a reached state covers a new one when every cube of the new
 * one lies within some cube of the reached one (propositional over the
 * predicate atoms, hence sound; exact for minterms over equal predicates).
 *
 * Refinement (no interpolation in Z3 4.8.12): preconditions. Backwards
 * from the end of an infeasible counterexample, a set of atoms stands for
 * the precondition of the rest of the path; the atoms at each location of
 * the path become predicates at that location only (per-location
 * precision, as interpolants give). Over an assignment the atoms are
 * substituted (weakest precondition), over an input the atoms that read
 * the variable are dropped; over a call the parameters become the
 * arguments and over a return the call's variable becomes the callee's
 * result, atoms about the caller's locals waiting for the call. An assume
 * edge adds its condition when the bit-precise unsat core
 * (smt_infeasible_core) holds it. A large block is followed node by node
 * over its DAG: a choice adds its condition where its branches need
 * different atoms (an atom remembers the condition it comes from, so `s =
 * 0` and `s = 2` differ for `s == 0`), and a block in the core adds the
 * conditions where its DAG keeps one branch. At most PRED_ATOMS_MAX atoms
 * are carried at a position (every branch of a block gives its own, and a
 * loop body of a state machine has many); a refinement that finds nothing
 * new that way tries again with a wider cap before anything else (a
 * dropped atom may be the one that rules the path out: s3_srvr_11_BUG
 * said UNKNOWN for that). What this gives up against
 * interpolation: interpolants can be new formulas as weak as the proof
 * allows; these atoms are only the program's conditions carried back
 * through assignments, so a loop whose invariant is no such formula (x %
 * 2 == 0 for x += 2) makes refinement unroll the loop (atoms grow by one
 * substitution a round, up to PRED_ATOM_SIZE nodes) and then report no
 * progress: the verifier answers UNKNOWN instead of looping. When no atom
 * is new, the path may live on the widened cubes of the Boolean
 * abstraction (SMT_ABS_WIDENED admits a few assignments the block does
 * not): the path's locations then abstract exactly (minterms, at most
 * PRED_EXACT_CUBES, else widened again) and the round counts as progress.
 *
 * With `--refinement cuts` (pred_chain) the atoms of the preconditions
 * are only candidates: the path is cut apart at its abstraction locations,
 * each edge from a state about which nothing is known, linked to the
 * previous one only through the candidates at the cut between them (a
 * literal per link); when that chain is unsatisfiable, only the atoms
 * whose links Z3's unsat core holds become predicates, an interpolant
 * sequence in the language of the atoms (the block abstraction from those
 * predicates refutes the path). On s3_srvr_1: 20 predicates in 7
 * refinements where the preconditions gave 152 in 5. When those atoms are
 * nothing new, the path lives on widened cubes (its locations abstract
 * exactly); when the chain is satisfiable (atoms dropped at the cap, facts
 * of a caller's locals across a call), every atom as before.
 *
 * With `--refinement newton` (pred_dom.relaxed) the path is first relaxed
 * to its unsat core (smt_branch_core: Newton refinement's relaxation of a
 * trace, at the granularity of the branches inside large blocks, with
 * Z3's minimised core): a choice adds its condition only where the core
 * keeps it, and a plain edge only where the relaxed check's core does. The
 * preconditions of the relaxed path still refute it (its formula is
 * unsatisfiable), with the atoms of the branches taken whichever way the
 * dropped conditions go; the cases of a state machine the path does not
 * need stay out (the 40 cases of pred_test's loop: 2 predicates instead
 * of 26). Newton's strongest postconditions with quantifier elimination
 * are not done: Z3 4.8.12 eliminates bit-vector variables by enumerating
 * their values (docs/stack-facts.md), unusable in general,
 * and predicates must be program conditions (pred_pred). When the relaxed
 * preconditions are nothing new, every atom is taken as without it.
 *
 * `--predicate-scope` says where a predicate found at a location is
 * tracked: there (as interpolants give), in its function, or everywhere
 * it is in scope (pred_share).
 *
 * Soundness notes: an edge the encoding does not model (unsupported
 * constructs, a poisoned path) gives the top state (every predicate open)
 * and is recorded (pred_dom.unsupported); a solver with no answer gives top
 * as well and is recorded (pred_dom.unknown, counted in unknowns): an
 * over-approximation like any abstraction, so a search that finishes over
 * it still proves the program (one where the top state lets a spurious
 * counterexample through gives up on it as on any other). Obligations (no undefined
 * behaviour) are not part of the abstraction's formulas: division by zero
 * and the like take the encoding's values there; a counterexample is
 * FEASIBLE only by smt_check on the whole path, which does check them.
 *
 * No merge: the ARG is a tree of abstract states with coverage (CPAchecker's
 * merge-sep for predicate analysis), so the core needs no merge operation;
 * nor an operation with the ARG path, since the post needs only A, e and
 * (at returns) the caller's state, which the core passes.
 *
 * Ownership: a pred_dom owns its predicates, precision, cache and its own
 * smt context (the search's solver holds the path it checks; the domain's
 * pops and pushes freely). States are immutable and hash-consed by the
 * core (pred_domain.release frees them). */
#ifndef EREP_PRED_H
#define EREP_PRED_H

#include "program/cfa.h"
#include "lib/hmap.h"
#include "product.h"
#include "smt/smt.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct pred_state {
  unsigned n;          /* predicates (ids, ascending) */
  unsigned ncubes;     /* at least 1 */
  const unsigned *ids; /* n ids */
  /* ncubes rows of n trits: 0 false, 1 true, 2 open; rows sorted */
  const unsigned char *cubes;
} pred_state;

typedef VEC(unsigned) pred_ids;

typedef struct {
  const cfa_edge *e;   /* an assume edge with this condition */
  /* an assume edge `(c) == (c)` beside e (owned): pushed at a block's fresh
   * start, it reads c's variables once for the whole block, so that the
   * state's facts, the block and the target's predicates speak of the same
   * values (an unassigned variable read inside a formula that is popped
   * again would get a new value at each read) */
  cfa_edge *touch;
  const char *key;     /* scope and condition text (owned) */
  const cfa_function *fn; /* its locals' function; NULL: globals only */
  bool globals;        /* it mentions a global variable */
  pred_ids vars;       /* the variables it reads (cfa_var ids) */
} pred_pred;


/* Where a predicate that refinement found at a location is tracked
 * (`--predicate-scope`; CPAchecker's predicate sharing): at that location
 * only (as interpolants give), at every location of its function, or at
 * every location where its variables are in scope. */
typedef enum {
  PRED_AT_LOCATION,
  PRED_IN_FUNCTION,
  PRED_EVERYWHERE
} pred_scope;

/* --refinement cuts: a cut with at most this many atoms keeps them all
 * (measured: on systemc, where the preconditions give few atoms a cut,
 * keeping only the core's cost more refinements than it saved; 0, 16, 32,
 * 64 on token_ring.02: 16.1, 5.4, 3.3, 3.0 s, preconditions 2.7 s; on
 * s3_srvr_1a: 1.6, 1.6, 6.7, 6.6 s, preconditions 6.2 s) */
#define PRED_CUT_KEEP_ALL 32

typedef struct {
  const cfa *g;
  smt_ctx *smt;   /* owned */
  pred_scope scope;
  hmap shared; /* (predicate, function) pairs shared already (pred_share) */
  bool cartesian; /* SBE: Cartesian abstraction; else Boolean */
  bool bdd;       /* states' cubes canonical by BuDDy, coverage by BDDs */
  size_t max_cubes;
  VEC(pred_pred) preds;
  hmap bykey;                 /* key hash -> predicate id + 1 */
  mem_arena *arena;           /* expressions and edges of derived predicates */
  pred_ids *prec;             /* by node id: predicate ids, ascending */
  unsigned *ver;              /* by node id: times its precision grew */
  /* by node id: 1 when its Boolean abstraction is exact (minterms), after
   * a refinement found no new predicate on a path through it */
  unsigned char *exact;
  unsigned long exact_locations, exact_overflows;
  unsigned origins; /* scratch of pred_refine */
  /* refinement keeps at each cut only the atoms it needs (pred_chain);
   * cuts: the atoms at each cut while a pass collects them for it */
  bool selecting;
  /* --refinement newton: the path is relaxed to its unsat core first
   * (smt_branch_core): a branch condition inside a block joins the
   * preconditions only when the core needs it. Scratch of pred_refine:
   * relaxing while a relaxation holds, relax the (step, node) pairs of
   * its core (pred_relax_key) */
  bool relaxed;
  bool relaxing;
  hmap relax;
  /* refinements relaxed so, and the branch conditions their cores kept */
  unsigned long relaxations, relaxed_kept;
  unsigned long relax_failed; /* of them, those that then took every atom */
  double refine_seconds;      /* in refinement */
  size_t cut_keep_all; /* a cut with at most this many atoms keeps all */
  void *cuts;
  unsigned long invariants; /* predicates pred_add_invariants gave */
  unsigned long seed_refinements; /* refinements that took the program's
                                    * conditions (pred_seed) */
  size_t atoms_max; /* scratch of pred_refine: atoms kept at one position */
  /* refinements that found a new predicate only with the wider cap */
  unsigned long wide_refinements;
  const cfa_edge *assume_tmpl; /* an assume edge of g: derived predicates
                                  are copies of it */
  const cfa_edge **call_into; /* by function id: a call edge into it */
  /* (state, caller, edge, version of the target's precision) -> result:
   * states are interned for the whole run, so a round after a refinement
   * recomputes only the posts into locations whose precision grew */
  hmap cache;
  /* (edge, target's precision version, abstraction mode, which target
   * predicates s frames, s's literals the block's formula is connected
   * to) -> result: a block of one process of a program of many speaks of
   * few predicates, and the states that differ only in the others share
   * its abstraction (pred_project) */
  hmap pcache;
  unsigned char *kept; /* by predicate id: scratch of pred_project */
  size_t nkept;
  pred_ids marked;     /* variables pred_project marked */
  unsigned timeout_ms;        /* per solver check; 0: none */
  /* CLOCK_MONOTONIC seconds after which no check may run on (0: none):
   * each abstraction's checks are bounded by what is left */
  double deadline;
  /* figures */
  unsigned long abstractions, cache_hits, refinements_grew;
  unsigned long shortcuts; /* posts without a solver (see pred_post) */
  unsigned char *mark;     /* by var id: scratch */
  unsigned char *written;  /* by var id: scratch of pred_frame */
  /* by edge: the variables it may write (pred_frame), once per edge */
  hmap writes;
  unsigned char *touched;  /* by var id: scratch of pred_touch */
  double seconds; /* in abstraction */
  /* the first edge the encoding did not model, and why (mem_alloc'ed) */
  char *unsupported;
  char *unknown; /* the first solver that gave no answer, and why */
  unsigned long unknowns; /* abstractions without an answer (top) */
  /* open memory (pred_pointed; NULL: the program makes no address): the
   * variables a pointer may point into, and the id standing for memory
   * among the variables of predicates and edges (g->vars.len): a
   * predicate that reads such a variable or through a pointer has it, an
   * edge that writes one or through a pointer writes it */
  unsigned char *pointed;
  unsigned mem;
} pred_dom;

extern const pr_domain pred_domain;

/* cartesian: SBE's Cartesian abstraction, else Boolean (all-SAT). */
/* share: an smt context whose Z3 context the domain's shares (NULL: its
 * own); see smt_new_sharing. */
void pred_dom_init(pred_dom *d, const cfa *g, bool cartesian,
                   unsigned timeout_ms, smt_ctx *share);
void pred_dom_free(pred_dom *d);
/* Represent the Boolean abstraction's states by BDDs (pbdd.h; `--bdd`):
 * canonical cubes and coverage by implication. Before the first post;
 * false when BuDDy cannot start (the cube lists stay). */
bool pred_dom_use_bdd(pred_dom *d);
/* Whether the domain models g: NULL, or why not, naming the first
 * construct in the way and its file:line (allocated in g's arena): a
 * function used as a value, or a variable holding a union (its members
 * alias each other's bytes) or a function pointer. */
const char *pred_supported(const cfa *g);
/* The variables of g a pointer may point into (by variable id, 1; owned
 * by the caller), or NULL when g makes no address at all (no `&`, array
 * used as a pointer, string literal or allocation): then its blocks keep
 * the closed memory model (pred_sup.c). */
unsigned char *pred_pointed(const cfa *g);
/* The variable lvalue l designates a part of, through members and array
 * elements; NULL with *mem when l goes through a pointer. */
const cfa_var *pred_lvalue_var(const ex *l, bool *mem);
/* Over edge e that writes memory (through a pointer, or into a variable
 * `pointed` marks), the precondition of an atom splits on whether the
 * write hits each access of memory of its shape in the atom (Morris's
 * rule): into out (at most max; new nodes in arena, pointers of ptr_size
 * bytes) the alias conditions `&l == &m` and the atom with m replaced by
 * the value written, when an expression says it (the atom itself is the
 * case where it misses). Returns how many; 0 when e writes no memory. The
 * preconditions otherwise carry atoms back by substituting variables,
 * which a write through a pointer is not. */
size_t pred_mem_split(const unsigned char *pointed, mem_arena *arena,
                      unsigned ptr_size, const cfa_edge *e, const ex *atom,
                      const ex **out, size_t max);
/* x as a condition on a state, without side effects: the value of an
 * increment or decrement in it (x-- > 0, a loop's condition, is x > 0 of
 * the state before; ++x > 0 is x + 1 > 0), new nodes in arena where
 * something changed; NULL when x assigns or calls (no condition on a
 * state says what it does). A predicate is evaluated again at every
 * block's start and end (pred_touch, pred_gamma): one with a side effect
 * would do it each time (`(n--) > 0` decremented n twice before every
 * block of its loop, and the analysis said TRUE of a reachable error). */
const ex *pred_pure(mem_arena *arena, const ex *x);
/* Whether x reads memory a write through a pointer may change, or may
 * write it: a variable `pointed` marks, an access through a pointer, an
 * allocation, a call given a pointer (false when pointed is NULL). */
bool pred_reads_memory(const unsigned char *pointed, const ex *x);
/* What state sv knows in function fn (pr_domain.condition; pred_cond.c). */
char *pred_condition(void *dv, const void *sv, const cfa_function *fn);
/* The number of distinct predicates, and of (location, predicate) pairs. */
size_t pred_count(const pred_dom *d);
size_t pred_pairs(const pred_dom *d);
/* Add predicate (the condition of assume edge e) at node l; true if new
 * there (for tests and the refinement). */
bool pred_add(pred_dom *d, const cfa_edge *e, const cfa_node *l);
/* Start with the affine equalities among integer variables that hold at
 * loop heads (karr.h) as predicates there (with Cartesian abstraction at
 * every location of their scope): invariants such as `x + y == n` over
 * `x--; y++`, which refinement by preconditions, one unrolling after
 * another, does not find. At most PRED_INVARIANTS_MAX; their number. */
#define PRED_INVARIANTS_MAX 16
size_t pred_add_invariants(pred_dom *d);
/* A state as text: "(p1 & !p3) | (p2)" with conditions (mem_free). */
char *pred_state_text(const pred_dom *d, const pred_state *s);
/* A state with room for n ids and ncubes rows (ids and rows to fill:
 * *ids and *cubes point into it), mem_calloc'ed as one block; a copy of
 * s; sorting s's rows and dropping duplicates, one form per set of cubes
 * (pred_cond.c). */
pred_state *pred_state_alloc(unsigned n, unsigned ncubes, unsigned **ids,
                             unsigned char **cubes);
pred_state *pred_state_copy(const pred_state *s);
void pred_canon(pred_state *s);
/* Solver calls of the domain's own context, and their seconds. */
unsigned long pred_solver_calls(const pred_dom *d);
double pred_solver_seconds(const pred_dom *d);
/* Ask the domain's solver to give up its check (smt_interrupt). */
void pred_interrupt(pred_dom *d);

#endif
