/* product: the CPA algorithm, written once. It explores the product of the
 * CFA (location and call stack), the assumption automaton (aastep) and an
 * abstract domain given as a table of operations (CPAchecker's CPA split:
 * initial state, transfer per edge, decided branches, stop by equality or
 * cover, refinement). Four domains plug in here: explicit values
 * (value.h), predicates (pred.h), the exact domain that abstracts nothing
 * (exact.h) and the trivial one behind `erep match` (aamap.c). The clients
 * (cegar.h's rounds, aamap) see the search through hooks and get back the
 * abstract reachability graph (ARG), whose nodes keep their parent and the
 * * edge they came by.
 *
 * The domains are rows of the analysis table (analyses.h), which says how
 * a run makes, measures and frees each. The core has no merge operator:
 * the ARG is a tree and states meet only by equality or cover. A domain
 * with a join or widening (intervals, say) plugs in through `covers`: its
 * post may return a widened state, which covers the states it stands for,
 * so that the search at a loop head stops once the widening is stable; a
 * merge that rewrites reached states (CPAchecker's merge-join) would need
 * the core to replace a node's state and re-expand its subtree, which it
 * does not do today.
 *
 * Domain states are hash-consed by the core: the domain's hash/equal decide
 * equality once, every state gets a sequential id in order of first
 * appearance, and the reached set hashes ids, never addresses, so the
 * search order (and with it every figure of a report) is the same on every
 * run. Interned states live as long as the pr_states table that holds them,
 * which may outlive several ARGs (one ARG per CEGAR round).
 *
 * An automaton view with ASSUME conditions (as_view_set_psi, psi.h): a
 * step whose transition has a condition psi goes on through a mid node
 * (pr_node.mid: the state after the edge) and the synthetic assume edge of
 * psi, whose post and solver pruning are the domain's and the client's as
 * for any branch; where no taken transition's psi holds, the step is the
 * candidate of the frontier at that edge (on_sink, not true) through the
 * edge of the negated disjunction. Paths (pr_path) hold those edges like
 * any other; report/run.c leaves them out of the traces' steps.
 *
 * Without an automaton (a NULL view: `erep verify`), the automaton part of
 * every node is state 0, no sink is ever entered and the property is the
 * CFA's own: a node at an error location (cfa_node.is_error) is a target,
 * handed to the on_target hook when it is taken from the wait list.
 *
 * Ownership: a pr_arg owns its nodes and call stacks (one arena); the
 * pr_states table owns the domain states (released through the domain);
 * the CFA and the automaton view are borrowed. */
#ifndef EREP_PRODUCT_H
#define EREP_PRODUCT_H

#include "program/aastep.h"
#include "program/cfa.h"
#include "lib/hmap.h"
#include "lib/mem.h"
#include "lib/stop.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The domain's operations. `d` is the domain's own context. */
typedef struct pr_domain {
  const char *name;
  /* The initial state (interned by the core; may be static). */
  const void *(*initial)(void *d);
  /* Successor of s over e into *out: a new state (which the core interns
   * or releases) or s itself. `caller` is the state before the matching
   * call for CFA_RETURN edges, else NULL. False: e cannot be taken. */
  bool (*post)(void *d, const void *s, const void *caller, const cfa_edge *e,
               const void **out);
  /* Whether s decides the condition of assume edge e; a client may ask
   * the solver about branches the domain leaves open. NULL: never. */
  bool (*decides)(void *d, const void *s, const cfa_edge *e);
  uint64_t (*hash)(void *d, const void *s);
  bool (*equal)(void *d, const void *a, const void *b);
  /* Whether a reached state a covers a new state b (b's concrete states
   * are a's). NULL: only equal states cover. */
  bool (*covers)(void *d, const void *a, const void *b);
  /* Free a state the core does not keep (never the initial one). */
  void (*release)(void *d, const void *s);
  /* Refinement from an infeasible path (its edges, and the indices of the
   * edges in an unsatisfiable core, ncore 0: none known): true when the
   * precision grew, so that a new search can rule the path out. NULL: the
   * domain cannot refine. */
  bool (*refine)(void *d, const cfa_edge *const *path, size_t n,
                 const size_t *core, size_t ncore);
  /* What s knows, as a C condition over the variables in scope in
   * function fn (the globals when NULL) that every concrete state s
   * stands for satisfies (mem_alloc'ed), or NULL when it knows nothing
   * there: the ASSUME of an assumption automaton (collect.h). NULL: the
   * domain says nothing. */
  char *(*condition)(void *d, const void *s, const cfa_function *fn);
  /* Refinement from a path (its edges) that is feasible up to its step
   * `at`, whose operation is undefined behaviour in every execution that
   * gets there: true when the precision grew, so that a new search can
   * end such paths at that step (a domain that does so must be exact
   * about it: no defined execution is cut). NULL: the domain cannot. */
  bool (*refine_undefined)(void *d, const cfa_edge *const *path, size_t n,
                           size_t at);
} pr_domain;

/* Interned domain states (hash-consed, with sequential ids). */
typedef struct pr_states pr_states;
pr_states *pr_states_new(const pr_domain *dom, void *d);
void pr_states_free(pr_states *t);

typedef struct pr_stack {
  const cfa_edge *call;
  const struct pr_stack *up;
  const void *caller; /* domain state before the call */
  unsigned depth;
  uint64_t hash;
} pr_stack;

typedef struct pr_node {
  const cfa_node *loc;
  const pr_stack *stack;
  unsigned q;    /* automaton state */
  const void *d; /* domain state (interned) */
  uint64_t did;  /* its id (pr_intern): hashed, never the address */
  struct pr_node *parent;
  const cfa_edge *edge; /* from parent */
  unsigned aa_from;     /* automaton state before the edge (before epsilons) */
  unsigned depth;
  unsigned long id;          /* order of creation */
  struct pr_node *next_same; /* hash chain of reached states */
  struct pr_node *next_loc;  /* chain at (location, stack, automaton
                                state), for domains with a cover */
  uint64_t hash;             /* of its state, in the reached set */
  /* sound_cover: the solver pruned a branch in this node's subtree; the
   * nodes it covered (kept aside in `pending`) were explored after all */
  bool pruned_below;
  struct pr_node *pending, *next_pending;
  /* pr_options.lazy: the tree (children, newest first), whether the node
   * was cut away by a refinement, and the nodes whose successors it
   * covered (to be expanded again when it is cut away) */
  struct pr_node *child, *sibling;
  struct pr_cov *covering;
  bool removed;
  /* the node after an edge whose automaton step has an ASSUME (psi.h):
   * its only child comes by the synthetic ASSUME edge (or it is the
   * candidate of a sink with that edge); never expanded, not in the
   * reached set, no id */
  bool mid;
  /* every successor of the node was made, covered or cut (a node still
   * on the wait list, or put back there by a lazy cut, has not been) */
  bool expanded;
  /* pr_options' conditions: the program's edges on the path to the node
   * (a block counts the most of any way through it) and assume edges
   * among them */
  unsigned length, assumes;
} pr_node;

/* pr_options.collect: a successor that is not a node of its own. `to` is
 * the node that covers it, or NULL when the successor was verified (see
 * below) or cut: a call
 * deeper than max_depth, a condition (pr_options.max_path_length ...), or
 * a branch the solver pruned without a sound cover. q: its automaton
 * state. */
typedef struct {
  pr_node *from;
  const cfa_edge *e;
  pr_node *to;
  unsigned q;
  /* not cut but verified: the successor entered the __TRUE of a condition
   * automaton (the run that wrote it verified what follows) */
  bool verified;
} pr_link;

/* PR_RESTART: a refinement wants a new search from the root. PR_REFINED:
 * the domain's precision grew for the path just handed over; with
 * pr_options.lazy the search goes on, cut back to that path's first state
 * that the new precision changes (as PR_RESTART otherwise). */
typedef enum { PR_GO, PR_RESTART, PR_REFINED } pr_verdict;

/* What the clients of the search see. Every hook may be NULL. */
typedef struct {
  void *arg;
  /* Every automaton step taken on e from n, before it is followed
   * (statistics, near-miss warnings). */
  void (*on_step)(void *arg, const pr_node *n, const cfa_edge *e,
                  const as_step *s);
  /* The step s enters a sink: by the edge e from n, or (e NULL) before
   * it. PR_RESTART ends the search (a refinement wants a new round);
   * PR_REFINED cuts it back (pr_options.lazy). */
  pr_verdict (*on_sink)(void *arg, const pr_node *n, const cfa_edge *e,
                        const as_step *s, bool is_true);
  /* An assume edge (or a large block) whose condition the domain does not
   * decide: true cuts the branch (a solver proved it infeasible). */
  bool (*prune)(void *arg, const pr_node *n, const cfa_edge *e);
  /* Called before each expansion with the number of ARG nodes so far: a
   * reason to stop (a limit), or STOP_NONE. */
  stop_reason (*stop)(void *arg, unsigned long nodes);
  /* A node at an error location was taken from the wait list (it is never
   * expanded). PR_RESTART and PR_REFINED as for on_sink. NULL: error
   * locations only end their paths (erep report). */
  pr_verdict (*on_target)(void *arg, const pr_node *n);
} pr_hooks;

typedef struct {
  bool dfs;           /* wait-list order; breadth-first by default */
  unsigned max_depth; /* call stack depth; deeper calls are cut */
  /* Coverage that stays sound when the prune hook cuts branches: a node
   * covers another only while no branch was pruned below it. Pruning is a
   * fact about one path (the solver's), not about the abstract state, so a
   * covering node whose subtree lost a branch does not speak for the paths
   * it covered; those are kept aside and explored once a pruning below the
   * covering node shows up. The cost: the search is a tree wherever the
   * solver decides, which the automaton's depth or the limits must bound
   * (symbolic execution's cost, paid only below pruned branches). */
  bool sound_cover;
  /* Large blocks in product with the automaton (pblock.h): with an
   * automaton, a CFA_BLOCK edge is followed as the restricted blocks of
   * pb_exits, each one successor (or sink), the domain's post taken over
   * the restricted block; on_step sees the steps on the original edges of
   * each restricted block the domain can take. NULL: blocks are stepped
   * like any edge (no automaton matches them). */
  struct pb_cache *blocks;
  /* Stop the search (stopped_by STOP_CYCLE) at the first node whose location,
   * call stack and automaton state are those of one of its ancestors: for
   * a domain without abstraction (exact.h), whose tree is finite only
   * without such repetitions. With `unroll` too, the search goes on
   * instead (loops are unrolled, the tree may be infinite: the client's
   * limits end it) and only counts such nodes in pr_arg.repeated. */
  bool acyclic, unroll;
  /* With unroll: stop (stopped_by STOP_CYCLE) when a path holds a product
   * location more than this many times (a loop that stays feasible);
   * 0: no bound. */
  unsigned max_unroll;
  /* Lazy abstraction (Henzinger et al., POPL 2002; CPAchecker's ARG
   * refinement): after PR_REFINED for the path to a node n, the core
   * recomputes the posts along that path at the new precision; the first
   * node whose state changes (or whose edge became infeasible) is the
   * pivot. The pivot's subtree is cut away, the nodes whose successors a
   * cut node covered are expanded again, and so is the pivot's parent;
   * the rest of the ARG stays. When no state on the path changes, the
   * search ends as after PR_RESTART (a new round from the root). Not with
   * sound_cover or acyclic. A refined ARG is sound for the same reason as
   * a new one: every node not cut away is expanded or covered by a node
   * not cut away, and every node's state over-approximates its parent's
   * post (posts at a coarser precision are coarser). */
  bool lazy;
  /* Conditions of conditional model checking (Beyer, Henzinger, Keremoglu,
   * Wendler, FSE 2012, section III-A): a successor whose path would have
   * more program edges than max_path_length, more assume edges than
   * max_assume_edges, or stand at one location more than max_repeat times
   * is not added: its branch is cut (a pr_link with `to` NULL when
   * collecting, counted in pr_arg.cut). 0: no bound. With large blocks a
   * block counts the most edges (assume edges) of any way through it, and
   * locations are counted where nodes stand (the blocks' ends). */
  unsigned max_path_length, max_assume_edges, max_repeat;
  /* Feature omission (erep swarm; Alipour and Groce, "Bounded model
   * checking and feature omission diversity"): a successor over an edge
   * that calls one of these functions (a call edge into it, or a statement
   * or declaration calling it, with or without a body) is cut as by a
   * condition, so the search verifies only the paths that never call
   * them. With large blocks a block holding such a call is cut whole (its
   * other ways too: less is verified, never more). */
  const char *const *omit;
  size_t nomit;
  /* Keep the links (pr_link) an assumption collector needs besides the
   * tree: covered and cut successors. */
  bool collect;
} pr_options;

typedef struct pr_arg {
  const cfa *g;
  const as_view *v;
  pr_states *states;
  mem_arena *arena;
  hmap reached; /* equal states */
  hmap byloc;   /* same location, stack and automaton state (covers) */
  VEC(pr_node *) wait;
  pr_node *root;
  /* figures of this search */
  unsigned long nodes, covered, pruned;
  unsigned long uncovered; /* sound_cover: covered nodes explored after all */
  unsigned long targets;   /* nodes at error locations handed to on_target */
  unsigned long repeated;  /* acyclic with unroll: repeated locations */
  unsigned long removed;   /* lazy: nodes cut away by refinements */
  unsigned long refined;   /* lazy: refinements that cut the ARG back */
  unsigned long cut;       /* successors cut by pr_options' conditions */
  unsigned long omitted;   /* ... of them by pr_options.omit */
  unsigned char *omit_of;  /* pr_options.omit by edge id of g: 0 not yet
                              asked, 1 no, 2 yes (each edge's expressions
                              walked once) */
  VEC(pr_link) links;      /* pr_options.collect */
  bool stack_cut;          /* a call deeper than max_depth was cut */
  bool restarted;          /* a hook asked for a new round */
  bool finished;           /* the wait list ran empty */
  stop_reason stopped_by;  /* the stop hook's reason, or STOP_CYCLE */
} pr_arg;

/* Explore from the program's start; the ARG is the caller's (pr_arg_free).
 * With `dfs` or pruning, the wait list is a stack. v may be NULL (no
 * automaton, see above). */
pr_arg *pr_explore(const cfa *g, const as_view *v, pr_states *states,
                   const pr_options *o, const pr_hooks *h);
void pr_arg_free(pr_arg *a);

/* pr_options.lazy: the first node of the path to n whose state the
 * domain's posts at its current precision change (or whose edge became
 * infeasible), or NULL when every state on the path is current. A node
 * made before a refinement elsewhere may be stale: a path through it can
 * be infeasible with no new predicate to find, and is cut there instead.
 * The pivot found is kept for the cut that follows when the client
 * answers PR_REFINED for n without changing the precision; a client that
 * changes the precision after a non-NULL pivot must not answer so. */
pr_node *pr_pivot(pr_states *t, const pr_node *n);

/* What n's domain state knows in scope in function fn (the globals when
 * NULL; pr_domain.condition; the caller's, mem_free), or NULL. */
char *pr_condition(const pr_arg *a, const pr_node *n, const cfa_function *fn);

/* The ARG nodes from the root's child to n (the root has no edge), in
 * order; the caller frees the array (mem_free). */
size_t pr_path(const pr_node *n, const pr_node ***out);

#endif
