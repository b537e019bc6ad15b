/* smtz: Z3 plumbing for the smt modules (internal; see smt.h for the public
 * API). Knows Z3 and lib/mem, nothing of the CFA.
 *
 * - The context: one Z3 context with reference counting (Z3_mk_context_rc),
 *   the cached bit-vector and Boolean sorts, true and false. smtz owns them
 *   and releases them in smtz_free; the other modules read the public fields
 *   below and never change them.
 * - The term pool: smtz_k takes a reference on a fresh term and keeps it
 *   until smtz_release, which the session calls after every edge and every
 *   check. A term that must live longer (the symbolic state, constraints,
 *   formula handles) takes its own reference with smtz_hold and gives it
 *   back with smtz_drop. smtz_tmp gives scratch memory with the same
 *   lifetime.
 * - The protected-call boundary: smtz_protect(z, fn, arg) runs fn(arg);
 *   anything below it that cannot go on calls smtz_fail, which unwinds
 *   (longjmp) to the innermost smtz_protect. That returns a typed status,
 *   and smtz_failure hands over the message. This is the only place that
 *   calls setjmp; Z3 itself never unwinds (its error handler does nothing,
 *   and smtz_k turns the NULL result of a failed Z3 call into a failure).
 *   Code between smtz_protect and smtz_fail must leave nothing behind that
 *   the unwinding would lose: heap state reachable from the caller, terms in
 *   the pool, scratch memory from smtz_tmp.
 *
 * The order of Z3 calls matters beyond their results: Z3 recycles the ids
 * of freed terms and orders the arguments of simplified terms by id, so a
 * different order of creation or release can give another (equivalent)
 * formula and another model. Keep orders when moving code. Not
 * thread-safe. */
#ifndef EREP_SMTZ_H
#define EREP_SMTZ_H

#include "lib/hmap.h"
#include "lib/mem.h"

#include <stdbool.h>
#include <stdint.h>
#include <z3.h>

#define SMTZ_MAX_W 128u /* widest bit-vector sort */

typedef enum {
  SMTZ_OK,          /* fn returned */
  SMTZ_UNMODELLED,  /* smtz_fail: a construct or size the encoding lacks */
  SMTZ_SOLVER_ERROR /* a Z3 call failed (smtz_k) */
} smtz_status;

typedef struct smtz_jmp smtz_jmp;

#define SMTZ_NUMS 512 /* numerals smtz_num keeps (a power of 2) */

typedef struct {
  Z3_context ctx;
  unsigned users; /* smt contexts that share it (smtz_share) */
  Z3_sort boolean;
  Z3_ast tru, fls;
  /* private to smtz.c */
  Z3_sort bv[SMTZ_MAX_W + 1];
  Z3_sort fp32, fp64; /* IEEE 754 binary32 and binary64 (smtz_fpsort) */
  bool fp; /* solvers made from now take QF_FPBV (the program has floats)
            * rather than QF_BV */
  /* numerals made lately (smtz_num): a Z3 numeral is a rational, made
   * and hash-consed anew on every call, 8 % of the predicate analysis of
   * token_ring.05; slot by value and width, each with a reference */
  struct {
    uint64_t v;
    unsigned w;
    Z3_ast a;
  } num[SMTZ_NUMS];
  /* the next constant smtz_fresh makes: an integer symbol, since every
   * Z3_mk_fresh_const interns a new string ("x!123") in Z3's global
   * symbol table, which never shrinks (under a lock, a hash table that
   * grew by the millions on long predicate analyses) */
  unsigned fresh;
  VEC(Z3_ast) pool;
  mem_arena *tmp;
  smtz_jmp *jmp;      /* innermost smtz_protect */
  smtz_status status; /* of the failure being unwound */
  char *fail;
} smtz;

/* A context whose solvers produce models, with one user. */
smtz *smtz_new(void);
/* One more user of z (smtz_free once for each). Creating a Z3 context
 * costs about 50 ms on the development machine with 4 KB pages and about
 * 10 ms on huge pages (mem_huge_pages), as much as a whole verification
 * of test_locks_10 besides, so the contexts of one run share one. */
smtz *smtz_share(smtz *z);
/* One user fewer; the last frees z. */
void smtz_free(smtz *z);
/* Make n contexts ahead, one after another, each in a thread of its own
 * beside the caller: smtz_new takes the one made (waiting for it if it is
 * not done) and starts the next. Creating a context is mostly filling a
 * fresh 8 MB table, page fault by page fault, so it overlaps loading the
 * program on the second core.
 * smtz_ahead(0) discards a context made and not taken (atexit does too).
 * Main thread only; signals stay blocked in the maker. */
void smtz_ahead(unsigned n);

/* Run fn(arg) under the boundary: SMTZ_OK, or the kind of the failure that
 * ended it (its message: smtz_failure). Nests. */
smtz_status smtz_protect(smtz *z, void (*fn)(void *), void *arg);
/* Unwind to the innermost smtz_protect with SMTZ_UNMODELLED. The first
 * message since the last smtz_failure is kept. */
_Noreturn void smtz_fail(smtz *z, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The message of the last failure (mem_free it), NULL when none. */
char *smtz_failure(smtz *z);

/* Keep a fresh term alive until smtz_release; a NULL term (a failed Z3
 * call) fails with SMTZ_SOLVER_ERROR. */
Z3_ast smtz_k(smtz *z, Z3_ast a);
/* Release the pool and the scratch memory. */
void smtz_release(smtz *z);
/* n bytes of zeroed scratch memory, freed by smtz_release. */
void *smtz_tmp(smtz *z, size_t n);
/* A reference of the caller's own (NULL is passed through / ignored). */
Z3_ast smtz_hold(smtz *z, Z3_ast a);
void smtz_drop(smtz *z, Z3_ast a);

/* Terms; the results are in the pool. */
Z3_sort smtz_bvsort(smtz *z, unsigned w); /* cached; fails beyond SMTZ_MAX_W */
/* The floating-point sort of w bits (32: binary32, 64: binary64), cached;
 * NULL for other widths. */
Z3_sort smtz_fpsort(smtz *z, unsigned w);
/* Why solver v answered unknown, as one line of at most 200 characters
 * (Z3's reasons may list every declaration it gave up on; allocated):
 * smtz_reason_text of Z3's reason (NULL: "unknown reason"). */
char *smtz_reason(smtz *z, Z3_solver v);
char *smtz_reason_text(const char *r);
/* The numeral v (two's complement, sign-extended when sgn) of width w. */
Z3_ast smtz_num(smtz *z, unsigned w, uint64_t v, bool sgn);
Z3_ast smtz_not(smtz *z, Z3_ast a);
Z3_ast smtz_and(smtz *z, Z3_ast a, Z3_ast b); /* a NULL operand is true */
Z3_ast smtz_or(smtz *z, Z3_ast a, Z3_ast b);
Z3_ast smtz_eq(smtz *z, Z3_ast a, Z3_ast b);
Z3_ast smtz_ite(smtz *z, Z3_ast c, Z3_ast a, Z3_ast b);
/* guard => c (guard NULL: c). */
Z3_ast smtz_implies(smtz *z, Z3_ast guard, Z3_ast c);
Z3_ast smtz_extract(smtz *z, unsigned hi, unsigned lo, Z3_ast t);
/* Bit-vector t of width from, as width to (sign- or zero-extended). */
Z3_ast smtz_resize(smtz *z, Z3_ast t, unsigned from, bool sgn, unsigned to);
/* t simplified: a term of numerals folded here, else Z3_simplify. */
Z3_ast smtz_simplify(smtz *z, Z3_ast t);
/* Z3_simplify alone (to check the folding against). */
Z3_ast smtz_simplify_z3(smtz *z, Z3_ast t);
Z3_ast smtz_fresh(smtz *z, const char *prefix, Z3_sort so);
bool smtz_is_true(smtz *z, Z3_ast a);  /* the term true itself */
bool smtz_is_false(smtz *z, Z3_ast a); /* the term false itself */
/* The value of a numeral term (after simplification) if it fits 64 bits. */
bool smtz_const(smtz *z, Z3_ast t, uint64_t *out);

/* A new QF_BV solver (Z3's incremental bit-blasting SAT solver; its SMT
 * core is orders of magnitude slower on long bit-vector paths), with a
 * reference of the caller's (Z3_solver_dec_ref). */
Z3_solver smtz_solver(smtz *z);
/* incremental: Z3's SMT core instead (Z3_mk_simple_solver), for many small
 * checks under assumptions over one formula: the Boolean abstraction of a
 * block, where it answers 3-5 times faster per check (measured on the
 * cmc2011 systemc programs). */
Z3_solver smtz_solver_of(smtz *z, bool incremental);
/* Check v (under the n assumptions, if any) for at most timeout_ms (0: no
 * bound); a check cut short is Z3_L_UNDEF, its reason "canceled". Z3's own
 * bound, the solver's timeout parameter, wakes and joins a timer thread
 * around every check, mostly kernel time on this VM. So one watchdog
 * thread of smtz's, made at the first timed check, interrupts a check that
 * runs past its deadline instead, at no cost to a check that ends in time
 * but two uncontended mutex operations (Z3's parameter is the fallback when
 * the thread cannot be made): bench/pair.sh verify 0.77x. Main thread
 * only: one check at a time. */
Z3_lbool smtz_check(smtz *z, Z3_solver v, unsigned timeout_ms, unsigned n,
                    const Z3_ast *assumptions);
/* The value of t in model m (completed), in the pool; NULL when Z3 gives
 * none. */
Z3_ast smtz_eval(smtz *z, Z3_model m, Z3_ast t);

/* The uninterpreted constants of t (the values of a formula: SSA values,
 * inputs), as ids + 1 (Z3_get_ast_id) into out, each with the value 1.
 * Terms whose ids are in seen are not entered again, and every term
 * entered is added to seen, so one seen over several calls walks a shared
 * DAG once. Terms that say nothing of the values in them are not entered:
 * an equation of a term with itself, and the definition of a literal
 * (l => t, l = t with l a Boolean constant: smtc's literals; values of C
 * are bit-vectors), which holds with l free. */
void smtz_consts(smtz *z, Z3_ast t, hmap *seen, hmap *out);
/* Whether a is an uninterpreted constant (a value of a formula). */
bool smtz_is_const(smtz *z, Z3_ast a);
/* l when a is the definition of a literal of smtc (A, U, R), (=> l t),
 * (= l t) or (iff l t) with l a Boolean constant (C values are
 * bit-vectors), which holds with l free whatever t is; NULL otherwise. */
Z3_ast smtz_literal_defined(smtz *z, Z3_ast a);

#endif
