/* aunion: the union of assumption automata that erep verify wrote for one
 * program (collect.h), what a swarm of runs verified together (erep
 * swarm). A path goes to __TRUE in the union when it does in one of them,
 * and to __FALSE when it does in all of them; the union follows the
 * automata side by side (their product), a state per tuple of their
 * states, and folds equal states (fold.h).
 *
 * Why it claims no more than was shown: each automaton's claims are sound
 * for the program (collect.h); a feature-omitted run's automaton sends the
 * calls it omitted to __FALSE, so what it sends to __TRUE holds for the
 * whole program too. A path is followed by every automaton at once (the
 * same edges), so when one of them calls it verified, so may the union.
 * An automaton with nothing to say on a path (no transition, or __FALSE)
 * drops out of the tuple.
 *
 * The automata must be of collect's form: USEFIRST states whose triggers
 * are MATCH "text" or TRUE, no ASSUME other than {true}, no actions or
 * ASSERTs, every transition a GOTO (the sinks' own transitions aside).
 * Ownership: the automata are borrowed; the union is the caller's. */
#ifndef EREP_AUNION_H
#define EREP_AUNION_H

#include "formats/aa.h"

#include <stddef.h>

typedef struct {
  unsigned long tuples;      /* product states explored */
  unsigned long states;      /* written (after folding) */
  unsigned long transitions; /* MATCH transitions written */
} au_figures;

/* The union of as[0..n), n >= 1, with at most max_states product states
 * (0: no bound); NULL with *err (mem_free) when an automaton is not of
 * collect's form (its file and line) or the product grows past the bound. */
aa_automaton *au_union(const aa_automaton *const *as, size_t n,
                       size_t max_states, au_figures *f, char **err);

#endif
