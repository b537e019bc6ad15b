/* testcomp: test vectors as a Test-Comp suite (test-format 1.1: XML
 * through libxml2's xmlTextWriter), a C harness that feeds the vectors to
 * the program, an instrumented copy of the program whose uninitialised
 * locals take their recorded values, and run.sh, which builds all that
 * with gcov and checks that each test reaches its trace's end line.
 *
 * The vectors (tc_suite) are filled from an execution report by
 * report/testvec.h; this module sees no report, only numbers and names.
 *
 * Inputs come in two kinds. A call input is the result of a function
 * without a body (__VERIFIER_nondet_int, or any undefined function
 * returning a scalar in older benchmarks); the harness defines those
 * functions and returns the test's values in trace order. An uninitialised
 * input (variable x, leaf path "", ".f" or "[]") is the value a local had
 * when the trace first read it; linking cannot feed it, so the
 * instrumented copy initialises the declaration with a harness call, keyed
 * by variable, declaration line and the how-manieth execution of that
 * declaration on the trace. The copy also calls the harness at every block
 * start, so that a run stopped by a timeout writes its coverage data at a
 * point where gcov's counts are consistent.
 *
 * A written input is a value a function without a body stored through its
 * pointer arguments: the harness defines that function with those
 * parameters and, at the trace's n-th call of it, writes the value where
 * the trace says (through the argument and the pointers on the way).
 *
 * A test whose inputs cannot all be fed (a value erep does not decide, a
 * type the harness cannot return, a trace not proved feasible) carries the
 * reason (`unfed`): its XML says so in a comment, the harness refuses to
 * run it, and run.sh reports it as not reached. */
#ifndef EREP_TESTCOMP_H
#define EREP_TESTCOMP_H

#include "lib/mem.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

typedef struct {
  uint64_t k;    /* element number (row-major) */
  uint64_t bits; /* the value, two's complement */
} tc_elem;

/* A value a function without a body wrote through its pointer arguments:
 * the harness's definition of the function writes it at the call-th call,
 * at the address reached from argument arg (see report.h, rep_written). */
typedef struct {
  const char *object; /* "x.f", for comments */
  unsigned call;
  int arg; /* -1: not reachable by the harness */
  size_t nvia;
  const int64_t *via;
  unsigned ndims;
  const uint64_t *count, *stride;
  size_t nparams; /* C types of arguments 0..arg */
  const char *const *params;
} tc_written;

typedef struct {
  unsigned index;       /* in the trace's input list */
  const char *function; /* callee; for uninitialised inputs the report's
                           name ("uninitialised:x.f") */
  unsigned line;        /* call line, or the variable's declaration line */
  const char *type;     /* C type spelling; "int[]" for arrays */
  bool uninit;
  /* the value: scalars as 64 bits (two's complement); arrays as the
   * elements a trace read (others are 0); `text` is the decimal form for
   * the Test-Comp XML (NULL: no value can be given) */
  uint64_t bits;
  const char *text;
  size_t nelems;
  const tc_elem *elems;
  bool array;
  /* call inputs: the variable receiving the value, if the step says */
  const char *variable;
  /* uninitialised inputs that can be set: variable name, leaf path ("",
   * ".f", "[]"), which execution of its declaration on the trace (1, 2,
   * ...); var NULL when the input cannot be set */
  const char *var, *path;
  unsigned long exec;
  /* written by a call (NULL: a result or an uninitialised value) */
  const tc_written *written;
} tc_input;

typedef struct {
  const char *id;        /* "F1", "S3", "U2": also the file name */
  const char *component; /* "safe" or "frontier" */
  const char *end_function;
  unsigned end_line;
  /* the trace is feasible and ends at an error location: the error
   * function it calls ("reach_error", "__VERIFIER_error", "__assert_fail",
   * "assert"), "ERROR" (the label), or NULL */
  const char *error;
  const char *unfed;   /* NULL, or why the inputs cannot be fed */
  /* the trace reaches undefined behaviour at its end (end_function,
   * end_line): what it is ("invalid pointer dereference at line 3714");
   * run.sh expects the run to reach that line, and a build with
   * EREP_SANITIZE=1 (-fsanitize=address,undefined) to report it; NULL:
   * none */
  const char *undefined;
  VEC(unsigned) lines; /* distinct step lines inside functions, in order */
  VEC(unsigned) back;  /* the same from the last step backwards */
  VEC(unsigned) soft;  /* those of lines the trace passes by blank edges
                          only (trace-lines.txt marks them ~) */
  VEC(tc_input) inputs;
  /* the values the trace's steps assign, for the harness's comments:
   * "line 11: x=42, line 12: a=42" (NULL: none recorded) */
  const char *values;
} tc_test;

typedef struct {
  mem_arena *arena;
  const char *report_path;
  const char *program_path, *program_sha256; /* sha256 may be NULL */
  const char *data_model;                    /* "ILP32" or "LP64" */
  /* a report of erep verify (no automaton): its suite's specification is
   * error coverage when a test reaches reach_error; else branch coverage */
  bool verification;
  VEC(tc_test) tests;
  VEC(char *) warnings; /* mem_alloc'ed */
  /* said at the top of every file of the suite when set (a program that
   * changed since the report, exported with --no-hash-check) */
  const char *caution;
} tc_suite;

tc_suite *tc_suite_new(void);
void tc_suite_free(tc_suite *s);
/* A copy in the suite's arena (NULL stays NULL). */
const char *tc_strdup(tc_suite *s, const char *str);
/* Mark t as not feedable unless it already is (the first reason stays). */
void tc_unfed(tc_suite *s, tc_test *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Can the harness return a value of C type `type` from a function? */
bool tc_type_returnable(const char *type);
/* May the harness define function fn (the C runtime does not need it)? */
bool tc_can_define(const char *fn);
/* Is `type` a floating type (float, double, long double)? */
bool tc_type_float(const char *type);

/* The documents. Each returns 0, or -1 with *err set (mem_free). When
 * s->caution is set, each says it first, as a comment in its own syntax
 * (the instrumented copy on its first line, keeping line numbers), and
 * run.sh prints it on stderr when it runs. */
int tc_write_metadata(const tc_suite *s, FILE *out, const char *producer,
                      time_t created, char **err);
int tc_write_testcase(const tc_suite *s, const tc_test *t, FILE *out,
                      char **err);
/* `instrumented`: the file name of the instrumented copy, for the comment
 * at the top (NULL when there is none). */
int tc_write_harness(const tc_suite *s, FILE *out, const char *instrumented,
                     char **err);
/* The program text src (len bytes) with every uninitialised local that a
 * test reads initialised from the harness, a call of __erep_tick at the
 * start of every block and after every label (the harness ends runs
 * stopped by a signal there, where coverage data is consistent), and line
 * markers blanked; all insertions stay on their line, so line numbers are
 * those of src. A test whose declaration is not found becomes unfed. */
int tc_instrument(tc_suite *s, const char *src, size_t len, FILE *out,
                  char **err);

/* For each test that can be fed a line "ID L1 L2 ...": its lines, in
 * trace order (tests/replay.sh checks that a run executes each). */
int tc_write_lines(const tc_suite *s, FILE *out, char **err);
/* tests.tsv, what run.sh reads: per test a line of tab-separated fields
 * id, component, end function, end line, the lines from the end
 * backwards (space-separated), and why it cannot be fed ("-" when it
 * can). */
int tc_write_list(const tc_suite *s, FILE *out, char **err);
/* run.sh: builds `instrumented` (NULL: the program named on run.sh's
 * command line) with harness.c and gcov, runs every test and says whether
 * it reached its end line. */
int tc_write_runner(const tc_suite *s, FILE *out, const char *instrumented,
                    const char *producer, char **err);

#endif
