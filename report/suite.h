/* suite (prefix ts_, test suite): the traces of a report file as a
 * Test-Comp suite with a C harness in a directory, the pipeline of `erep
 * tests` and of the browser's T key (report/testvec.h fills
 * formats/testcomp.h's vectors from the report model).
 *
 * DIR gets metadata.xml, one <trace-id>.xml per trace, harness.c (one
 * file for all tests; EREP_TEST=<trace-id> selects one at run time),
 * <program>.erep.c (the program with its uninitialised locals set from the
 * harness; same line numbers) when the program is found, run.sh (builds
 * all that with gcov, runs each test and says whether it reached its end
 * line), tests.tsv (what run.sh runs) and trace-lines.txt (the lines each
 * test must execute, for tests/replay.sh).
 *
 * Everything is first written to a hidden directory next to DIR
 * (lib/outdir.h) and renamed into place at the end, so a failure, a bad
 * report or a stop leaves DIR as it was and no staging directory behind.
 * Whether DIR may be written at all (new or empty, or with `force` holding
 * none of the inputs) is the caller's check, made before: for erep, the
 * dispatcher's guard (doc/commands.md), on every path that reaches here.
 *
 * Messages are those of `erep tests` ("erep tests: ..."); nothing is
 * written to the process's standard streams but through `out` and `msg`. */
#ifndef EREP_REPORT_SUITE_H
#define EREP_REPORT_SUITE_H

#include "lib/status.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct {
  const char *report;     /* the report file */
  const char *dir;        /* DIR */
  unsigned components;    /* whose traces: TV_SAFE | TV_FRONTIER (testvec.h) */
  bool unknown;           /* also the traces not proved feasible, marked and
                           * never run */
  bool force;             /* replace a non-empty DIR once the suite is done */
  bool no_hash_check;     /* a changed program is a warning in every file,
                           * not a refusal */
  const atomic_int *stop; /* a signal number once set (lib/sigwatch.h's
                           * flag), or NULL: polled before each file */
  FILE *out;              /* the summary (a command: standard output) */
  FILE *msg;              /* warnings, notes and errors (standard error) */
} ts_options;

/* Write the suite. ST_OK (the summary on o->out: how many tests, written
 * where, how to run them); ST_BAD_INPUT (the report cannot be read or
 * made tests of, the program changed without no_hash_check, DIR cannot be
 * begun) or ST_FAILED (writing failed), the message on o->msg. When *stop
 * was set before the suite was in place: DIR is unchanged, "erep tests:
 * stopped by a signal; DIR is unchanged" on o->msg, ST_FAILED, and
 * *stopped (may be NULL) set to true; the caller ends as the signal
 * would. ts_plan_new, then ts_plan_write. */
erep_status ts_export(const ts_options *o, bool *stopped);

/* The same in two steps, for a caller whose signals end it at once until
 * there is something to clean up (erep tests): ts_plan_new reads the
 * report, makes the test vectors and finds and checks the program (o is
 * borrowed until ts_plan_free); NULL with *st (ST_BAD_INPUT) after saying
 * why. ts_plan_write writes DIR as ts_export does: the first file that
 * polls the stop flag comes after the staging directory is made. */
typedef struct ts_plan ts_plan;
ts_plan *ts_plan_new(const ts_options *o, erep_status *st);
erep_status ts_plan_write(ts_plan *p, bool *stopped);
void ts_plan_free(ts_plan *p);

#endif
