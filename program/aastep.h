/* aastep: how an assumption automaton steps along CFA edges — the product
 * semantics shared by `erep match`, `erep report` and every analysis.
 *
 * The automaton steps once per CFA edge. In a USEFIRST state the first
 * transition (file order) whose trigger matches is taken; USEALL takes all.
 * No match: the automaton stays. __TRUE and __FALSE absorb.
 *
 * Our CFA and CPAchecker's can differ in small ways, so two relaxations
 * keep the sink a trace reaches the same: a `MATCH ""` transition may be
 * taken without consuming an edge (epsilon), and a blank edge of ours with
 * text "" that nothing but the catch-all matches stutters (the automaton
 * stays) instead of falling into the catch-all. A catch-all that fires while
 * a MATCH of the same state nearly matched the edge is flagged. */
#ifndef EREP_AASTEP_H
#define EREP_AASTEP_H

#include "cfa.h"
#include "formats/aa.h"
#include "rawmatch.h"

#include <stdbool.h>

typedef enum {
  AS_MATCH,    /* a MATCH transition matched (see .how) */
  AS_CATCHALL, /* a TRUE transition fired */
  AS_OTHER,    /* another trigger (CHECK, LABEL, ...) evaluated true */
  AS_STAY,     /* no transition matched: the automaton stays */
  AS_STUTTER   /* our "" edge, only the catch-all matched: stays */
} as_rule;

#define AS_MAX_EPS 8

typedef struct {
  unsigned target; /* automaton state after the edge */
  int transition;  /* index taken on the edge, -1 for stay/stutter */
  as_rule rule;
  rm_kind how;      /* for AS_MATCH */
  bool stop;        /* transition ends the path (STOP/BREAK/ERROR) */
  int near;         /* catch-all: a MATCH transition that nearly
                       matched (index), else -1 */
  bool before_edge; /* the target (a sink) was reached by epsilon
                       moves before the edge: the edge is not taken */
  unsigned neps;    /* epsilon transitions taken before the edge */
  int eps[AS_MAX_EPS];
  unsigned eps_from; /* state before the epsilon moves */
} as_step;

/* The automaton prepared for stepping (per-state transition lists with
 * their kinds precomputed). Borrows A. */
typedef struct as_view as_view;
as_view *as_view_new(const aa_automaton *A);
/* The automaton as a condition of `erep verify --condition` (conditional
 * model checking): its __TRUE is the only sink (what the earlier run
 * verified: paths end there), and __FALSE is an ordinary state that
 * absorbs (what it left open: paths go on, unrestricted). With its
 * ASSUMEs attached (as_view_set_psi), a path follows a transition only
 * where its condition holds and goes on in __FALSE where none holds. */
as_view *as_view_condition(const aa_automaton *A);
void as_view_free(as_view *v);
const aa_automaton *as_view_aa(const as_view *v);
unsigned as_initial(const as_view *v);
bool as_is_sink(const as_view *v, unsigned q, bool *is_true);
const char *as_state_name(const as_view *v, unsigned q);
/* MATCH text of transition t, or NULL if its trigger is not MATCH "...". */
const char *as_match_text(const as_view *v, int t);
unsigned as_transition_line(const as_view *v, int t);
/* All transitions of q: first index and count (file order). */
void as_transitions(const as_view *v, unsigned q, unsigned *first, unsigned *n);

/* Triggers other than MATCH "..."/TRUE/FALSE/!/&&/||/regex/label that were
 * evaluated (as false): CHECK, MATCH {pattern}, LOCAL comparisons... */
unsigned long as_unsupported_triggers(const as_view *v);

/* Successors of state q over edge e (USEALL states may give several).
 * Returns their number (at most max); 0 when every successor is cut
 * (STOP). */
unsigned as_step_edge(const as_view *v, unsigned q, const cfa_edge *e,
                      as_step *out, unsigned max);

/* Whether transition t's trigger holds on e (whatever the state). */
bool as_trigger_holds(const as_view *v, int t, const cfa_edge *e);

/* The ASSUME conditions of the automaton's transitions as the product
 * honours them (program/psi.h), or NULL: ASSUMEs are ignored (erep match).
 * Borrowed: p must outlive v's use. */
struct psi_set;
void as_view_set_psi(as_view *v, const struct psi_set *p);
const struct psi_set *as_view_psi(const as_view *v);

/* The warning for a catch-all step s (rule AS_CATCHALL, near >= 0) on e,
 * one wording for every command (mem_free). */
char *as_near_miss_message(const as_view *v, const as_step *s,
                           const cfa_edge *e);

#endif
