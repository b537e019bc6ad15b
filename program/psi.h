/* psi: the conditions ASSUME {psi} of an automaton's transitions as
 * conditions of the program, so that the product (analysis/product.h)
 * honours them as CPAchecker does: psi is evaluated on the state after the
 * edge the transition matched and strengthens the path; where no taken
 * transition's psi holds, the path has left the verified region at that
 * edge (it ends on the frontier there).
 *
 * psi_new parses, once, every ASSUME that is not `true` or `false` (any
 * case, a trailing `;` allowed: these never cost a parse) in the scope of
 * each function in which its transition's trigger matches an edge of the
 * program: the function of the node after that edge (the globals for the
 * edges of the global chain). Parsing is the C front end's (cond.h). An
 * ASSUME of a transition whose trigger matches no edge is never taken and
 * not parsed.
 *
 * psi_edge makes (once per edge and set of transitions) the synthetic
 * assume edge (cfa_edge.assumption) that the product takes right after
 * the matched edge: psi of one transition, or the frontier's condition
 * !(psi_1 || ... || psi_k) for the transitions taken on the edge.
 *
 * Ownership: the set owns its conditions and synthetic edges (they live
 * until psi_free); it borrows the CFA it was made for and the automaton
 * view, which must outlive it. Edges given to psi_edge may be those of a
 * CFA summarised from g (program/lbe.h: same functions and variables). */
#ifndef EREP_PSI_H
#define EREP_PSI_H

#include "aastep.h"
#include "cfa.h"

#include <stdbool.h>

typedef enum {
  PSI_TRUE,  /* no ASSUME, or ASSUME {true} */
  PSI_FALSE, /* ASSUME {false} */
  PSI_COND   /* a condition */
} psi_kind;

typedef struct psi_set psi_set;

/* The ASSUMEs of v's automaton for the program g. NULL with *err
 * "AUTOMATON:LINE: ASSUME {...}: what is wrong" (mem_free) when one is
 * bad; a set that has no conditions when the automaton has none. */
psi_set *psi_new(const cfa *g, const as_view *v, char **err);
void psi_free(psi_set *s);
/* Whether any transition has a condition (else every kind is TRUE or
 * FALSE). */
bool psi_any(const psi_set *s);
/* The kind of transition t's ASSUME (t < 0: a step without transition,
 * PSI_TRUE). */
psi_kind psi_kind_of(const psi_set *s, int t);
/* The assume edge after e: for one transition t[0] (PSI_COND), its psi;
 * with `frontier`, the negation of the disjunction of t[0..n) (each
 * PSI_COND), or NULL when that disjunction holds a pair `psi` / `!(psi)`
 * (CPAchecker's complementary transitions: no frontier there). */
const cfa_edge *psi_edge(const psi_set *s, const int *t, unsigned n,
                         const cfa_edge *e, bool frontier);
/* The edges of g that some condition's trigger matches, by edge id (1),
 * or NULL when there is none (mem_free): large blocks keep them single
 * (lbe_summarise_keep), so that no condition is taken inside a block. */
unsigned char *psi_edges(const psi_set *s);

#endif
