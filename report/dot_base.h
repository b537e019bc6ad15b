/* dot_base: the pictures' shared parts (report/dot*.c only; dot.h is the
 * interface): the limits, colours and text helpers every view uses. It
 * calls nothing of the views (dot.c, dot_aa.c), which call it. */
#ifndef EREP_DOT_BASE_H
#define EREP_DOT_BASE_H

#include "dot_types.h"
#include "program/cfa.h"
#include "lib/sbuf.h"
#include "report.h"

#include <graphviz/cgraph.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Longest foreign text in a label, in bytes of the original; the whole
 * text goes into the tooltip. */
#define DOT_LABEL_MAX 72
/* Trace ids listed in an edge's tooltip. */
#define DOT_TOOLTIP_IDS 12

/* Which kinds of trace use a transition or an edge. */
enum { DOT_USE_SAFE = 1, DOT_USE_FRONTIER = 2, DOT_USE_UNKNOWN = 4 };

/* Colours, one place so that the legends cannot drift from the drawing. */
#define DOT_GREEN "darkgreen"
#define DOT_RED "red"
#define DOT_GREY "grey55"
#define DOT_FILL_VERIFIED "palegreen"
#define DOT_FILL_UNEXPLORED "lightsalmon"
#define DOT_FILL_VISITED "lightblue"
#define DOT_FILL_NONE "lightgrey"
#define DOT_FILL_NOT_EXEC "white"
#define DOT_FILL_TRUE "palegreen"
#define DOT_FILL_FALSE "lightpink"
#define DOT_FILL_INPUT "lightyellow"
/* steps listed in the tooltip of a folded run of a trace picture */
#define DOT_FOLD_TIP 20
/* pixels a side of a PNG that cairo draws unscaled */
#define DOT_PNG_MAX_PX 32767

/* The traces that use a transition or an edge, for its tooltip: the
 * first few by index (dot_trace_at) and how many in all. */
typedef struct {
  uint32_t first[DOT_TOOLTIP_IDS];
  uint32_t n, total;
  uint32_t last1; /* the last trace noted, plus one (0: none) */
} dot_ids;

/* text: DOT-escaped, cut at max bytes of the original (0: whole) */
const char *dot_str(const sbuf *b);
void dot_clear(sbuf *b);
void dot_text(sbuf *b, const char *s, size_t max);
void dot_tip(sbuf *b, const char *s);
void dot_msg(sbuf *b, const char *s);
void dot_set(void *obj, const char *name, const char *value);
Agraph_t *dot_open(const char *name);
Agnode_t *dot_node(Agraph_t *g, char prefix, unsigned long i);
Agedge_t *dot_edge(Agraph_t *g, Agnode_t *a, Agnode_t *b);
void dot_style_use(Agedge_t *e, unsigned use);
unsigned dot_trace_use(const rep_trace *t);
size_t dot_ntraces(const rep_report *r);
const rep_trace *dot_trace_at(const rep_report *r, size_t i);
void dot_note_id(dot_ids *v, size_t trace);
void dot_put_ids(sbuf *b, const rep_report *r, const dot_ids *v);
int dot_same_file(const char *path, const char *sha);
cfa *dot_load_cfa(const rep_report *r, bool *changed, char **err);
const rep_trace *dot_find_trace(const rep_report *r, const char *id);
/* The call depth of each step (main's 0). mem_free. */
unsigned *dot_trace_depths(const rep_trace *t);

#endif
