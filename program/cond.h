/* cond: C conditions written outside the program (the contents of an
 * automaton's ASSUME {...}) turned into the CFA's own expressions by the C
 * front end, in the scope of one function of the program.
 *
 * One libclang parse serves a batch of conditions: the program's text,
 * then one wrapper function per condition whose body declares, with the
 * types of the program's variables, the locals and parameters of the
 * condition's function that the text names (so that they shadow globals
 * as in the function), followed by the text itself. The text is an
 * expression, or CPAchecker's block form `e1; e2;` (a conjunction; a
 * trailing `;` is allowed). Its expressions are converted as the front end
 * converts the program's, and every variable is then mapped to the CFA's
 * own: the function's local (of that name; among several, the one
 * declared last at or before `line`; a shadowing local may also be named
 * by its unique name, `x__2` of the qualified `f::x__2`) or the program's
 * global. Analyses
 * and the solver see an ordinary condition of an assume edge.
 *
 * Refused, with a message saying why: text that does not parse as such a
 * block (or escapes its wrapper's braces), names that are not in scope,
 * CPAchecker's `$1`-style references to a statement's operands, and
 * anything but a side-effect-free condition (calls, assignments,
 * increments, constructs no analysis models).
 *
 * Ownership: the set owns the expressions and the types they carry (one
 * arena); the variables they name are the CFA's, which must outlive it. */
#ifndef EREP_COND_H
#define EREP_COND_H

#include "cfa.h"

#include <stddef.h>

typedef struct {
  const char *text;       /* the condition (borrowed) */
  const cfa_function *fn; /* its scope (a function of g), NULL: globals */
  unsigned line;          /* program line where it holds (shadowed locals) */
  const ex *cond;         /* out: the condition, or NULL with err */
  char *err;              /* out: what is wrong (mem_free), or NULL */
} cond_query;

typedef struct cond_set cond_set;

/* Parse q[0..n) in the scope of g (built from source by cfa_build). Each
 * query gets its condition or its error; NULL with *err set only when the
 * batch could not be parsed at all (libclang failed). */
cond_set *cond_parse(const cfa *g, cond_query *q, size_t n, char **err);
/* C's int as the set's expressions carry it (for conditions made of
 * several: a disjunction, a negation). */
const ty *cond_int_type(const cond_set *s);
/* A new expression `a || b` (type int), owned by s. */
const ex *cond_or(cond_set *s, const ex *a, const ex *b);
void cond_free(cond_set *s);

#endif
