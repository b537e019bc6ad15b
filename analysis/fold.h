/* fold: equal states of an automaton that erep writes (analysis/collect.h)
 * folded into one. Two states are equal when their transitions, in order,
 * have the same MATCH text, the same ASSUME and equal targets, and their
 * catch-alls go to the same sink: then every path reads the same from
 * either, so writing one for both changes no path's fate (an exact
 * minimisation, not an approximation).
 *
 * The states are folded from the sinks back: a state outside every cycle
 * is equal to an earlier one when its transitions are, with targets
 * compared as folded; a state on a cycle (a cover of the ARG) stays
 * itself. The ARG of an explicit run is mostly a tree whose subtrees
 * repeat (the same steps after different values that no later step
 * reads): transmitter.10's at --state-limit 3000000 folds from 1795582
 * states to 347153.
 *
 * Ownership: everything is borrowed; the array returned is the caller's
 * (mem_free). */
#ifndef EREP_FOLD_H
#define EREP_FOLD_H

#include <stdbool.h>
#include <stddef.h>

#define FOLD_TRUE ((size_t)-1)  /* target __TRUE */
#define FOLD_FALSE ((size_t)-2) /* target __FALSE */

/* A transition of state src: MATCH text [ASSUME assume] GOTO dst (a state
 * index, FOLD_TRUE or FOLD_FALSE). */
typedef struct {
  size_t src;
  const char *text;
  const char *assume; /* or NULL */
  size_t dst;
} fold_tr;

/* For states 0..n-1 with transitions t[0..m) sorted by src (stable: the
 * order within a state is the order written) and catch-alls to __FALSE
 * where catch_false[s] (may be NULL: all to __TRUE): rep[s], the smallest
 * index of the states equal to s. */
size_t *fold_states(size_t n, const fold_tr *t, size_t m,
                    const bool *catch_false);

/* Whether rep (as fold_states gives it: rep[s] <= s, rep[rep[s]] ==
 * rep[s]) only joins equal states: each state has its representative's
 * transitions, in order, with targets of the same representative, and its
 * catch-all. Then every path reads the same in the folded automaton,
 * whatever computed rep; analysis/collect.c checks every fold so. */
bool fold_check(size_t n, const fold_tr *t, size_t m, const bool *catch_false,
                const size_t *rep);

#endif
