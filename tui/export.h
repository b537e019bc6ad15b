/* export (prefix bx_, browse export): what the uppercase keys write. Files
 * go into one directory a session, made on first use under $TMPDIR (or
 * /tmp) and left there for the user; its paths are shown in the status
 * line. Files are named by the session's counter, never by trace ids.
 *  - a trace as a test suite: the report cut down to that trace, written
 *    with rj_write as export-<n>.json, and the suite of `erep tests` made
 *    of it (report/suite.h) in export-<n>-tests, its messages in
 *    export-<n>-tests.log, after the check the dispatcher makes for
 *    `erep tests` (a hook: the tui cannot call the command layer);
 *  - a trace as DOT (graph.h), as it is folded on the screen:
 *    export-<n>.dot. */
#ifndef EREP_TUI_EXPORT_H
#define EREP_TUI_EXPORT_H

#include "report/report.h"
#include "steps.h"

#include <stdio.h>

typedef struct {
  char *dir;     /* NULL until the first export */
  unsigned next; /* files are named by this counter, never by trace ids */
} bx_session;

/* Write a report with r's header (program, automaton, analysis, limits,
 * components' status, statistics, warnings) and one trace, a copy of t,
 * without coverage (it describes the whole report), as
 * <dir>/export-<n>.json; its path (mem_free) or NULL with *err. */
char *bx_write_subset(bx_session *s, const rep_report *r, const rep_trace *t,
                      char **err);
/* Write t as DOT, folded as view (may be NULL), to <dir>/export-<n>.dot;
 * its path (mem_free) or NULL with *err. */
char *bx_write_dot(bx_session *s, const rep_trace *t, const sp_tree *view,
                   char **err);
/* The check made before the suite is written, as the dispatcher makes it
 * before every command (for erep: guard.h, an output is never an input):
 * may `dir` be written as `erep tests REPORT -o DIR --force` would write
 * it? 0, or -1 after saying why on `msg`. */
typedef int (*bx_guard_fn)(const char *report, const char *dir, FILE *msg);
/* The suite of report file `json` (a subset bx_write_subset wrote) in
 * `dir`: both components, replacing dir, with no_hash_check off;
 * `guard` first. Messages go to <dir>.log, never to the screen. 0 with
 * the log's first line (the summary) and its path in *msg, or -1 with the
 * reason in *msg (mem_free either way). */
int bx_write_tests(const char *json, const char *dir, bx_guard_fn guard,
                   char **msg);
/* Forget the session (the directory and its files stay). */
void bx_free(bx_session *s);

#endif
