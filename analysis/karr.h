/* karr: affine equalities among a function's integer variables at its loop
 * heads (Karr, "Affine relationships among variables of a program", Acta
 * Informatica 1976), and the low bits of each variable that are known
 * there (v mod 2^t == c: the congruences modulo powers of two that
 * wrap-around keeps), as candidate predicates for the predicate analysis.
 *
 * Each location holds an affine subspace of Q^n (a point and a basis of
 * directions, bottom when unreached); assignments of affine expressions map
 * it, other writes free the variable, branches are ignored, and joins take
 * the affine hull, so that the fixpoint comes within n + 1 changes per
 * location without widening. Tracked: the integer variables of the
 * program (locals and globals) whose address is never taken, at most
 * KARR_MAX_VARS. Calls are followed context-insensitively: a call assigns
 * the arguments to the callee's parameters (frees them in a recursive
 * call), its return assigns the callee's result to the call's variable,
 * and the callee's entry joins what every call passes (a function that no
 * call reaches starts from every value). The arithmetic is exact over the
 * integers; an equality found holds modulo 2^w for every execution whose
 * operations are the affine ones (+, -, * by a constant) on variables of
 * one width w, wrapping or not. Casts and other operations are taken as
 * written or free the variable, so that what comes out is a candidate:
 * the predicate analysis, whose abstraction is exact for any predicate,
 * decides what holds.
 *
 * The known low bits are a second, non-relational part of the same
 * fixpoint: constants know all bits, + - * & | ^ ~ and shifts by a
 * constant keep what they can (a product keeps ca cb modulo 2^t, t the
 * fewest low zero bits of its cross terms: 2^20 * an input has 20), casts
 * truncate, inputs and anything else know none; a join keeps the low bits
 * on which both sides agree, so that a location's t only decreases. At a
 * loop head a variable with some but not all bits known gives
 * `(v & (2^t - 1)) == c` (sv-extra's jain_7-2: x, y and z multiples of
 * 2^20, 2^21 and 2^22).
 *
 * Ownership: karr_equalities returns expressions in `arena` (the caller's)
 * and a vector the caller frees. */
#ifndef EREP_KARR_H
#define EREP_KARR_H

#include "lib/mem.h"
#include "program/cfa.h"

#include <stddef.h>

#define KARR_MAX_VARS 32

/* An equality found: `expr` (an int-valued ==) holds at location `at`. */
typedef struct {
  const cfa_node *at;
  const ex *expr;
} karr_eq;

/* The affine equalities over two or more variables, then the known low
 * bits of single variables, that hold at the loop heads of g's functions
 * (nodes of g entered from a node later in a depth-first walk); also the
 * known low bits of a called function's parameters at its entry and of
 * its result at its exit (a call in a loop keeps a loop head's bits only
 * through them: sv-extra's functions_1-1). g may be summarised by large
 * blocks (lbe.h). At most `max` of them, as *n entries of the result
 * (NULL when none). */
karr_eq *karr_equalities(const cfa *g, mem_arena *arena, size_t max,
                         size_t *n);

#endif
