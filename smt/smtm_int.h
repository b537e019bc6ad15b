/* smtm_int: what the memory model's files share of smtm_layout.c (smtm.h
 * is the interface to the other smt modules). smtm_layout.c, the lowest:
 * the leaf types of byte regions and the lookups in a layout; above it
 * smtm_array.c (pointer terms, fresh values, arrays, outer memory) and
 * smtm.c (instances, cells, lvalues, accesses, calls, frames). Included
 * after smtm.h; it does not include it (smtm.c would include its own
 * header through it), so smtm.h's layouts appear here by their tags. */
#ifndef EREP_SMTM_INT_H
#define EREP_SMTM_INT_H

#include "program/ctype.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct smtm_leaf;
struct smtm_layout;

/* The access types of the copies of byte regions: a raw byte (data and
 * taint, 9 bits) and a raw pointer slot. */
extern const ty smtm_ty_raw, smtm_ty_slot;

/* Whether a leaf of type leaf may be accessed as type acc. */
bool smtm_compat(const ty *leaf, const ty *acc);
bool smtm_is_opaque(const struct smtm_leaf *lf);
/* The union leaf whose bytes (in some element) include offset off. */
const struct smtm_leaf *smtm_union_at(const struct smtm_layout *L,
                                      uint64_t off);
bool smtm_leaf_at(const struct smtm_layout *L, uint64_t off, const ty *acc,
                  size_t *leaf, uint64_t *idx);
bool smtm_region_at(const struct smtm_layout *L, uint64_t off, uint64_t n,
                    size_t *first, uint64_t *idx, unsigned *pos);

#endif
