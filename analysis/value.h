/* value: the explicit-value domain. A state maps the tracked variables (the
 * precision) to concrete values; an untracked or unknown variable is absent
 * and may hold anything, so every state over-approximates the concrete
 * states it stands for. Arithmetic is C's on the variable's bit width.
 * States are immutable and hash-consed by the caller through val_hash and
 * val_equal.
 *
 * Records (a struct or union of at most VAL_MAX_RECORD bytes whose address,
 * or the address of anything in it, is never taken) are tracked byte by
 * byte, gcc's little-endian layout under the CFA's data model: a byte holds
 * the bits known of it (a bit-field write knows only its bits), or a part
 * of a function's address. A member or element at a constant position
 * written and read back gives the value; another member of integer type
 * reinterprets the known bytes; a read is unknown when any bit it reads is
 * unknown or part of an address (a function pointer reads only the whole
 * address written through a function pointer, or zero bytes as NULL), and
 * a write at a position not known forgets the whole record. A bit-field is
 * its bit range, sign- or zero-extended per its declared type on read.
 * Initialisers (designated ones too) write what C says: the members not
 * named are zero, an automatic object's padding is unknown. */
#ifndef EREP_VALUE_H
#define EREP_VALUE_H

#include "program/cfa.h"
#include "product.h"

#include <stdbool.h>
#include <stdint.h>

#define VAL_MAX_RECORD 256 /* bytes of a record tracked byte by byte */

typedef struct {
  unsigned var; /* cfa_var id */
  unsigned sub; /* 0 for a scalar; a record's byte offset */
  uint64_t bits; /* a scalar's value; a record byte: see value.c (cells) */
} val_entry;

typedef struct val_state {
  unsigned n;
  val_entry e[]; /* sorted by var, then sub */
} val_state;

/* The set of tracked variables. */
typedef struct {
  unsigned char *bit;    /* indexed by var id */
  unsigned char *record; /* by var id: a record the domain can track */
  unsigned nvars;
  unsigned count;
  unsigned pointers; /* data pointers among them (val_precision_add_pointer) */
} val_precision;

/* Also finds the records that can be tracked (no address taken of them
 * or of any part, no part used as an array value, in any edge of g). */
void val_precision_init(val_precision *p, const cfa *g);
void val_precision_free(val_precision *p);
/* Track v if the domain can (an integer, or a pointer to a function whose
 * known values are function addresses and NULL; address never taken; or a
 * record, see above); true if new. */
bool val_precision_add(val_precision *p, const cfa_var *v);
/* Track v, a pointer to data whose address is never taken, if not yet:
 * its known values are those that point into no object (value.c), so
 * that an access through it is known to be undefined and ends the path;
 * true if new. The refinement from undefined behaviour adds them. */
bool val_precision_add_pointer(val_precision *p, const cfa_var *v);
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
/* Known value of the scalar var in s. */
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
