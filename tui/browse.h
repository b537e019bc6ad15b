/* browse: `erep browse`, the read-only terminal browser of a report.
 *
 * Screens (a stack; h, q and Esc go back):
 *  - main: the components (safe, frontier, unknown, all, and the source)
 *    and the traces of the selected one, grouped by end function and line;
 *  - trace: the steps of a trace (calls fold, each step with its automaton
 *    states and the inputs it consumed) beside the program source with the
 *    trace's lines marked, and the selected step in full below;
 *  - source: the whole program coloured by coverage, beside the traces
 *    through the selected line;
 *  - help: the key table (keys.h).
 * A header shows the program, automaton, analysis and limits, whether
 * each component is full, and the coverage line; the last two rows are
 * the status line and the hint bar.
 *
 * The report is read only through report/rjson.h (rj_open); a large one
 * gets a screen that says so while it is read. Every byte of program and
 * report text is drawn through text.h. The terminal is restored on every
 * exit, signals and crashes included (term.h). */
#ifndef EREP_TUI_BROWSE_H
#define EREP_TUI_BROWSE_H

#include "export.h"

#include <stdbool.h>

typedef struct {
  bool no_hash_check; /* a missing or changed program is a warning */
  /* the check of the suite T writes (export.h); NULL: T says the export
   * is not available */
  bx_guard_fn guard_tests;
} br_options;

/* Browse the report at path on the terminal of stdin and stdout. Returns
 * 0, 2 with *err (mem_free) when the report cannot be read or the terminal
 * cannot be used, 1 with *err on other failures.
 * EREP_BROWSE_EXIT_AFTER_FIRST_PAINT=1 in the environment returns right
 * after the first screen that shows the report (for benchmarks); =any
 * after the first screen of any kind (the reading screen of a large
 * report). Both then say on stderr when that screen was drawn. */
int br_run(const char *path, const br_options *o, char **err);

#endif
