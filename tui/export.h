/* export (prefix bx_, browse export): what the uppercase keys write. Files
 * go into one directory a session, made on first use under $TMPDIR (or
 * /tmp) and left there for the user; its paths are shown in the status
 * line. Files are named by the session's counter, never by trace ids.
 *  - a trace as a test suite: the report cut down to that trace, written
 *    with rj_write as export-<n>.json, and the command's own `erep tests`
 *    on it, through a hook (the tui cannot call commands);
 *  - a trace as DOT (graph.h), as it is folded on the screen:
 *    export-<n>.dot. */
#ifndef EREP_TUI_EXPORT_H
#define EREP_TUI_EXPORT_H

#include "report/report.h"
#include "steps.h"

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
/* Forget the session (the directory and its files stay). */
void bx_free(bx_session *s);

#endif
