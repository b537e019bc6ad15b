/* pbdd: BuDDy BDDs for the predicate domain's abstract states (the LBE
 * paper: "We use BDDs for representing abstract-state formulas"), the
 * alternative to pred.c's own cube lists that `--bdd` selects.
 *
 * A state is a set of cubes over predicate ids (trits: 0 false, 1 true, 2
 * open, as pred_state). Its BDD has one variable per predicate id, so BDDs
 * of states over different predicates compare directly. Two uses:
 * canonical cubes (the BDD's disjoint paths: one form per set of
 * concrete assignments, so equal states intern to one) and coverage by
 * implication (complete, where the cube test is sound but misses a cube
 * covered only by several cubes together).
 *
 * BuDDy is one global instance per process: pbdd_open and pbdd_close
 * count its users. Its errors (out of nodes) are recorded, never fatal:
 * every call then answers conservatively (pbdd_implies false, pbdd_canon
 * 0), so a failure costs precision, never soundness. Not thread-safe. */
#ifndef EREP_PBDD_H
#define EREP_PBDD_H

#include <stdbool.h>
#include <stddef.h>

/* Start BuDDy (or count one more user); false when it cannot start. */
bool pbdd_open(void);
/* One user less; the last stops BuDDy. */
void pbdd_close(void);
/* Whether the set of ncubes rows of n trits over variables ids (a) implies
 * the set of rows cb over ids b: every assignment of the first satisfies
 * the second. False when BuDDy failed. */
bool pbdd_implies(unsigned na, const unsigned *ida, const unsigned char *ca,
                  unsigned nca, unsigned nb, const unsigned *idb,
                  const unsigned char *cb, unsigned ncb);
/* The canonical cubes of the rows over ids: the disjoint paths of their
 * BDD, in rows of n trits (*out, mem_alloc'ed); returns their number, or 0
 * (and *out NULL) when there are more than max or BuDDy failed. An
 * unsatisfiable set gives no rows either. */
size_t pbdd_canon(unsigned n, const unsigned *ids, const unsigned char *rows,
                  unsigned nrows, size_t max, unsigned char **out);

#endif
