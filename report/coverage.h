/* coverage: which lines of the program a report covers, in four figures
 * per executable line (a source line that carries a CFA edge inside a
 * function other than a blank connector):
 *  - visited: the product took an edge of the line while the automaton was
 *    still inside the verifier's explored region (not yet in a sink), in
 *    the last round of the search;
 *  - on a trace: a reported safe-cone or frontier trace passes the line;
 *  - verified: the line is reachable in the CFA (without data, calls
 *    returning anywhere) from the end of a safe-cone trace, so the
 *    automaton claims every execution through it after that end is safe;
 *  - unexplored: reachable only from frontier ends, never from a safe-cone
 *    end: code the verifier never looked at.
 * A line can be in several of these; `none` counts lines in none of them.
 * The report owns the coverage (its arena). */
#ifndef EREP_COVERAGE_H
#define EREP_COVERAGE_H

#include "program/cfa.h"
#include "report.h"

/* Compute r->coverage from the CFA, the edges the last round visited
 * (visited[edge id] != 0; NULL: none) and r's traces. */
void cov_compute(rep_report *r, const cfa *g, const unsigned char *visited);

#endif
