/* dot: pictures of a report as Graphviz graphs, built with cgraph and
 * written as DOT (agwrite) or laid out and rendered as SVG, PNG or PDF
 * (gvc).
 *
 * Three views (`erep dot --view`; the README's "What you see" shows them):
 *  - "aa": the automaton. When it has more than DOT_AA_FULL_STATES states,
 *    only the states the report's traces pass through and the transitions
 *    among them, with a note "N of M states shown". Transitions that safe
 *    traces take are green, frontier ones red, both green and red, those
 *    only unknown traces take dashed grey. __TRUE and __FALSE stand out.
 *  - "cfa": the program's CFA, rebuilt from the program (the report's node
 *    and edge ids are the ids of that CFA), a cluster per function, nodes
 *    filled by the coverage of their line, edges labelled with line and raw
 *    text; the edges of traces coloured as in "aa"; a legend cluster.
 *  - "trace:ID": one trace (display id such as F1, or stable key) as a
 *    path of its steps: line, function, text, automaton states, inputs.
 *
 * Output is deterministic: everything is created in the order of the
 * automaton, the CFA or the report, which cgraph keeps when writing.
 * Program and automaton text in labels is escaped (control characters,
 * invalid UTF-8) and its backslashes doubled, so Graphviz shows it as
 * written and cannot read it as its own escapes.
 *
 * The report is only read. The CFA and the automaton are loaded here from
 * the paths the report records (relative to the working directory, as
 * `erep report` wrote them). The "cfa" drawing without a report is
 * `erep cfa --dot` (dot_build_cfa). */
#ifndef EREP_DOT_H
#define EREP_DOT_H

#include "dot_types.h"
#include "program/cfa.h"
#include "report.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct dot_graph dot_graph;

/* "dot", "svg", "png", "pdf" (also from a file name's extension, "gv" is
 * dot): 0, or -1 for anything else. */
int dot_format_parse(const char *name, dot_format *f);
/* The format a file name's extension names, or -1 when it names none. */
int dot_format_of_path(const char *path, dot_format *f);

/* Build the view o->view of r. DOT_BAD_INPUT with *err (mem_free) naming
 * what is wrong: an unknown view or trace, a program or automaton that
 * cannot be read or no longer fits the report. A changed automaton that
 * o->no_hash_check tolerates goes to *warning (mem_free; NULL when none);
 * a changed program (which rj_open reports) is noted in the graph. */
dot_status dot_build(const rep_report *r, const dot_options *o, dot_graph **out,
                     char **warning, char **err);
/* `erep cfa --dot`: the CFA g alone, drawn as the "cfa" view draws it
 * without a report (no coverage fill, no trace colours, no legend);
 * the nodes a large-block summary absorbed are left out and its blocks
 * are bold edges labelled "block: N edges, lines A-B". g is only read and
 * may be freed once this returns. */
dot_graph *dot_build_cfa(const cfa *g);
/* Write g in format f. DOT_FAILED with *err on failure; DOT_BAD_INPUT
 * when g is too large to lay out (DOT_LAYOUT_MAX_*), before anything is
 * written. Rendering lays g out (which adds layout attributes to it). */
dot_status dot_render(dot_graph *g, dot_format f, FILE *out, char **err);
void dot_free(dot_graph *g);

#endif
