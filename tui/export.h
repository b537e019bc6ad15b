/* export: what the uppercase keys write. Files go into one directory a
 * session, made on first use under $TMPDIR (or /tmp) and left there for
 * the user; its paths are shown in the status line.
 *  - a trace as a test suite: the report cut down to that trace (ex_subset,
 *    written with rj_write as <id>.json) and the command's own `erep
 *    tests` on it, through a hook (the tui cannot call commands);
 *  - a trace as DOT (graph.h), as it is folded on the screen: <id>.dot. */
#ifndef EREP_TUI_EXPORT_H
#define EREP_TUI_EXPORT_H

#include "report/report.h"
#include "steps.h"

typedef struct {
  char *dir;     /* NULL until the first export */
  unsigned next; /* files are named by this counter, never by trace ids */
} ex_session;

/* A report with r's header (program, automaton, analysis, limits,
 * components' status, statistics, warnings) and one trace, a copy of t;
 * no coverage (it describes the whole report). rep_free. */
rep_report *ex_subset(const rep_report *r, const rep_trace *t);
/* The session directory, made on first use; NULL with *err. */
const char *ex_dir(ex_session *s, char **err);
/* Write ex_subset(r, t) as <dir>/export-<n>.json (n counts the session's
 * exports: ids come from the report and are data, never paths); its path
 * (mem_free) or NULL with *err. */
char *ex_write_subset(ex_session *s, const rep_report *r, const rep_trace *t,
                      char **err);
/* Write t as DOT, folded as view (may be NULL), to <dir>/export-<n>.dot;
 * its path (mem_free) or NULL with *err. */
char *ex_write_dot(ex_session *s, const rep_trace *t, const sp_tree *view,
                   char **err);
/* Forget the session (the directory and its files stay). */
void ex_free(ex_session *s);

#endif
