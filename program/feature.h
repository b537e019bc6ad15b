/* feature: the functions a program calls, the features of feature
 * omission (erep swarm, erep verify --omit; Alipour and Groce, "Bounded
 * model checking and feature omission diversity"). A feature is a
 * function; to omit it is to verify only the paths that never call it.
 * Names are borrowed from the CFA (they live as long as it). */
#ifndef EREP_FEATURE_H
#define EREP_FEATURE_H

#include "cfa.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *name;
  bool defined;        /* has a body in the program */
  unsigned calls;      /* call sites (edges) */
  unsigned first_line; /* of its first call site in the CFA's edge order */
} ft_function;

/* Does edge e (or a way through large block e) call a function for which
 * pick(name, arg) holds? A call edge's callee, and every call inside the
 * expressions of a call, statement or declaration. */
bool ft_edge_calls(const cfa_edge *e, bool (*pick)(const char *name, void *arg),
                   void *arg);

/* The functions g calls, in the order of their first call site; main and
 * the verifier's own (__VERIFIER_*, reach_error, abort, exit, __assert_fail
 * and the like) are left out. *out is the caller's (mem_free). */
size_t ft_called(const cfa *g, ft_function **out);

/* The function of that name in fs[0..n) or NULL. */
const ft_function *ft_find(const ft_function *fs, size_t n, const char *name);

#endif
