#include "dot.h"
#include "dot_aa.h"
#include "dot_base.h"

#include "program/aastep.h"
#include "program/cfa.h"
#include "formats/aa.h"
#include "lib/esc.h"
#include "lib/file.h"
#include "lib/hmap.h"
#include "lib/sbuf.h"
#include "rjson.h"

#include <errno.h>
#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>
#include <graphviz/types.h> /* GD_bb: the laid-out size */
#include <stdint.h>
#include <limits.h>
#include <string.h>

struct dot_graph {
  Agraph_t *g;
  char *view; /* its name, for messages */
};

/* ---------- view "cfa" ---------- */

/* The coverage flags of a line, or -1 when it is no executable line. */
static long dot_line_flags(const rep_report *r, unsigned line) {
  const rep_line *l = r->coverage.lines.data;
  size_t lo = 0, hi = r->coverage.lines.len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (l[mid].line < line)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < r->coverage.lines.len && l[lo].line == line) return l[lo].flags;
  return -1;
}

/* The line whose coverage a node shows: that of the first statement
 * leaving it, since a node is the point before its statements (its own
 * line is only the best known one: a label, an `if`, a closing brace).
 * 0 when only blank connectors or nothing leave it. */
static unsigned dot_node_line(const rep_report *r, const cfa_node *n) {
  for (const cfa_edge *e = n->out; e; e = e->next_out)
    if (dot_line_flags(r, e->loc.line) >= 0) return e->loc.line;
  return 0;
}

/* Fill a node by its line's figures. Verified and unexplored exclude each
 * other; visited may come with either, and then the node is split in two
 * (Graphviz's wedged style). */
static void dot_cov_fill(Agnode_t *n, long flags) {
  const char *c[2];
  int k = 0;
  if (flags >= 0 && (flags & REP_COV_VERIFIED)) c[k++] = DOT_FILL_VERIFIED;
  if (flags >= 0 && (flags & REP_COV_UNEXPLORED)) c[k++] = DOT_FILL_UNEXPLORED;
  if (flags >= 0 && (flags & REP_COV_VISITED) && k < 2)
    c[k++] = DOT_FILL_VISITED;
  if (k == 2) {
    char fill[64];
    snprintf(fill, sizeof fill, "%s;0.5:%s", c[0], c[1]);
    dot_set(n, "style", "wedged");
    dot_set(n, "fillcolor", fill);
    return;
  }
  dot_set(n, "style", "filled");
  dot_set(n, "fillcolor",
          k           ? c[0]
          : flags < 0 ? DOT_FILL_NOT_EXEC
                      : DOT_FILL_NONE);
}

static void dot_put_cov(sbuf *b, long flags) {
  if (flags < 0) {
    sb_put(b, "no statement leaves the node");
    return;
  }
  static const struct {
    unsigned flag;
    const char *name;
  } names[] = {{REP_COV_VISITED, "visited"},
               {REP_COV_SAFE_TRACE, "on a safe-cone trace"},
               {REP_COV_FRONTIER_TRACE, "on a frontier trace"},
               {REP_COV_VERIFIED, "verified"},
               {REP_COV_UNEXPLORED, "unexplored"}};
  bool any = false;
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if ((unsigned long)flags & names[i].flag) {
      sb_printf(b, "%s%s", any ? ", " : "", names[i].name);
      any = true;
    }
  if (!any) sb_put(b, "none");
}

static void dot_cfa_legend(Agraph_t *dg, bool coverage) {
  Agraph_t *lg = agsubg(dg, "cluster_legend", 1);
  dot_set(lg, "label",
          coverage ? "coverage of the line of the statement\\nthat leaves "
                     "the node (split: visited and\\nverified or unexplored)"
                   : "no coverage in the report");
  static const char *const items[][2] = {
      {"verified", DOT_FILL_VERIFIED},
      {"unexplored", DOT_FILL_UNEXPLORED},
      {"visited", DOT_FILL_VISITED},
      {"none", DOT_FILL_NONE},
      {"no statement leaves the node", DOT_FILL_NOT_EXEC}};
  Agnode_t *prev = NULL;
  for (unsigned long i = 0; i < sizeof items / sizeof *items; i++) {
    Agnode_t *n = dot_node(lg, 'l', i);
    dot_set(n, "label", items[i][0]);
    dot_set(n, "shape", "box");
    dot_set(n, "style", "filled");
    dot_set(n, "fillcolor", items[i][1]);
    /* keep the legend a column */
    if (prev) dot_set(dot_edge(lg, prev, n), "style", "invis");
    prev = n;
  }
}

/* What a report adds to the CFA drawing: the coverage that fills the
 * nodes and, by edge id, the traces on each edge. */
typedef struct {
  const rep_report *r;
  const unsigned *use; /* DOT_USE_* */
  const dot_ids *ids;
  /* the trace-cfa view: the one trace, and by edge id the steps (first
   * few, 0-based, and how many) that take the edge */
  const rep_trace *trace;
  const dot_ids *steps;
} dot_cfa_marks;

/* A node: its id and line; with a report filled by the coverage of the
 * line of the statement that leaves it. */
static void dot_cfa_node(Agnode_t *an, const cfa_node *n,
                         const dot_cfa_marks *m, sbuf *b) {
  char lbl[48];
  snprintf(lbl, sizeof lbl, "N%u\\nline %u", n->id, n->line);
  dot_set(an, "label", lbl);
  dot_set(an, "shape", "circle");
  dot_clear(b);
  sb_printf(b, "N%u, line %u", n->id, n->line);
  if (m) {
    unsigned line = dot_node_line(m->r, n);
    long flags =
        line && m->r->coverage.computed ? dot_line_flags(m->r, line) : -1;
    dot_cov_fill(an, flags);
    if (line)
      sb_printf(b, "; its statement on line %u: ", line);
    else
      sb_put(b, ": ");
    dot_put_cov(b, flags);
  }
  dot_set(an, "tooltip", dot_str(b));
  if (n->is_error) {
    dot_set(an, "shape", "doublecircle");
    dot_set(an, "color", DOT_RED);
    dot_set(an, "penwidth", "2");
  }
}

/* An edge of the trace-cfa view: the steps that take it by number
 * ("#3 #17 ..."), then its line and text, coloured as the trace; the
 * steps with their automaton states and values in the tooltip. Edges the
 * trace does not take are grey. */
static void dot_cfa_trace_edge(Agedge_t *ae, const cfa_edge *e,
                               const dot_cfa_marks *m, sbuf *b) {
  const rep_trace *t = m->trace;
  const dot_ids *on = &m->steps[e->id];
  dot_clear(b);
  for (uint32_t k = 0; k < on->n && k < 3; k++)
    sb_printf(b, "#%u ", on->first[k] + 1);
  if (on->total > 3) sb_printf(b, "... (%u times) ", on->total);
  sb_printf(b, "%u: ", e->loc.line);
  dot_text(b, e->raw, DOT_LABEL_MAX);
  dot_set(ae, "label", dot_str(b));
  dot_clear(b);
  sb_printf(b, "edge %u, line %u: ", e->id, e->loc.line);
  dot_tip(b, e->raw);
  for (uint32_t k = 0; k < on->n; k++) {
    const rep_step *st = &t->steps.data[on->first[k]];
    sb_printf(b, "\\nstep %u: ", on->first[k] + 1);
    dot_text(b, st->aa_from ? st->aa_from : "-", DOT_LABEL_MAX);
    sb_put(b, " -> ");
    dot_text(b, st->aa_to ? st->aa_to : "-", DOT_LABEL_MAX);
    for (size_t v = 0; v < t->values.len; v++)
      if (t->values.data[v].step == on->first[k]) {
        sb_put(b, ", ");
        dot_text(b, t->values.data[v].lhs, DOT_LABEL_MAX);
        sb_put(b, "=");
        dot_text(b, t->values.data[v].value, DOT_LABEL_MAX);
      }
  }
  if (on->total > on->n) sb_printf(b, "\\n... %u steps in all", on->total);
  dot_set(ae, "tooltip", dot_str(b));
  if (e->kind == CFA_CALL || e->kind == CFA_RETURN)
    dot_set(ae, "arrowhead", "onormal");
  if (on->total)
    dot_style_use(ae, dot_trace_use(t));
  else {
    dot_set(ae, "color", "grey75");
    dot_set(ae, "fontcolor", "grey55");
  }
}

/* An edge: line and raw text (a large block: its size and lines, bold);
 * with a report coloured by the traces on it. */
static void dot_cfa_edge(Agedge_t *ae, const cfa_edge *e,
                         const dot_cfa_marks *m, sbuf *b) {
  dot_clear(b);
  if (e->kind == CFA_BLOCK) {
    sb_printf(b, "block: %zu edges, lines %u-%u", e->nblock, e->loc.line,
              e->loc.end_line);
    dot_set(ae, "label", dot_str(b));
    dot_clear(b);
    sb_printf(b, "edge %u, a large block of %zu edges", e->id, e->nblock);
    dot_set(ae, "tooltip", dot_str(b));
    dot_set(ae, "style", "bold");
    return;
  }
  if (m && m->trace) {
    dot_cfa_trace_edge(ae, e, m, b);
    return;
  }
  sb_printf(b, "%u: ", e->loc.line);
  dot_text(b, e->raw, DOT_LABEL_MAX);
  dot_set(ae, "label", dot_str(b));
  dot_clear(b);
  sb_printf(b, "edge %u, %s, line %u: ", e->id, cfa_edge_kind_name(e->kind),
            e->loc.line);
  dot_tip(b, e->raw);
  if (m && m->ids[e->id].total) {
    sb_put(b, "\\non ");
    dot_put_ids(b, m->r, &m->ids[e->id]);
  }
  dot_set(ae, "tooltip", dot_str(b));
  if (e->kind == CFA_CALL || e->kind == CFA_RETURN)
    dot_set(ae, "arrowhead", "onormal");
  if (m) dot_style_use(ae, m->use[e->id]);
}

/* The one CFA drawing, of the "cfa" views (m: the report's marks) and of
 * `erep cfa --dot` (m NULL): a cluster for the global declarations and
 * one per function in the CFA's order (keep: only the functions marked,
 * by their index, and no globals), then the nodes (those a large-block
 * summary absorbed left out) and the edges in id order. No graph label. */
static Agraph_t *dot_cfa_draw(const cfa *g, const dot_cfa_marks *m,
                              const unsigned char *keep) {
  Agraph_t *dg = dot_open("cfa");
  sbuf b = {0};
  Agraph_t **sub = mem_calloc(g->functions.len + 1, sizeof *sub);
  Agraph_t *globals = keep ? 0 : agsubg(dg, "cluster_globals", 1);
  if (globals) {
    dot_set(globals, "label", "global declarations");
    dot_set(globals, "color", "grey");
  }
  for (size_t i = 0; i < g->functions.len; i++) {
    const cfa_function *f = g->functions.data[i];
    if (keep && !keep[i]) continue;
    char name[48];
    snprintf(name, sizeof name, "cluster_f%u", f->id);
    sub[i] = agsubg(dg, name, 1);
    dot_clear(&b);
    dot_text(&b, f->name, DOT_LABEL_MAX);
    dot_set(sub[i], "label", dot_str(&b));
  }
  Agnode_t **an = mem_calloc(g->nodes.len + 1, sizeof *an);
  for (size_t i = 0; i < g->nodes.len; i++) {
    const cfa_node *n = g->nodes.data[i];
    if (n->absorbed) continue; /* inside large blocks */
    Agraph_t *parent = globals;
    if (n->function) {
      for (size_t k = 0; k < g->functions.len; k++)
        if (g->functions.data[k] == n->function) parent = sub[k];
    }
    if (!parent) continue; /* a function not drawn */
    an[i] = dot_node(parent, 'n', n->id);
    dot_cfa_node(an[i], n, m, &b);
  }
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    Agnode_t *a = an[e->from->id], *z = an[e->to->id];
    if (!a && !z) continue; /* another function's */
    /* one function: its calls and returns end at a stub of the other */
    if (!a || !z) {
      const cfa_node *o = a ? e->to : e->from;
      char name[64];
      snprintf(name, sizeof name, "x%u", o->id);
      Agnode_t *x = agnode(dg, name, 1);
      dot_clear(&b);
      dot_text(&b, o->function ? o->function->name : "(global declarations)",
               DOT_LABEL_MAX);
      dot_set(x, "label", dot_str(&b));
      dot_set(x, "shape", "plaintext");
      if (!a) a = x;
      else z = x;
    }
    dot_cfa_edge(dot_edge(dg, a, z), e, m, &b);
  }
  sb_free(&b);
  mem_free(an);
  mem_free(sub);
  return dg;
}

/* The title's first line: program, data model, size. */
static void dot_cfa_title(sbuf *b, const cfa *g, const char *path) {
  size_t nn = 0;
  for (size_t i = 0; i < g->nodes.len; i++)
    nn += !((const cfa_node *)g->nodes.data[i])->absorbed;
  sb_put(b, "CFA of ");
  dot_text(b, path, 0);
  sb_printf(b, " (%s): %zu nodes, %zu edges\\l", g->lp64 ? "LP64" : "ILP32", nn,
            g->edges.len);
}

static dot_status dot_view_cfa(const rep_report *r, const char *fn,
                               Agraph_t **out, char **warning, char **err) {
  bool changed;
  cfa *g = dot_load_cfa(r, &changed, err);
  if (!g) return DOT_BAD_INPUT;
  const cfa_function *only = 0;
  for (size_t i = 0; fn && i < g->functions.len && !only; i++)
    if (!strcmp(((const cfa_function *)g->functions.data[i])->name, fn))
      only = g->functions.data[i];
  if (fn && !only) {
    sbuf b = {0};
    sb_put(&b, "the program has no function '");
    dot_msg(&b, fn);
    sb_put(&b, "' (it has ");
    for (size_t i = 0; i < g->functions.len && i < DOT_TOOLTIP_IDS; i++) {
      if (i) sb_put(&b, ", ");
      dot_msg(&b, ((const cfa_function *)g->functions.data[i])->name);
    }
    if (g->functions.len > DOT_TOOLTIP_IDS)
      sb_printf(&b, " and %zu more", g->functions.len - DOT_TOOLTIP_IDS);
    sb_put(&b, ")");
    *err = sb_take(&b);
    cfa_free(g);
    return DOT_BAD_INPUT;
  }
  (void)warning; /* a changed program: rj_open warned, the graph says it */
  unsigned *use = mem_calloc(g->edges.len + 1, sizeof *use);
  dot_ids *ids = mem_calloc(g->edges.len + 1, sizeof *ids);
  size_t nt = dot_ntraces(r);
  for (size_t ti = 0; ti < nt; ti++) {
    const rep_trace *t = dot_trace_at(r, ti);
    for (size_t i = 0; i < t->steps.len; i++) {
      unsigned e = t->steps.data[i].edge;
      if (e >= g->edges.len) continue;
      use[e] |= dot_trace_use(t);
      dot_note_id(&ids[e], ti);
    }
  }
  dot_cfa_marks m = {r, use, ids, 0, 0};
  unsigned char *keep = 0;
  if (only) {
    keep = mem_calloc(g->functions.len + 1, 1);
    for (size_t i = 0; i < g->functions.len; i++)
      keep[i] = g->functions.data[i] == only;
  }
  Agraph_t *dg = dot_cfa_draw(g, &m, keep);
  mem_free(keep);
  dot_cfa_legend(dg, r->coverage.computed);
  sbuf b = {0};
  dot_cfa_title(&b, g, r->program_path);
  if (only) {
    sb_put(&b, "function ");
    dot_text(&b, only->name, DOT_LABEL_MAX);
    sb_put(&b, " only: its calls and returns end at the other function's "
               "name\\l");
  }
  sb_put(&b, "edges: green on safe-cone traces, red on frontier traces, both "
             "colours on both; dashed grey only on unknown traces; hollow "
             "arrow: call or return\\l");
  if (changed)
    sb_put(&b, "the program has changed since the report was made: coverage "
               "and traces may not fit\\l");
  dot_set(dg, "label", dot_str(&b));

  sb_free(&b);
  mem_free(ids);
  mem_free(use);
  cfa_free(g);
  *out = dg;
  return DOT_OK;
}

/* ---------- view "trace-cfa:ID" ---------- */


/* The trace over the CFA of the functions it passes (as CPAchecker's
 * report marks an error path on the CFA): each edge it takes numbered by
 * its steps and coloured as the trace (red frontier, green safe, dashed
 * grey unknown or undefined), the others grey, loops as the CFA has
 * them; automaton states and values in the edges' tooltips. Refused,
 * with the ways in, when those functions have more than
 * DOT_TRACE_CFA_MAX_NODES nodes. */
static dot_status dot_view_trace_cfa(const rep_report *r, const char *id,
                                     Agraph_t **out, char **err) {
  const rep_trace *t = dot_find_trace(r, id);
  if (!t) {
    sbuf b = {0};
    sb_put(&b, "no trace '");
    dot_msg(&b, id);
    sb_put(&b, "' in the report");
    *err = sb_take(&b);
    return DOT_BAD_INPUT;
  }
  bool changed;
  cfa *g = dot_load_cfa(r, &changed, err);
  if (!g) return DOT_BAD_INPUT;
  unsigned char *keep = mem_calloc(g->functions.len + 1, 1);
  dot_ids *steps = mem_calloc(g->edges.len + 1, sizeof *steps);
  size_t nfn = 0, nn = 0;
  for (size_t k = 0; k < t->steps.len; k++) {
    const rep_step *st = &t->steps.data[k];
    if (st->edge < g->edges.len) dot_note_id(&steps[st->edge], k);
    if (!st->function) continue;
    for (size_t i = 0; i < g->functions.len; i++)
      if (!keep[i] &&
          !strcmp(((const cfa_function *)g->functions.data[i])->name,
                  st->function)) {
        keep[i] = 1;
        nfn++;
      }
  }
  for (size_t i = 0; i < g->nodes.len; i++) {
    const cfa_node *n = g->nodes.data[i];
    for (size_t k = 0; n->function && !n->absorbed && k < g->functions.len;
         k++)
      nn += keep[k] && g->functions.data[k] == n->function;
  }
  dot_status st = DOT_OK;
  if (!nfn || nn > DOT_TRACE_CFA_MAX_NODES) {
    *err = !nfn ? mem_printf("%s passes no function of the program", t->id)
                : mem_printf("the %zu function%s %s passes have %zu CFA "
                             "nodes, more than %d drawn at once: --view "
                             "trace:%s draws the trace folded, --view "
                             "cfa:FUNCTION one function",
                             nfn, nfn == 1 ? "" : "s", t->id, nn,
                             DOT_TRACE_CFA_MAX_NODES, t->id);
    st = DOT_BAD_INPUT;
  } else {
    dot_cfa_marks m = {r, 0, 0, t, steps};
    Agraph_t *dg = dot_cfa_draw(g, &m, keep);
    sbuf b = {0};
    sb_put(&b, "trace ");
    dot_text(&b, t->id, 0);
    sb_printf(&b, " (%s, %zu steps) over the CFA of the %zu function%s it "
                  "passes: ",
              t->undefined      ? "reaches undefined behaviour"
              : !t->feasible    ? "unknown"
              : t->component == REP_SAFE ? "safe cone"
                                         : "frontier",
              t->steps.len, nfn, nfn == 1 ? "" : "s");
    dot_text(&b, r->program_path, 0);
    sb_put(&b, "\\ledges it takes numbered by its steps (#1 the first) and "
               "coloured as the trace (red frontier, green safe, dashed "
               "grey unknown or undefined); grey: not taken; tooltips: the "
               "automaton's states and the values\\l");
    if (changed)
      sb_put(&b, "the program has changed since the report was made\\l");
    dot_set(dg, "label", dot_str(&b));
    sb_free(&b);
    *out = dg;
  }
  mem_free(keep);
  mem_free(steps);
  cfa_free(g);
  return st;
}

dot_graph *dot_build_cfa(const cfa *g) {
  Agraph_t *dg = dot_cfa_draw(g, NULL, NULL);
  sbuf b = {0};
  dot_cfa_title(&b, g, g->path);
  sb_put(&b, "hollow arrow: call or return; bold: a large block\\l");
  dot_set(dg, "label", dot_str(&b));
  sb_free(&b);
  dot_graph *d = mem_alloc(sizeof *d);
  d->g = dg;
  d->view = mem_strdup("cfa");
  return d;
}

/* ---------- view "trace:ID" ---------- */


static void dot_put_input(sbuf *b, const rep_input *in) {
  sb_printf(b, "input %u: ", in->index);
  char *fn = rep_input_text(in);
  dot_text(b, fn, DOT_LABEL_MAX);
  mem_free(fn);
  sb_put(b, " = ");
  dot_text(b, in->value, DOT_LABEL_MAX);
  sb_put(b, " (");
  dot_text(b, in->type, DOT_LABEL_MAX);
  sb_put(b, ")\\l");
}

/* Whether step k of t says little enough to be folded with its neighbours
 * in the trace picture: a global declaration, or a blank or declaration
 * step of function fn, that reads no input and assigns no value shown
 * (the automaton's states at both ends of a run are in its label). */
static bool dot_trace_quiet(const rep_trace *t, size_t k, const char *fn) {
  const rep_step *s = &t->steps.data[k];
  if ((fn == NULL) != (s->function == NULL)) return false;
  if (fn && strcmp(fn, s->function)) return false;
  if (fn && s->kind != REP_STEP_BLANK && s->kind != REP_STEP_DECLARATION)
    return false;
  for (size_t q = 0; q < t->inputs.len; q++)
    if (t->inputs.data[q].step == k) return false;
  for (size_t q = 0; q < t->values.len; q++)
    if (t->values.data[q].step == k) return false;
  return true;
}

/* A cluster of the trace picture for a run of function fn's steps. */
static Agraph_t *dot_trace_cluster(Agraph_t *dg, const char *fn, size_t k,
                                   sbuf *b) {
  char cname[40];
  snprintf(cname, sizeof cname, "cluster_%zu", k);
  Agraph_t *cl = agsubg(dg, cname, 1);
  dot_clear(b);
  dot_text(b, fn, DOT_LABEL_MAX);
  dot_set(cl, "label", dot_str(b));
  dot_set(cl, "style", "rounded");
  dot_set(cl, "color", "grey60");
  return cl;
}

/* The node of steps i..j-1 of t folded into one (in cluster cl, if any):
 * their number and lines, the automaton's states at both ends, the steps
 * in the tooltip. */
static Agnode_t *dot_trace_fold(Agraph_t *dg, Agraph_t *cl, const rep_trace *t,
                                size_t i, size_t j, sbuf *b) {
  const rep_step *s = &t->steps.data[i], *last = &t->steps.data[j - 1];
  size_t run = j - i;
  Agnode_t *n = dot_node(dg, 'f', i);
  if (cl) agsubnode(cl, n, 1);
  dot_clear(b);
  sb_printf(b, "#%zu-#%zu  %zu %s, lines %u-%u\\lautomaton ", i, j - 1, run,
            s->function ? "blank or declaration steps" : "global declarations",
            s->line, last->line);
  dot_text(b, s->aa_from, DOT_LABEL_MAX);
  sb_put(b, " -> ");
  dot_text(b, last->aa_to, DOT_LABEL_MAX);
  sb_put(b, "\\l");
  dot_set(n, "label", dot_str(b));
  dot_set(n, "shape", "box");
  dot_set(n, "style", "filled,dashed");
  dot_set(n, "fillcolor", DOT_FILL_NONE);
  dot_clear(b);
  for (size_t k = i; k < j && k < i + DOT_FOLD_TIP; k++) {
    sb_printf(b, "%u: ", t->steps.data[k].line);
    dot_tip(b, t->steps.data[k].text);
    sb_put(b, "\n");
  }
  if (run > DOT_FOLD_TIP) sb_printf(b, "... %zu more", run - DOT_FOLD_TIP);
  dot_set(n, "tooltip", dot_str(b));
  return n;
}


/* The end of the run of steps from i that the picture draws as one node
 * with calls deeper than `fold` folded: the steps inside such a call, or
 * (from 3 in a function, 2 outside) a run of quiet steps; i + 1 for one
 * step of its own. */
static size_t dot_trace_run(const rep_trace *t, const unsigned *depth,
                            unsigned fold, size_t i) {
  size_t j = i;
  if (depth[i] > fold) {
    while (j < t->steps.len && depth[j] > fold)
      j++;
    return j;
  }
  const char *fn = t->steps.data[i].function;
  while (j < t->steps.len && j + 1 < t->steps.len &&
         dot_trace_quiet(t, j, fn))
    j++;
  return j - i >= (fn ? 3u : 2u) ? j : i + 1;
}

/* The call depth to fold at (UINT_MAX: none) for a picture of at most
 * DOT_TRACE_FIT_NODES nodes where folding gets it there, the deepest
 * that does (0, main's own steps and a node per call, when none does). */
static unsigned dot_trace_fold_depth(const rep_trace *t,
                                     const unsigned *depth) {
  unsigned max = 0;
  for (size_t i = 0; i < t->steps.len; i++)
    if (depth[i] > max) max = depth[i];
  for (unsigned f = max + 1; f-- > 0;) {
    size_t nodes = 0;
    for (size_t i = 0; i < t->steps.len; nodes++)
      i = dot_trace_run(t, depth, f, i);
    if (nodes <= DOT_TRACE_FIT_NODES) return f == max ? UINT_MAX : f;
  }
  return 0;
}

/* A folded call: the steps i..j-1 inside calls deeper than the picture
 * shows, as one node (the first callee's name, lines, inputs read, the
 * automaton's states at both ends; the steps in its tooltip). */
static Agnode_t *dot_trace_call(Agraph_t *dg, Agraph_t *cl,
                                const rep_trace *t, size_t i, size_t j,
                                sbuf *b) {
  const rep_step *s = &t->steps.data[i], *last = &t->steps.data[j - 1];
  Agnode_t *n = dot_node(dg, 'c', i);
  if (cl) agsubnode(cl, n, 1);
  size_t ins = 0;
  for (size_t k = 0; k < t->inputs.len; k++)
    ins += t->inputs.data[k].step >= i && t->inputs.data[k].step < j;
  dot_clear(b);
  sb_printf(b, "#%zu-#%zu  in ", i, j - 1);
  dot_text(b, s->function ? s->function : "?", DOT_LABEL_MAX);
  sb_printf(b, " and the calls it makes: %zu steps, %zu input%s\\lautomaton ",
            j - i, ins, ins == 1 ? "" : "s");
  dot_text(b, s->aa_from, DOT_LABEL_MAX);
  sb_put(b, " -> ");
  dot_text(b, last->aa_to, DOT_LABEL_MAX);
  sb_put(b, "\\l");
  dot_set(n, "label", dot_str(b));
  dot_set(n, "shape", "box3d");
  dot_set(n, "style", "filled");
  dot_set(n, "fillcolor", ins ? DOT_FILL_INPUT : DOT_FILL_NONE);
  dot_clear(b);
  for (size_t k = i; k < j && k < i + DOT_FOLD_TIP; k++) {
    sb_printf(b, "%u: ", t->steps.data[k].line);
    dot_tip(b, t->steps.data[k].text);
    sb_put(b, "\n");
  }
  if (j - i > DOT_FOLD_TIP) sb_printf(b, "... %zu more", j - i - DOT_FOLD_TIP);
  dot_set(n, "tooltip", dot_str(b));
  return n;
}

/* The picture's first node: the trace, its end and its inputs. */
static Agnode_t *dot_trace_head(Agraph_t *dg, const rep_trace *t,
                                const char *fill, sbuf *b) {
  Agnode_t *head = agnode(dg, "head", 1);
  dot_clear(b);
  dot_text(b, t->id, 0);
  sb_printf(b, ": %s trace, ",
            t->component == REP_SAFE ? "safe-cone" : "frontier");
  if (t->feasible) {
    sb_put(b, "feasible");
  } else if (t->undefined) {
    sb_printf(b, "feasible up to step %u, undefined there: ", t->ub_step + 1);
    dot_text(b, t->reason, DOT_LABEL_MAX);
  } else {
    sb_put(b, "unknown: ");
    dot_text(b, t->reason, DOT_LABEL_MAX);
  }
  sb_put(b, "\\lkey ");
  dot_text(b, t->key, 0);
  sb_printf(b, "\\lends at line %u in ", t->end_line);
  dot_text(b, t->end_function ? t->end_function : "(global declarations)",
           DOT_LABEL_MAX);
  sb_printf(b, " (node N%u)\\l%zu step%s, %zu input%s\\l", t->end_node,
            t->steps.len, t->steps.len == 1 ? "" : "s", t->inputs.len,
            t->inputs.len == 1 ? "" : "s");
  for (size_t k = 0; k < t->inputs.len; k++)
    if (t->inputs.data[k].step >= t->steps.len) {
      sb_put(b, "(at no step) ");
      dot_put_input(b, &t->inputs.data[k]);
    }
  dot_set(head, "label", dot_str(b));
  dot_set(head, "shape", "note");
  dot_set(head, "style", "filled");
  dot_set(head, "fillcolor", fill);
  return head;
}

static dot_status dot_view_trace(const rep_report *r, const char *id,
                                 const dot_options *o, Agraph_t **out,
                                 char **err) {
  const rep_trace *t = dot_find_trace(r, id);
  if (!t) {
    sbuf b = {0};
    sb_put(&b, "the report has no trace with id or key '");
    dot_msg(&b, id);
    sb_put(&b, "'");
    size_t nt = dot_ntraces(r);
    if (!nt) sb_put(&b, " (it has no traces)");
    for (size_t i = 0; i < nt && i < DOT_TOOLTIP_IDS; i++) {
      sb_put(&b, i ? ", " : " (it has ");
      dot_msg(&b, dot_trace_at(r, i)->id);
    }
    if (nt > DOT_TOOLTIP_IDS)
      sb_printf(&b, " and %zu more", nt - DOT_TOOLTIP_IDS);
    if (nt) sb_put(&b, ")");
    *err = sb_take(&b);
    return DOT_BAD_INPUT;
  }
  const char *fill = !t->feasible               ? DOT_FILL_NONE
                     : t->component == REP_SAFE ? DOT_FILL_TRUE
                                                : DOT_FILL_FALSE;
  Agraph_t *dg = dot_open("trace");
  sbuf b = {0};
  Agnode_t *head = dot_trace_head(dg, t, fill, &b);

  unsigned *depth = dot_trace_depths(t);
  unsigned fold = o->fold_set ? o->depth : dot_trace_fold_depth(t, depth);
  Agnode_t *prev = head;
  Agraph_t *cl = 0;      /* the cluster of the current function's run */
  const char *clf = 0;   /* its function */
  size_t ncl = 0;
  for (size_t i = 0; i < t->steps.len; i++) {
    const rep_step *s = &t->steps.data[i];
    /* steps of one function in a row are a cluster named after it */
    if (!s->function || !clf || strcmp(s->function, clf)) {
      clf = s->function;
      cl = clf ? dot_trace_cluster(dg, clf, ncl++, &b) : 0;
    }
    /* a run of steps that say little (global declarations, blank and
     * declaration steps that read nothing and keep the automaton where
     * it is) is one node: the drivers64 trace has 626 declarations before
     * its 31 steps; so are the steps inside a call deeper than fold */
    size_t j = dot_trace_run(t, depth, fold, i);
    if (j > i + 1 || depth[i] > fold) {
      Agnode_t *n = depth[i] > fold ? dot_trace_call(dg, cl, t, i, j, &b)
                                    : dot_trace_fold(dg, cl, t, i, j, &b);
      dot_edge(dg, prev, n);
      prev = n;
      i = j - 1;
      continue;
    }
    Agnode_t *n = dot_node(dg, 's', i);
    if (cl) agsubnode(cl, n, 1);
    dot_clear(&b);
    sb_printf(&b, "#%zu  line %u  ", i, s->line);
    dot_text(&b, s->function ? s->function : "(global declarations)",
             DOT_LABEL_MAX);
    sb_put(&b, "\\l");
    dot_text(&b, rj_step_kind_name(s->kind), DOT_LABEL_MAX);
    sb_put(&b, ": ");
    dot_text(&b, s->text, DOT_LABEL_MAX);
    sb_put(&b, "\\lautomaton ");
    dot_text(&b, s->aa_from, DOT_LABEL_MAX);
    bool stays = s->aa_from && s->aa_to && !strcmp(s->aa_from, s->aa_to);
    if (stays) {
      sb_put(&b, " (stays)");
    } else {
      sb_put(&b, " -> ");
      dot_text(&b, s->aa_to, DOT_LABEL_MAX);
    }
    sb_put(&b, "\\l");
    bool input = false;
    for (size_t k = 0; k < t->inputs.len; k++)
      if (t->inputs.data[k].step == i) {
        dot_put_input(&b, &t->inputs.data[k]);
        input = true;
      }
    dot_set(n, "label", dot_str(&b));
    dot_set(n, "shape", "box");
    dot_clear(&b);
    sb_printf(&b, "edge %u: N%u -> N%u\\n", s->edge, s->from, s->to);
    dot_tip(&b, s->text);
    dot_set(n, "tooltip", dot_str(&b));
    if (i + 1 == t->steps.len) {
      dot_set(n, "style", "filled");
      dot_set(n, "fillcolor", fill);
      dot_set(n, "penwidth", "2");
    } else if (input) {
      dot_set(n, "style", "filled");
      dot_set(n, "fillcolor", DOT_FILL_INPUT);
    }
    Agedge_t *e = dot_edge(dg, prev, n);
    if (!stays && i) dot_set(e, "penwidth", "2");
    /* the values the step before assigned, on the edge out of it */
    dot_clear(&b);
    for (size_t k = 0; i && k < t->values.len; k++)
      if (t->values.data[k].step == i - 1) {
        dot_text(&b, t->values.data[k].lhs, DOT_LABEL_MAX);
        sb_put(&b, " = ");
        dot_text(&b, t->values.data[k].value, DOT_LABEL_MAX);
        sb_put(&b, "\\l");
      }
    if (b.len) dot_set(e, "label", dot_str(&b));
    prev = n;
  }
  dot_clear(&b);
  sb_put(&b, "trace ");
  dot_text(&b, t->id, 0);
  sb_put(&b, " of ");
  dot_text(&b, r->program_path, 0);
  sb_put(&b, " (yellow: a step that reads an input; grey, dashed: steps "
             "folded into one, listed in its tooltip; a box per function in "
             "a row; a thick arrow leads to a step that moves the automaton; "
             "an arrow's label: the values the step before it assigned)\\l");
  if (fold != UINT_MAX && o->fold_set)
    sb_printf(&b, "calls deeper than %u folded into one node each (3D box)"
                  "\\l", fold);
  else if (fold != UINT_MAX)
    sb_printf(&b, "calls deeper than %u folded into one node each (3D box) "
                  "so that the picture has at most %d nodes (--depth N "
                  "unfolds more)\\l",
              fold, DOT_TRACE_FIT_NODES);
  mem_free(depth);
  dot_set(dg, "label", dot_str(&b));
  sb_free(&b);
  *out = dg;
  return DOT_OK;
}

/* ---------- entry points ---------- */

int dot_format_parse(const char *name, dot_format *f) {
  if (!strcmp(name, "dot") || !strcmp(name, "gv"))
    *f = DOT_FMT_DOT;
  else if (!strcmp(name, "svg"))
    *f = DOT_FMT_SVG;
  else if (!strcmp(name, "png"))
    *f = DOT_FMT_PNG;
  else if (!strcmp(name, "pdf"))
    *f = DOT_FMT_PDF;
  else
    return -1;
  return 0;
}

int dot_format_of_path(const char *path, dot_format *f) {
  const char *slash = strrchr(path, '/');
  const char *dotp = strrchr(slash ? slash + 1 : path, '.');
  if (!dotp) return -1;
  return dot_format_parse(dotp + 1, f);
}

dot_status dot_build(const rep_report *r, const dot_options *o, dot_graph **out,
                     char **warning, char **err) {
  *out = NULL;
  *warning = NULL;
  *err = NULL;
  const char *view = o->view ? o->view : "aa";
  Agraph_t *g = NULL;
  dot_status s;
  if (!strcmp(view, "aa"))
    s = dot_view_aa(r, o, &g, warning, err);
  else if (!strcmp(view, "cfa"))
    s = dot_view_cfa(r, NULL, &g, warning, err);
  else if (!strncmp(view, "cfa:", 4) && view[4])
    s = dot_view_cfa(r, view + 4, &g, warning, err);
  else if (!strncmp(view, "trace:", 6) && view[6])
    s = dot_view_trace(r, view + 6, o, &g, err);
  else if (!strncmp(view, "trace-cfa:", 10) && view[10])
    s = dot_view_trace_cfa(r, view + 10, &g, err);
  else {
    sbuf b = {0};
    sb_put(&b, "unknown view '");
    dot_msg(&b, view);
    sb_put(&b, "': the views are aa, cfa, cfa:FUNCTION (one function), "
               "trace:ID (ID a trace's id such as F1, or its key) and "
               "trace-cfa:ID (the trace over the CFA)");
    *err = sb_take(&b);
    return DOT_BAD_INPUT;
  }
  if (s != DOT_OK) return s;
  *out = mem_alloc(sizeof **out);
  (*out)->g = g;
  (*out)->view = mem_strdup(view);
  return DOT_OK;
}

/* Whether the laid-out g is larger than a PNG cairo draws at full size
 * (DOT_PNG_MAX_PX a side at 96 dpi); then *err says so, with a way out. */
static bool dot_png_too_large(Agraph_t *g, char **err) {
  boxf bb = GD_bb(g);
  double w = (bb.UR.x - bb.LL.x) * 96 / 72, h = (bb.UR.y - bb.LL.y) * 96 / 72;
  if (w <= DOT_PNG_MAX_PX && h <= DOT_PNG_MAX_PX) return false;
  *err = mem_printf("the picture would be %.0f x %.0f pixels, more than a "
                    "PNG is drawn at (%d a side: Graphviz would scale it "
                    "down to %.0f %%); -T svg or -T pdf draw it at full size",
                    w, h, DOT_PNG_MAX_PX,
                    100.0 * DOT_PNG_MAX_PX / (w > h ? w : h));
  return true;
}

/* What Graphviz said while rendering (dot_render; its error function has
 * no argument of ours) */
static sbuf dot_gv_said;

static int dot_gv_err(char *msg) {
  if (dot_gv_said.len < 2000) {
    size_t n = strcspn(msg, "\n");
    sb_printf(&dot_gv_said, "%s%.*s", dot_gv_said.len ? "; " : "", (int)n,
              msg);
  }
  return 0;
}

/* The whole program's CFA is more nodes than are drawn readably: *err
 * says so, with its largest functions to draw one by one. */
static void dot_cfa_too_large(Agraph_t *g, int nn, char **err) {
  enum { TOP = 3 };
  Agraph_t *top[TOP] = {0};
  int size[TOP] = {0};
  for (Agraph_t *s = agfstsubg(g); s; s = agnxtsubg(s)) {
    if (strncmp(agnameof(s), "cluster_f", 9)) continue;
    int k = agnnodes(s);
    for (int i = 0; i < TOP; i++) {
      if (top[i] && size[i] >= k) continue;
      memmove(top + i + 1, top + i, (size_t)(TOP - 1 - i) * sizeof *top);
      memmove(size + i + 1, size + i, (size_t)(TOP - 1 - i) * sizeof *size);
      top[i] = s;
      size[i] = k;
      break;
    }
  }
  sbuf b = {0};
  sb_printf(&b, "the cfa view has %d nodes, more than are drawn readably "
                "(%d); draw one function with --view cfa:FUNCTION",
            nn, DOT_CFA_MAX_NODES);
  for (int i = 0; i < TOP && top[i]; i++) {
    sb_put(&b, i ? ", " : " (the largest: ");
    dot_msg(&b, agget(top[i], "label"));
    sb_printf(&b, " %d nodes", size[i]);
  }
  sb_put(&b, top[0] ? "), a trace with --view trace-cfa:ID, or write it as "
                      "DOT (-T dot) for another tool"
                    : ", or write it as DOT (-T dot) for another tool");
  *err = sb_take(&b);
}

dot_status dot_render(dot_graph *g, dot_format f, FILE *out, char **err) {
  *err = NULL;
  errno = 0;
  if (f == DOT_FMT_DOT) {
    if (agwrite(g->g, out) == EOF || fflush(out) || ferror(out)) {
      *err = mem_printf("writing DOT: %s", strerror(errno ? errno : EIO));
      return DOT_FAILED;
    }
    return DOT_OK;
  }
  const char *fmt = f == DOT_FMT_SVG ? "svg" : f == DOT_FMT_PDF ? "pdf" : "png";
  int nn = agnnodes(g->g), ne = agnedges(g->g);
  /* an automaton's states are densely connected: Graphviz took more than
   * 20 s for the 2,600 states around a drivers64 trace */
  if (!strcmp(g->view, "aa") && nn > DOT_AA_MAX_NODES) {
    *err = mem_printf("the aa view has %d nodes, more than are drawn readably "
                      "(%d); pick the part around a state or a trace with "
                      "--around STATE|TRACE [--depth N], or write it as DOT "
                      "(-T dot) for another tool",
                      nn, DOT_AA_MAX_NODES);
    return DOT_BAD_INPUT;
  }
  if (!strcmp(g->view, "cfa") && nn > DOT_CFA_MAX_NODES) {
    dot_cfa_too_large(g->g, nn, err);
    return DOT_BAD_INPUT;
  }
  if (nn > DOT_LAYOUT_MAX_NODES || ne > DOT_LAYOUT_MAX_EDGES) {
    sbuf b = {0};
    sb_put(&b, "the ");
    dot_msg(&b, g->view);
    sb_printf(&b,
              " view has %d nodes and %d edges, more than Graphviz lays out "
              "in reasonable time (%s: at most %d nodes and %d edges); write "
              "it as DOT (-T dot) for another tool, or choose a smaller "
              "view (a shorter trace; aa shows only the automaton states "
              "traces pass through)",
              nn, ne, fmt, DOT_LAYOUT_MAX_NODES, DOT_LAYOUT_MAX_EDGES);
    *err = sb_take(&b);
    return DOT_BAD_INPUT;
  }
  /* one context for the process: Graphviz's pango plugin keeps a font
   * name of the context it last measured text in, and a second context
   * made after the first was freed read it freed (AddressSanitizer, erep
   * html drawing several traces) */
  static GVC_t *gvc;
  if (!gvc) gvc = gvContext();
  if (!gvc) {
    *err = mem_printf("Graphviz could not start (gvContext)");
    return DOT_FAILED;
  }
  /* Graphviz's warnings are errors: a picture it scaled down or laid out
   * wrong is no picture (the drivers64 trace was a PNG at 41 %) */
  sb_free(&dot_gv_said);
  agusererrf before = agseterrf(dot_gv_err);
  agerrlevel_t level = agseterr(AGWARN);
  dot_status s = DOT_OK;
  if (gvLayout(gvc, g->g, "dot")) {
    *err = mem_printf("Graphviz could not lay the graph out");
    s = DOT_FAILED;
  } else if (f == DOT_FMT_PNG && dot_png_too_large(g->g, err)) {
    /* cairo would scale it down, saying so on stderr only */
    s = DOT_BAD_INPUT;
    gvFreeLayout(gvc, g->g);
  } else {
    if (gvRender(gvc, g->g, fmt, out)) {
      *err = mem_printf("Graphviz could not render %s (is its plugin "
                        "installed? see 'dot -T?')",
                        fmt);
      s = DOT_FAILED;
    } else if (fflush(out) || ferror(out)) {
      *err = mem_printf("writing %s: %s", fmt, strerror(errno ? errno : EIO));
      s = DOT_FAILED;
    }
    gvFreeLayout(gvc, g->g);
  }
  agseterrf(before);
  agseterr(level);
  if (s == DOT_OK && dot_gv_said.len) {
    sbuf b = {0};
    sb_put(&b, "Graphviz: ");
    dot_msg(&b, dot_gv_said.s ? dot_gv_said.s : "");
    sb_printf(&b, "; the picture is not written (%s)",
              f == DOT_FMT_PNG ? "-T svg or -T pdf draw it at full size"
                               : "-T dot writes the graph for another tool");
    *err = sb_take(&b);
    s = DOT_BAD_INPUT;
  }
  sb_free(&dot_gv_said);
  return s;
}

void dot_free(dot_graph *g) {
  if (!g) return;
  agclose(g->g);
  mem_free(g->view);
  mem_free(g);
}
