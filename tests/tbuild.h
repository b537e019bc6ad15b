/* tbuild: the CFA of a C source text, built in memory (cfa_build_source,
 * no files) for the unit tests; a program that does not build fails the
 * test with clang's message. Each call names its program p<N>.c. */
#ifndef EREP_TBUILD_H
#define EREP_TBUILD_H

#include "program/cfa.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

static inline cfa *tb_build(const char *src) {
  static int n;
  char path[32];
  snprintf(path, sizeof path, "p%d.c", n++);
  char *err = 0;
  cfa *g = cfa_build_source(path, src, strlen(src), CFA_ILP32, &err);
  ck_assert_msg(g != 0, "%s", err ? err : "");
  return g;
}

#endif
