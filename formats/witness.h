/* witness: SV-COMP verification witnesses (format 1.0, GraphML) of erep
 * verify's verdicts, written with libxml2's xmlTextWriter.
 *
 * A violation witness is the counterexample as a path: an entry node, one
 * edge per step (its startline; `control` condition-true/-false on a
 * branch; enterFunction and returnFrom on calls and returns; the inputs
 * as `\result == V;` assumptions with their resultfunction), and a
 * violation node at the end. A correctness witness of a TRUE verdict is
 * the trivial one (its entry node, no invariants): it claims no more than
 * the verdict. Both carry the graph data the format requires: witness-type,
 * sourcecodelang, producer, specification, programfile, programhash
 * (SHA-256 of the bytes analysed), architecture and creationtime. */
#ifndef EREP_WITNESS_H
#define EREP_WITNESS_H

#include <stdio.h>

typedef struct {
  unsigned line;
  int control;            /* -1 none, 0 condition-false, 1 condition-true */
  const char *enter;      /* enterFunction, or NULL */
  const char *ret;        /* returnFrom, or NULL */
  const char *assumption; /* "\result == 42;", or NULL */
  const char *resultfunction;
} wit_step;

typedef struct {
  const char *program;  /* programfile */
  const char *sha256;   /* programhash */
  const char *error;    /* the error function of the specification */
  int bits;             /* 32 or 64 */
  const char *producer; /* "erep 0.x" */
  long long time;       /* creation time, seconds since 1970 (UTC) */
} wit_info;

/* Write a violation witness of steps[0..n) (n may be 0), or with n ==
 * (size_t)-1 a correctness witness, to out; 0, or -1 with *err (mem_free):
 * a text XML cannot carry, or writing failed. */
int wit_write(const wit_info *info, const wit_step *steps, size_t n,
              FILE *out, char **err);

#define WIT_CORRECTNESS ((size_t)-1)

#endif
