/* dot_aa: the automaton view of erep dot (dot.h's "aa"). */
#ifndef EREP_DOT_AA_H
#define EREP_DOT_AA_H

#include "dot_types.h"
#include "report.h"

#include <graphviz/cgraph.h>

dot_status dot_view_aa(const rep_report *r, const dot_options *o,
                       Agraph_t **out, char **warning, char **err);

#endif
