/* smtm_int: what the memory model's two files share (smtm.h is the
 * interface to the other smt modules). smtm_layout.c, the lower: the leaf
 * types of byte regions and the lookups in a layout; smtm.c: the state
 * (instances, cells, arrays, lvalues, accesses, calls, frames). */
#ifndef EREP_SMTM_INT_H
#define EREP_SMTM_INT_H

#include "smtm.h"

/* Two of the leaf types of byte regions (see smtm.h): a raw byte (the 9
 * bits of a data byte and its taint) and a pointer slot. */
extern const ty smtm_ty_raw, smtm_ty_slot;

/* Whether a leaf of type leaf may be accessed as type acc. */
bool smtm_compat(const ty *leaf, const ty *acc);
bool smtm_is_opaque(const smtm_leaf *lf);
/* The union leaf whose bytes (in some element) include offset off. */
const smtm_leaf *smtm_union_at(const smtm_layout *L, uint64_t off);
bool smtm_leaf_at(const smtm_layout *L, uint64_t off, const ty *acc,
                  size_t *leaf, uint64_t *idx);
bool smtm_region_at(const smtm_layout *L, uint64_t off, uint64_t n,
                    size_t *first, uint64_t *idx, unsigned *pos);

#endif
