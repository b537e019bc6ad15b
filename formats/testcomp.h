/* testcomp: a report's feasible traces as a test suite. Reads the report
 * JSON (jansson) and writes the Test-Comp XML (libxml2's xmlTextWriter),
 * a C harness that feeds the recorded inputs to the program, and an
 * instrumented copy of the program whose uninitialised locals take their
 * recorded values.
 *
 * Inputs of a trace come in two kinds. A call input is the result of a
 * function without a body (__VERIFIER_nondet_int, or any undefined
 * function returning a scalar in older benchmarks); the harness defines
 * those functions and returns the test's values in trace order. An
 * uninitialised input ("uninitialised:x", "uninitialised:s.f",
 * "uninitialised:a[]") is the value a local had when the trace first read
 * it; linking cannot feed it, so the instrumented copy initialises the
 * declaration with a harness call, keyed by variable, declaration line and
 * the how-manieth execution of that declaration on the trace. The copy also
 * calls the harness at every block start, so that a run stopped by a
 * timeout writes its coverage data at a point where gcov's counts are
 * consistent. */
#ifndef EREP_TESTCOMP_H
#define EREP_TESTCOMP_H

#include "lib/mem.h"

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

/* Reports larger than this are refused (a report is text; this is far
 * beyond any real one and keeps a wrong file from eating memory). */
#define TC_MAX_REPORT_BYTES ((size_t)512 << 20)

typedef struct {
  unsigned line;
  const char *function; /* NULL: the global declaration chain */
  const char *kind, *text;
} tc_step;

typedef struct {
  unsigned index;
  const char *function; /* callee, or "uninitialised:<var><path>" */
  unsigned line;        /* call line, or the variable's declaration line */
  const char *type;     /* C type spelling; "int[]" for arrays */
  const char *value;    /* as in the report */
  unsigned step;        /* index into the trace's steps */
  bool uninit;
  /* call inputs: the variable receiving the value, if the step says */
  const char *variable;
  /* uninitialised inputs: variable name, leaf path ("", ".f", "[]"),
   * and which execution of its declaration on the trace (1, 2, ...; 0 when
   * no declaration step was found) */
  const char *var, *path;
  unsigned long exec;
} tc_input;

typedef struct {
  const char *id;        /* "F1", "S3": also the file name */
  const char *component; /* "safe" or "frontier" */
  VEC(tc_step) steps;
  VEC(tc_input) inputs;
} tc_test;

typedef struct {
  mem_arena *arena;
  const char *report_path;
  const char *program_path, *program_sha256; /* sha256 may be NULL */
  const char *data_model;                    /* "ILP32" or "LP64" */
  VEC(tc_test) tests;                        /* feasible traces, in order */
  size_t unknown;                            /* traces left out */
  VEC(char *) warnings;                      /* mem_alloc'ed */
} tc_suite;

/* Read and check a report. NULL with *err ("FILE: what is wrong",
 * mem_free) when it cannot be read or breaks the contract. */
tc_suite *tc_suite_read(const char *path, char **err);
void tc_suite_free(tc_suite *s);

/* The documents. Each returns 0, or -1 with *err set (mem_free). */
int tc_write_metadata(const tc_suite *s, FILE *out, const char *producer,
                      time_t created, char **err);
int tc_write_testcase(const tc_test *t, FILE *out, char **err);
/* `instrumented`: the file name of the instrumented copy, for the comment
 * at the top (NULL when there is none). */
int tc_write_harness(const tc_suite *s, FILE *out, const char *instrumented,
                     char **err);
/* The program text src (len bytes) with every uninitialised local that a
 * test reads initialised from the harness, a call of __erep_tick at the
 * start of every block and after every label (the harness ends runs
 * stopped by a signal there, where coverage data is consistent), and line
 * markers blanked; all insertions stay on their line, so line numbers are
 * those of src. Declarations it cannot find are added to s->warnings. */
int tc_instrument(tc_suite *s, const char *src, size_t len, FILE *out,
                  char **err);

/* For each test a line "ID L1 L2 ...": the distinct lines of its steps
 * inside functions (not the global declarations), in trace order. */
int tc_write_lines(const tc_suite *s, FILE *out, char **err);

/* Does the suite need the instrumented copy (any uninitialised input)? */
bool tc_has_uninit(const tc_suite *s);

#endif
