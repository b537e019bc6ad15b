/* smte: expressions and edges to constraints (internal to the smt modules;
 * see smt.h for what is modelled). Above the memory model (smtm), the
 * constraints (smtc) and the Z3 plumbing (smtz); called by the session
 * (smt.c) once per pushed edge.
 *
 * An edge is encoded in SSA form over the symbolic state of smtm: a
 * statement evaluates its expression (C's conversions and arithmetic on
 * bit-vectors of the types' widths, obligations for undefined behaviour),
 * writes go to new SSA values of the memory cells; an assume edge adds a
 * tracked literal for its condition; a declaration makes or initialises an
 * object; call and return edges push and pop an activation frame and pass
 * parameters and the result. Calls of functions without a body give fresh
 * inputs and may havoc what their pointer arguments reach.
 *
 * Guards: every evaluation takes a guard g (NULL: always), the condition
 * under which it happens; writes and obligations made under g are
 * conditional (cell := ite(g, new, old), g => obligation). && || and ?:
 * evaluate their operands under the guards of C's short-circuit. The same
 * mechanism encodes a large block (CFA_BLOCK, program/lbe.h; smte_block):
 * each edge of the block under the condition that the block's execution
 * reaches its source node.
 *
 * Memo: inside a run of assume edges (the case tests of one switch) a side
 * effect evaluated once is not repeated; smte keeps the values (with a
 * reference) by step and the session truncates them with its marks.
 *
 * Ownership: smte owns only the memo; everything it makes is in smtm or
 * smtc. A construct that is not modelled ends the edge through smtz_fail,
 * which the session catches (smtz_protect). */
#ifndef EREP_SMTE_H
#define EREP_SMTE_H

#include "program/cfa.h"
#include "smtc.h"
#include "smtm.h"
#include "smtz.h"

typedef struct {
  const ex *e;
  smtm_val v;
  size_t step;
} smte_memo;

/* A branch condition of a large block behind a literal of its own
 * (smte.relaxing), so that an unsat core names it. */
typedef struct {
  Z3_ast lit;           /* with a reference */
  size_t step;          /* the block's step */
  const cfa_node *node; /* the node whose condition it is */
} smte_relax;

typedef struct {
  smtz *z;
  smtc *c;
  smtm *m;
  const cfa *g;
  VEC(smte_memo) memo;
  /* smte_block: each branch condition c inside a block is ite(lit, c,
   * choice) with a fresh literal and a fresh choice of its own, the
   * literals in relax: without its literal a branch may be taken whatever
   * its condition, the two still exclusive (smt_branch_core) */
  bool relaxing;
  VEC(smte_relax) relax;
  /* the edge being encoded */
  size_t run_start; /* first step of the run of assume edges it ends */
  bool in_assume;
  bool discard; /* the call evaluated next has its result ignored */
  bool addr_of; /* the lvalue evaluated next is an operand of & */
  /* the pointee type of the cast or assignment whose operand is the
   * allocation evaluated next (smtm_alloc), or NULL */
  const ty *alloc_to;
  /* the guard of the edge being encoded: NULL (always) except for the
   * edges of a block */
  Z3_ast eg;
  /* smte_block: by node id, whether the block reaches it and under which
   * condition (NULL: always); terms of the pool, valid during one block */
  VEC(Z3_ast) reach;
  VEC(unsigned char) has;
  VEC(unsigned) touched;
} smte;

void smte_init(smte *s, smtz *z, smtc *c, smtm *m, const cfa *g);
void smte_fini(smte *s);
/* Encode edge e at step c->step, the run of assume edges it ends starting
 * at step run_start. Fails through smtz_fail; the caller undoes what the
 * edge did up to the failure. */
void smte_edge(smte *s, const cfa_edge *e, size_t run_start);
/* Encode block edge b (CFA_BLOCK) as one step: every edge of b->block in
 * its order under the guard reach(source) (NULL for the block's source),
 * where reach(n) is the disjunction over the block's edges into n of
 * reach(their source) and, for assume edges, their condition. The two
 * branches of one condition share one evaluation of it; a side effect in
 * a run of case tests is evaluated once (memo, as for single edges; the
 * run goes on from before the block when its first edges are assumes and
 * run_start says so). Writes and obligations are conditional on the
 * guard; at the end reach(target) becomes a tracked literal of the step
 * (smtc_assume). taken[i] (an array of b->nblock) gets the condition that
 * the execution takes b->block[i] (a term in the pool; true when it is
 * always taken). Calls and returns inside a block fail. Not guarded: the
 * declaration of a local without initialiser makes its value open on every
 * path of the block (more executions, never fewer), a call of code without
 * a body marks what may change on every path (reads end as UNKNOWN), and
 * the uninitialised values a block reads are recorded as inputs without
 * condition. */
void smte_block(smte *s, const cfa_edge *b, size_t run_start, Z3_ast *taken);
/* Drop the relax literals (their references). */
void smte_relax_clear(smte *s);
/* Drop the memo entries after the first n. */
void smte_undo_memo(smte *s, size_t n);

#endif
