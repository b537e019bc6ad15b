/* value: the explicit-value domain. A state maps the tracked variables (the
 * precision) to concrete values; an untracked or unknown variable is absent
 * and may hold anything, so every state over-approximates the concrete
 * states it stands for. Arithmetic is C's on the variable's bit width.
 * States are immutable and hash-consed by the caller through val_hash and
 * val_equal. */
#ifndef EREP_VALUE_H
#define EREP_VALUE_H

#include "cfa.h"
#include "product.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct {
  unsigned var; /* cfa_var id */
  uint64_t bits;
} val_entry;

typedef struct val_state {
  unsigned n;
  val_entry e[]; /* sorted by var */
} val_state;

/* The set of tracked variables. */
typedef struct {
  unsigned char *bit; /* indexed by var id */
  unsigned nvars;
  unsigned count;
} val_precision;

void val_precision_init(val_precision *p, const cfa *g);
void val_precision_free(val_precision *p);
/* Track v if the domain can (an integer, or a pointer to a function whose
 * known values are function addresses and NULL; address never taken); true
 * if new. */
bool val_precision_add(val_precision *p, const cfa_var *v);
bool val_precision_has(const val_precision *p, unsigned var);

typedef enum {
  VAL_OK,        /* successor computed */
  VAL_INFEASIBLE /* the edge cannot be taken from this state */
} val_result;

const val_state *val_initial(void); /* the empty state (static) */
/* Successor of s over edge e. For CFA_RETURN edges `caller` must be the
 * state before the matching call (locals of the caller come back from it).
 * The result is freshly allocated (mem_free) unless it is `s` itself. */
val_result val_post(const cfa *g, const val_state *s, const val_state *caller,
                    const cfa_edge *e, const val_precision *p,
                    const val_state **out);
/* For an assume edge: whether s decides its condition (a known value). */
bool val_decides(const cfa *g, const val_state *s, const cfa_edge *e,
                 const val_precision *p);
uint64_t val_hash(const val_state *s);
bool val_equal(const val_state *a, const val_state *b);
/* Known value of var in s. */
bool val_get(const val_state *s, unsigned var, uint64_t *bits);

/* The domain for the product core (product.h): its context is a val_dom,
 * whose precision grows by refinement. */
typedef struct {
  const cfa *g;
  val_precision prec;
} val_dom;
extern const pr_domain val_domain;
void val_dom_init(val_dom *d, const cfa *g);
void val_dom_free(val_dom *d);

#endif
