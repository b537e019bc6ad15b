/* rawmatch: comparing an automaton's MATCH text with a CFA edge's raw
 * statement. Exact equality first (either raw-text form of the edge); then
 * the normalisations that CPAchecker's version differences need:
 * whitespace, casts, redundant parentheses, and for branch conditions the
 * encodings `[!c]` = `[c == 0]` = `[!(!(c == 0))]`. A near miss is a text
 * that fails all of these but resembles the edge closely enough that a
 * catch-all firing there deserves a warning. */
#ifndef EREP_RAWMATCH_H
#define EREP_RAWMATCH_H

#include "cfa.h"

#include <stdbool.h>

typedef enum {
  RM_NONE,
  RM_EXACT,     /* equal to the edge's raw text */
  RM_EXACT_OLD, /* equal to the older pretty-printed form */
  RM_NORMALISED /* equal after normalisation */
} rm_kind;

/* How `text` matches edge e. */
rm_kind rm_match(const char *text, const cfa_edge *e);
/* Whether `text` is close to e's raw text without matching it. */
bool rm_near(const char *text, const cfa_edge *e);
/* The stronger kind of near miss that an edit of one program line leaves:
 * the same variable declared or assigned with another value, or the same
 * condition with the other polarity. Mere textual closeness (`int n = 0;`
 * and `int x = 5;`) is not one: short statements of unrelated programs
 * are that close. */
bool rm_edit(const char *text, const cfa_edge *e);
/* The normal form used by rm_match (caller frees): whitespace removed,
 * casts and parentheses dropped, conditions as "+body" or "-body". */
char *rm_normalise(const char *text);

#endif
