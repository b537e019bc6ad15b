/* The automaton view of erep dot: the states the report's traces pass
 * (or all of a small automaton, or those around a state or a trace),
 * chains of single-successor states as one node. */
#include "dot_aa.h"
#include "dot_base.h"

#include "formats/aa.h"
#include "lib/file.h"
#include "lib/hmap.h"
#include "lib/mem.h"
#include "program/aastep.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
/* A step between states with no transition for it (a name not in the
 * automaton, or an automaton changed since the report). */
typedef struct {
  long from, to; /* state index, or -(k + 1) for extra[k] */
  unsigned use;
  dot_ids ids;
} dot_xedge;

typedef struct {
  const rep_report *r;
  const aa_automaton *A;
  const as_view *v; /* NULL: no CFA, transitions found by text */
  const cfa *g;
  hmap names;              /* state name -> index + 1 */
  unsigned char *shown;    /* by state */
  unsigned *use;           /* by transition: DOT_USE_* */
  dot_ids *ids;            /* by transition */
  hmap extra_names;        /* names not in the automaton -> k + 1 */
  VEC(const char *) extra; /* those names, in order of appearance */
  hmap extra_edge_of;      /* (from, to) -> index + 1 in extra_edges */
  VEC(dot_xedge) extra_edges;
  unsigned long by_text; /* steps whose transition was found by text */
  /* chains (dot_aa_chains): the state a state's one way leads to in its
   * chain, and the first state of the chain it is in (-1: none, itself) */
  int32_t *next, *head;
  /* folding along the traces (dot_aa_fold), when the chains alone are
   * more than fit: each state's segment (NULL: no folding), the call
   * depth folded (UINT_MAX: none) */
  struct dot_aa_seg *seg;
  unsigned fold;
} dot_aa_ctx;

/* Where the traces pass a state: in a run of steps in one function (or
 * inside a call folded: deep, fn the callee at depth fold + 1) that began
 * at state entry. A state passed in runs begun at two states (clash) is
 * no run's. */
typedef struct dot_aa_seg {
  const char *fn;
  uint32_t entry;
  unsigned lo, hi; /* the program lines of the steps that leave it */
  unsigned char set, clash, deep;
} dot_aa_seg;

/* A step's state: index >= 0, or -(k + 1) for a name not in the
 * automaton. */
static long dot_aa_state(dot_aa_ctx *c, const char *name) {
  if (!name) name = "";
  void *p = hmap_sget(&c->names, name);
  if (p) return (long)((uintptr_t)p - 1);
  p = hmap_sget(&c->extra_names, name);
  if (!p) {
    VEC_PUSH(c->extra, name);
    p = (void *)(uintptr_t)c->extra.len;
    hmap_sput(&c->extra_names, name, p);
  }
  return -(long)(uintptr_t)p;
}

static void dot_aa_use(dot_aa_ctx *c, long t, unsigned use, size_t trace) {
  c->use[t] |= use;
  dot_note_id(&c->ids[t], trace);
}

static void dot_aa_extra_edge(dot_aa_ctx *c, long from, long to, unsigned use,
                              size_t trace) {
  uint64_t key = ((uint64_t)(uint32_t)from << 32) | (uint32_t)to;
  size_t i = (size_t)(uintptr_t)hmap_get(&c->extra_edge_of, key);
  if (!i) {
    dot_xedge x = {from, to, 0, {{0}, 0, 0, 0}};
    VEC_PUSH(c->extra_edges, x);
    i = c->extra_edges.len;
    hmap_put(&c->extra_edge_of, key, (void *)(uintptr_t)i);
  }
  c->extra_edges.data[i - 1].use |= use;
  dot_note_id(&c->extra_edges.data[i - 1].ids, trace);
}

/* The transitions one step took, from the automaton's own step over the
 * step's CFA edge when the CFA is the report's; otherwise (or when that
 * does not reach the step's target) by the step's text. */
static void dot_aa_step(dot_aa_ctx *c, const rep_step *s, unsigned use,
                        size_t trace) {
  long qf = dot_aa_state(c, s->aa_from), qt = dot_aa_state(c, s->aa_to);
  if (qf >= 0) c->shown[qf] = 1;
  if (qt >= 0) c->shown[qt] = 1;
  if (qf < 0 || qt < 0) {
    if (qf != qt) dot_aa_extra_edge(c, qf, qt, use, trace);
    return;
  }
  const aa_automaton *A = c->A;
  if (c->v && s->edge < c->g->edges.len) {
    as_step out[8];
    unsigned n =
        as_step_edge(c->v, (unsigned)qf, c->g->edges.data[s->edge], out, 8);
    for (unsigned i = 0; i < n; i++) {
      if (out[i].target != (unsigned)qt) continue;
      for (unsigned k = 0; k < out[i].neps; k++)
        dot_aa_use(c, out[i].eps[k], use, trace);
      if (out[i].transition >= 0) dot_aa_use(c, out[i].transition, use, trace);
      return;
    }
  }
  c->by_text++;
  const aa_state *st = &A->states[qf];
  long pick = -1;
  for (uint32_t i = st->first; i < st->first + st->count; i++) {
    const aa_transition *t = &A->transitions[i];
    if (t->go != AA_GOTO_STATE || t->target != qt) continue;
    if (t->trigger->kind == AA_X_MATCH && s->text &&
        !strcmp(t->trigger->text, s->text)) {
      pick = i;
      break;
    }
    if (pick < 0) pick = i;
  }
  if (pick >= 0)
    dot_aa_use(c, pick, use, trace);
  else if (qf != qt) /* stays are no transition; anything else is shown */
    dot_aa_extra_edge(c, qf, qt, use, trace);
}

static void dot_aa_state_node(Agnode_t *n, const aa_automaton *A, uint32_t i,
                              sbuf *b) {
  const aa_state *st = &A->states[i];
  dot_clear(b);
  dot_text(b, st->name, DOT_LABEL_MAX);
  dot_set(n, "label", dot_str(b));
  dot_clear(b);
  dot_tip(b, st->name);
  sb_printf(b, " (line %u, %u transition%s)", st->line, st->count,
            st->count == 1 ? "" : "s");
  dot_set(n, "tooltip", dot_str(b));
  if (st->sink == AA_SINK_TRUE) {
    dot_set(n, "shape", "doublecircle");
    dot_set(n, "style", "filled");
    dot_set(n, "fillcolor", DOT_FILL_TRUE);
    dot_set(n, "color", DOT_GREEN);
    dot_set(n, "penwidth", "2");
  } else if (st->sink == AA_SINK_FALSE) {
    dot_set(n, "shape", "doubleoctagon");
    dot_set(n, "style", "filled");
    dot_set(n, "fillcolor", DOT_FILL_FALSE);
    dot_set(n, "color", DOT_RED);
    dot_set(n, "penwidth", "2");
  } else if (st->type == AA_STYPE_TARGET) {
    dot_set(n, "shape", "octagon");
    dot_set(n, "color", DOT_RED);
  }
}

static void dot_aa_edge_label(Agedge_t *e, const aa_transition *t, sbuf *b) {
  char *trig = aa_expr_string(t->trigger);
  char *go = t->go == AA_GOTO_STATE ? NULL : aa_goto_string(t);
  dot_clear(b);
  if (aa_transition_is_catchall(t)) {
    sb_put(b, "TRUE");
  } else {
    dot_text(b, trig, DOT_LABEL_MAX);
  }
  if (t->assume) {
    sb_put(b, "\\nASSUME {");
    dot_text(b, t->assume, DOT_LABEL_MAX);
    sb_put(b, "}");
  }
  if (go) {
    sb_put(b, "\\n");
    dot_text(b, go, DOT_LABEL_MAX);
  }
  dot_set(e, "label", dot_str(b));
  mem_free(trig);
  mem_free(go);
}

static void dot_aa_tooltip(Agedge_t *e, const aa_automaton *A,
                           const aa_transition *t, const rep_report *r,
                           const dot_ids *ids, sbuf *b) {
  dot_clear(b);
  char *trig = aa_expr_string(t->trigger);
  dot_tip(b, A->path ? A->path : "automaton");
  sb_printf(b, ":%u: ", t->line);
  dot_tip(b, trig);
  mem_free(trig);
  if (ids && ids->total) {
    sb_put(b, "\\ntaken by ");
    dot_put_ids(b, r, ids);
  }
  dot_set(e, "tooltip", dot_str(b));
}

/* The report's automaton, loaded if it is still the one the report was
 * made with (or o->no_hash_check: then *warning says it changed); NULL
 * with *err otherwise. */
static aa_automaton *dot_aa_load(const rep_report *r, const dot_options *o,
                                 char **warning, char **err) {
  if (!r->aa_path) {
    *err = mem_printf("the report names no automaton");
    return NULL;
  }
  char *e = NULL;
  int same = dot_same_file(r->aa_path, r->aa_sha256);
  if (r->aa_text && (same < 0 || (!same && o->no_hash_check))) {
    /* the text the report carries: the report moved without its
     * automaton, or (overridden) the file changed since */
    if (!same) {
      *warning = mem_printf("the automaton %s has changed since the report "
                            "was made (sha256 differs): showing the one the "
                            "report carries",
                            r->aa_path);
    }
    aa_automaton *A =
        aa_is_xml(r->aa_text, r->aa_len)
            ? aa_parse_graphml(r->aa_text, r->aa_len, r->aa_path, &e)
            : aa_parse_text(r->aa_text, r->aa_len, r->aa_path, &e);
    if (!A) *err = e;
    return A;
  }
  if (same < 0) {
    *err = mem_printf("the automaton %s cannot be read: %s", r->aa_path,
                      file_why(r->aa_path, errno));
    return NULL;
  }
  if (!same) {
    char *m = mem_printf("the automaton %s has changed since the report was "
                         "made (sha256 differs)",
                         r->aa_path);
    if (!o->no_hash_check) {
      *err = m;
      return NULL;
    }
    *warning = m;
  }
  aa_automaton *A = aa_load(r->aa_path, &e);
  if (!A) *err = e;
  return A;
}

/* The edges of the shown transitions (an: the states' nodes; ERROR, STOP
 * and BREAK get a box each) and of the steps no single transition took
 * (xn: the nodes of states not in the automaton). */
/* Folding along the traces, transitions between the same two nodes are
 * one edge: the first's label, how many more, the use of all. */
typedef struct {
  Agedge_t *e;
  uint32_t first, n;
  unsigned use;
  dot_ids ids;
} dot_aa_merged;
typedef struct {
  hmap of; /* edge's sequence number -> index + 1 in all */
  VEC(dot_aa_merged) all;
} dot_aa_more;

static void dot_aa_edge_more(const dot_aa_ctx *c, Agedge_t *e, uint32_t t,
                             dot_aa_more *m) {
  uint64_t key = (uint64_t)AGSEQ(e);
  size_t k = (size_t)(uintptr_t)hmap_get(&m->of, key);
  if (!k) {
    dot_aa_merged x = {e, 0, 0, 0, {{0}, 0, 0, 0}};
    VEC_PUSH(m->all, x);
    k = m->all.len;
    hmap_put(&m->of, key, (void *)(uintptr_t)k);
  }
  dot_aa_merged *x = &m->all.data[k - 1];
  x->n++;
  x->use |= c->use[t];
  for (uint32_t i = 0; i < c->ids[t].n; i++)
    dot_note_id(&x->ids, c->ids[t].first[i]);
}

static void dot_aa_edges_merged(const dot_aa_ctx *c, dot_aa_more *m,
                                sbuf *b) {
  for (size_t k = 0; k < m->all.len; k++) {
    const dot_aa_merged *x = &m->all.data[k];
    dot_clear(b);
    sb_put(b, agget(x->e, "label"));
    sb_printf(b, "\\n(and %u more transition%s)", x->n,
              x->n == 1 ? "" : "s");
    dot_set(x->e, "label", dot_str(b));
    if (x->ids.total) {
      dot_clear(b);
      sb_put(b, agget(x->e, "tooltip"));
      sb_put(b, "\\nthe others taken by ");
      dot_put_ids(b, c->r, &x->ids);
      dot_set(x->e, "tooltip", dot_str(b));
    }
    if (x->use) dot_style_use(x->e, x->use);
  }
  VEC_FREE(m->all);
  hmap_free(&m->of);
}

static void dot_aa_edges(Agraph_t *dg, const dot_aa_ctx *c, Agnode_t **an,
                         Agnode_t **xn, sbuf *b) {
  const aa_automaton *A = c->A;
  const rep_report *r = c->r;
  dot_aa_more more = {0};
  Agnode_t *gone[4] = {0}; /* ERROR, STOP, BREAK targets */
  static const char *const gone_name[4] = {"", "ERROR", "STOP", "BREAK"};
  for (uint32_t i = 0; i < A->ntransitions; i++) {
    const aa_transition *t = &A->transitions[i];
    if (!c->shown[t->source]) continue;
    /* inside a chain: its way on, and a catch-all as its last state's;
     * folded along the traces: none inside a run, one edge a pair */
    if (!c->seg && c->next && c->next[t->source] >= 0) continue;
    if (c->seg && t->go == AA_GOTO_STATE && t->target >= 0 &&
        ((c->head[t->source] >= 0 &&
          c->head[t->source] == c->head[t->target]) ||
         (!c->use[i] && A->states[t->target].sink)))
      continue;
    Agnode_t *to;
    if (t->go == AA_GOTO_STATE) {
      if (!c->shown[t->target]) continue;
      to = an[t->target];
    } else {
      unsigned k = t->go < 4 ? t->go : 1;
      if (!gone[k]) {
        gone[k] = dot_node(dg, 'g', k);
        dot_set(gone[k], "label", gone_name[k]);
        dot_set(gone[k], "shape", "box");
      }
      to = gone[k];
    }
    Agedge_t *ae = c->seg ? agedge(dg, an[t->source], to, NULL, 0) : NULL;
    if (ae) { /* folded: another transition between the same nodes */
      dot_aa_edge_more(c, ae, i, &more);
      continue;
    }
    ae = dot_edge(dg, an[t->source], to);
    dot_aa_edge_label(ae, t, b);
    dot_aa_tooltip(ae, A, t, r, &c->ids[i], b);
    if (!c->use[i]) {
      dot_set(ae, "color", DOT_GREY);
      dot_set(ae, "fontcolor", DOT_GREY);
    }
    dot_style_use(ae, c->use[i]);
  }
  dot_aa_edges_merged(c, &more, b);
  for (size_t k = 0; k < c->extra_edges.len; k++) {
    const dot_xedge *x = &c->extra_edges.data[k];
    Agnode_t *f = x->from >= 0 ? an[x->from] : xn[-x->from - 1];
    Agnode_t *t = x->to >= 0 ? an[x->to] : xn[-x->to - 1];
    Agedge_t *ae = dot_edge(dg, f, t);
    dot_set(ae, "label", "(no single transition)");
    dot_clear(b);
    sb_put(b, "the automaton has no transition for this step; taken by ");
    dot_put_ids(b, r, &x->ids);
    dot_set(ae, "tooltip", dot_str(b));
    dot_style_use(ae, x->use);
    dot_set(ae, "style", "dotted");
  }
}

/* The graph's label: the automaton, how much of it is shown, the legend,
 * and the steps matched by text. */
static void dot_aa_label(Agraph_t *dg, const dot_aa_ctx *c, bool whole,
                         uint32_t nshown, const dot_options *o, sbuf *b) {
  const rep_report *r = c->r;
  dot_clear(b);
  sb_put(b, "automaton ");
  dot_text(b, r->aa_path, 0);
  if (o->around) {
    sb_printf(b, ": the %u of %u states within %u transition%s of ", nshown,
              c->A->nstates, o->depth, o->depth == 1 ? "" : "s");
    dot_text(b, o->around, DOT_LABEL_MAX);
  } else if (whole)
    sb_printf(b, ": all %u states", c->A->nstates);
  else
    sb_printf(b,
              ": %u of %u states shown (those the report's traces pass "
              "through)",
              nshown, c->A->nstates);
  sb_put(b, "\\lgreen: taken by safe-cone traces, red: by frontier traces, "
            "both colours: by both; dashed grey: only by unknown traces; "
            "thin grey: by none\\l");
  if (c->by_text)
    sb_printf(b, "%lu step%s matched to transitions by text (%s)\\l",
              c->by_text, c->by_text == 1 ? "" : "s",
              c->g ? "the automaton's step did not reach the recorded state"
                   : "the report's program is missing or changed");
  dot_set(dg, "label", dot_str(b));
}


static void dot_aa_ctx_free(dot_aa_ctx *c) {
  mem_free(c->seg);
  mem_free(c->next);
  mem_free(c->head);
  VEC_FREE(c->extra_edges);
  VEC_FREE(c->extra);
  hmap_free(&c->names);
  hmap_free(&c->extra_names);
  hmap_free(&c->extra_edge_of);
  mem_free(c->shown);
  mem_free(c->use);
  mem_free(c->ids);
}

/* The node of the chain from state h: its first and last states, how many,
 * the MATCH texts along it in the tooltip, coloured by the traces. */
static void dot_aa_chain_node(Agnode_t *an, const dot_aa_ctx *c, uint32_t h,
                              sbuf *b) {
  const aa_automaton *A = c->A;
  uint32_t k = 1, last = h;
  unsigned use = 0;
  for (int32_t q = c->next[h]; q >= 0; q = c->next[q]) {
    k++;
    last = (uint32_t)q;
  }
  dot_clear(b);
  dot_text(b, A->states[h].name, DOT_LABEL_MAX);
  sb_put(b, " ... ");
  dot_text(b, A->states[last].name, DOT_LABEL_MAX);
  sb_printf(b, "\\n%u states in a chain", k);
  dot_set(an, "label", dot_str(b));
  dot_clear(b);
  sb_printf(b, "%u states, each with one way on", k);
  uint32_t shown = 0;
  for (uint32_t p = h; c->next[p] >= 0; p = (uint32_t)c->next[p]) {
    const aa_state *st = &A->states[p];
    for (uint32_t t = st->first; t < st->first + st->count; t++) {
      if (A->transitions[t].target != c->next[p]) continue;
      use |= c->use[t];
      if (shown++ >= DOT_FOLD_TIP) continue;
      sb_put(b, "\\n");
      dot_text(b, st->name, DOT_LABEL_MAX);
      sb_put(b, ": ");
      char *trig = aa_expr_string(A->transitions[t].trigger);
      dot_text(b, trig, DOT_LABEL_MAX);
      mem_free(trig);
    }
  }
  if (shown > DOT_FOLD_TIP) sb_printf(b, "\\n... %u more", shown - DOT_FOLD_TIP);
  dot_set(an, "tooltip", dot_str(b));
  dot_set(an, "shape", "box");
  dot_set(an, "style", "rounded");
  if (use & DOT_USE_FRONTIER)
    dot_set(an, "color", DOT_RED);
  else if (use & DOT_USE_SAFE)
    dot_set(an, "color", DOT_GREEN);
}

/* Folding along the traces, the node of the run whose first state is h:
 * the function (or the call folded), its entry state, how many states,
 * the program lines its steps pass and its branches off the traces (to
 * states not shown); its transitions in the tooltip. */
static void dot_aa_group_node(Agnode_t *an, const dot_aa_ctx *c, uint32_t h,
                              sbuf *b) {
  const aa_automaton *A = c->A;
  const dot_aa_seg *g = &c->seg[h];
  uint32_t k = 0, off = 0, lo = UINT32_MAX, hi = 0, listed = 0;
  unsigned use = 0;
  sbuf tip = {0};
  for (uint32_t q = h; q < A->nstates; q++) {
    if (c->head[q] != (int32_t)h) continue;
    k++;
    if (c->seg[q].lo && c->seg[q].lo < lo) lo = c->seg[q].lo;
    if (c->seg[q].hi > hi) hi = c->seg[q].hi;
    const aa_state *st = &A->states[q];
    for (uint32_t t = st->first; t < st->first + st->count; t++) {
      const aa_transition *tr = &A->transitions[t];
      if (tr->go != AA_GOTO_STATE || tr->target < 0) continue;
      if (!c->shown[tr->target]) {
        off += !A->states[tr->target].sink;
        continue;
      }
      if (c->head[tr->target] != (int32_t)h) continue;
      use |= c->use[t];
      if (listed++ >= DOT_FOLD_TIP) continue;
      sb_put(&tip, "\\n");
      dot_text(&tip, st->name, DOT_LABEL_MAX);
      sb_put(&tip, ": ");
      char *trig = aa_expr_string(tr->trigger);
      dot_text(&tip, trig, DOT_LABEL_MAX);
      mem_free(trig);
      sb_put(&tip, " -> ");
      dot_text(&tip, A->states[tr->target].name, DOT_LABEL_MAX);
    }
  }
  dot_clear(b);
  if (g->deep) sb_put(b, "call to ");
  dot_text(b, *g->fn ? g->fn : "(global declarations)", DOT_LABEL_MAX);
  sb_put(b, g->deep ? "\\nfrom " : ": ");
  dot_text(b, A->states[g->entry < A->nstates ? g->entry : h].name,
           DOT_LABEL_MAX);
  sb_printf(b, "\\n%u state%s", k, k == 1 ? "" : "s");
  if (lo < hi)
    sb_printf(b, ", lines %u-%u", lo, hi);
  else if (lo == hi)
    sb_printf(b, ", line %u", lo);
  if (off) sb_printf(b, ", %u branch%s off", off, off == 1 ? "" : "es");
  dot_set(an, "label", dot_str(b));
  dot_clear(b);
  sb_printf(b, "%u state%s the traces pass in one run of ", k,
            k == 1 ? "" : "s");
  dot_tip(b, *g->fn ? g->fn : "(global declarations)");
  sb_printf(b, "; %u transition%s to states not shown", off,
            off == 1 ? "" : "s");
  sb_put(b, dot_str(&tip));
  if (listed > DOT_FOLD_TIP)
    sb_printf(b, "\\n... %u more", listed - DOT_FOLD_TIP);
  sb_free(&tip);
  dot_set(an, "tooltip", dot_str(b));
  dot_set(an, "shape", g->deep ? "box3d" : "box");
  dot_set(an, "style", "rounded");
  if (use & DOT_USE_FRONTIER)
    dot_set(an, "color", DOT_RED);
  else if (use & DOT_USE_SAFE)
    dot_set(an, "color", DOT_GREEN);
}

/* The one way on from shown state p (else -1): p's transitions are one
 * GOTO a shown state other than p and no sink, and at most a catch-all
 * into a sink (*sink, else -1). */
static int32_t dot_aa_way(const dot_aa_ctx *c, uint32_t p, int32_t *sink) {
  const aa_automaton *A = c->A;
  const aa_state *st = &A->states[p];
  int32_t to = -1;
  *sink = -1;
  for (uint32_t k = st->first; k < st->first + st->count; k++) {
    const aa_transition *t = &A->transitions[k];
    if (t->go != AA_GOTO_STATE || t->target < 0) return -1;
    if (A->states[t->target].sink) {
      if (!aa_transition_is_catchall(t) || *sink >= 0) return -1;
      *sink = t->target;
    } else if (to >= 0 || (uint32_t)t->target == p ||
               !c->shown[t->target] || aa_transition_is_catchall(t))
      return -1;
    else
      to = t->target;
  }
  return to;
}

/* Chains of single-successor states, drawn as one node: p -> s is a link
 * when p's one way on is s (dot_aa_way), s has no other shown
 * predecessor, is not the initial state, and sends its catch-all where p
 * does (a chain's states then read alike but for their MATCH texts).
 * Returns the states folded into chains. */
static uint32_t dot_aa_chains(dot_aa_ctx *c) {
  const aa_automaton *A = c->A;
  uint32_t n = A->nstates, folded = 0;
  uint32_t *preds = mem_calloc(n + 1, sizeof *preds);
  mem_free(c->next);
  mem_free(c->head);
  c->next = mem_alloc((n + 1) * sizeof *c->next);
  c->head = mem_alloc((n + 1) * sizeof *c->head);
  for (uint32_t i = 0; i < n; i++) c->next[i] = c->head[i] = -1;
  for (uint32_t k = 0; k < A->ntransitions; k++) {
    const aa_transition *t = &A->transitions[k];
    if (c->shown[t->source] && t->go == AA_GOTO_STATE && t->target >= 0 &&
        t->target != (int32_t)t->source && preds[t->target] < 2)
      preds[t->target]++;
  }
  for (uint32_t p = 0; p < n; p++) {
    int32_t sp, ss;
    if (!c->shown[p] || A->states[p].sink) continue;
    int32_t s = dot_aa_way(c, p, &sp);
    if (s < 0 || s == A->initial || preds[s] != 1) continue;
    (void)dot_aa_way(c, (uint32_t)s, &ss);
    if (ss != sp) continue;
    c->next[p] = s;
  }
  /* heads: the states no link leads to; a chain is followed from its
   * head (links that only make a cycle are dropped) */
  unsigned char *linked = mem_calloc(n + 1, 1);
  for (uint32_t p = 0; p < n; p++)
    if (c->next[p] >= 0) linked[c->next[p]] = 1;
  for (uint32_t h = 0; h < n; h++) {
    if (linked[h] || c->next[h] < 0) continue;
    c->head[h] = (int32_t)h;
    for (int32_t q = c->next[h]; q >= 0; q = c->next[q]) {
      c->head[q] = (int32_t)h;
      folded++;
    }
  }
  for (uint32_t p = 0; p < n; p++)
    if (c->head[p] < 0) c->next[p] = -1;
  mem_free(linked);
  mem_free(preds);
  return folded;
}

static void dot_aa_seg_note(dot_aa_ctx *c, const char *state, const char *fn,
                            uint32_t entry, bool deep, unsigned line) {
  uintptr_t q = state ? (uintptr_t)hmap_sget(&c->names, state) : 0;
  if (!q) return;
  dot_aa_seg *g = &c->seg[q - 1];
  if (!g->set) {
    *g = (dot_aa_seg){fn ? fn : "", entry, line, line, 1, 0, deep};
    return;
  }
  if (line && (!g->lo || line < g->lo)) g->lo = line;
  if (line > g->hi) g->hi = line;
  if (g->entry != entry) g->clash = 1;
}

/* Each state's run of the traces with calls deeper than fold folded: a
 * run is the steps in one function at one call depth (a return step is
 * its callee's), or inside one call at depth fold + 1; it begins at the
 * state its first step leaves. depth: the traces' call depths
 * (dot_trace_depths), in dot_trace_at's order. */
static void dot_aa_segments(dot_aa_ctx *c, unsigned fold,
                            unsigned *const *depth) {
  memset(c->seg, 0, (c->A->nstates + 1) * sizeof *c->seg);
  size_t nt = dot_ntraces(c->r);
  for (size_t ti = 0; ti < nt; ti++) {
    const rep_trace *t = dot_trace_at(c->r, ti);
    const char *fn = NULL;
    unsigned at = UINT_MAX; /* the run's depth; fold + 1: a folded call */
    uint32_t entry = UINT32_MAX;
    for (size_t i = 0; i < t->steps.len; i++) {
      const rep_step *st = &t->steps.data[i];
      unsigned e = depth[ti][i] + (st->kind == REP_STEP_RETURN);
      bool deep = fold != UINT_MAX && e > fold;
      unsigned d = deep ? fold + 1 : e;
      const char *f = st->function ? st->function : "";
      if (i == 0 || d != at || (!deep && strcmp(f, fn))) {
        uintptr_t q = st->aa_from ? (uintptr_t)hmap_sget(&c->names,
                                                          st->aa_from)
                                  : 0;
        entry = q ? (uint32_t)(q - 1) : UINT32_MAX - 1;
        at = d;
        fn = f;
      }
      dot_aa_seg_note(c, st->aa_from, fn, entry, deep, st->line);
      if (i + 1 == t->steps.len)
        dot_aa_seg_note(c, st->aa_to, fn, entry, deep, 0);
    }
  }
}

/* The folding's nodes: each shown state of a run (no clash) goes to the
 * run's first such state by index (c->head); c->next is none. */
static void dot_aa_groups(dot_aa_ctx *c) {
  uint32_t n = c->A->nstates;
  int32_t *rep = mem_alloc((n + 1) * sizeof *rep);
  for (uint32_t i = 0; i < n; i++) rep[i] = c->next[i] = c->head[i] = -1;
  for (uint32_t i = 0; i < n; i++) {
    const dot_aa_seg *g = &c->seg[i];
    if (!c->shown[i] || !g->set || g->clash || g->entry >= n ||
        c->A->states[i].sink)
      continue;
    if (rep[g->entry] < 0) rep[g->entry] = (int32_t)i;
    c->head[i] = rep[g->entry];
  }
  mem_free(rep);
}

/* The nodes the shown states make with the chains or groups found. */
static uint32_t dot_aa_nodes(const dot_aa_ctx *c) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < c->A->nstates; i++)
    n += c->shown[i] && (c->head[i] < 0 || (uint32_t)c->head[i] == i);
  return n;
}

/* When the chains leave more nodes than fit a screen (DOT_AA_FIT_NODES)
 * and the report has traces: fold along them (c->seg, c->head), a node
 * per run of the traces in one function (its branches off the traces not
 * drawn), calls deeper than the deepest depth that fits drawn as one node
 * each (c->fold; 0 when none fits). */
static void dot_aa_fold(dot_aa_ctx *c) {
  size_t nt = dot_ntraces(c->r);
  if (!nt || dot_aa_nodes(c) <= DOT_AA_FIT_NODES) return;
  unsigned **depth = mem_alloc(nt * sizeof *depth), max = 0;
  for (size_t ti = 0; ti < nt; ti++) {
    const rep_trace *t = dot_trace_at(c->r, ti);
    depth[ti] = dot_trace_depths(t);
    for (size_t i = 0; i < t->steps.len; i++)
      if (depth[ti][i] + 1 > max) max = depth[ti][i] + 1;
  }
  c->seg = mem_alloc((c->A->nstates + 1) * sizeof *c->seg);
  for (unsigned f = max + 1; f-- > 0;) {
    c->fold = f == max ? UINT_MAX : f;
    dot_aa_segments(c, c->fold, depth);
    dot_aa_groups(c);
    if (dot_aa_nodes(c) <= DOT_AA_FIT_NODES) break;
  }
  for (size_t ti = 0; ti < nt; ti++) mem_free(depth[ti]);
  mem_free(depth);
}

/* --around: c->shown becomes the states within o->depth transitions
 * (either way) of the state o->around names, or of those the trace it
 * names passes; false with *err when it names neither. */
static bool dot_aa_around(dot_aa_ctx *c, const dot_options *o, char **err) {
  const aa_automaton *A = c->A;
  memset(c->shown, 0, A->nstates + 1);
  uintptr_t at = (uintptr_t)hmap_sget(&c->names, o->around);
  if (at)
    c->shown[at - 1] = 1;
  else {
    const rep_trace *t = dot_find_trace(c->r, o->around);
    if (!t) {
      sbuf b = {0};
      sb_put(&b, "--around '");
      dot_msg(&b, o->around);
      sb_put(&b, "' names no state of the automaton and no trace of the "
                 "report");
      *err = sb_take(&b);
      return false;
    }
    for (size_t i = 0; i < t->steps.len; i++) {
      const char *ends[2] = {t->steps.data[i].aa_from, t->steps.data[i].aa_to};
      for (int k = 0; k < 2; k++) {
        uintptr_t q = ends[k] ? (uintptr_t)hmap_sget(&c->names, ends[k]) : 0;
        if (q) c->shown[q - 1] = 1;
      }
    }
  }
  /* breadth first, a level a round over every transition */
  unsigned char *next = mem_calloc(A->nstates + 1, 1);
  for (unsigned d = 0; d < o->depth; d++) {
    memcpy(next, c->shown, A->nstates);
    for (uint32_t s = 0; s < A->nstates; s++) {
      const aa_state *st = &A->states[s];
      for (uint32_t k = st->first; k < st->first + st->count; k++) {
        int32_t to = A->transitions[k].target;
        if (to < 0 || (uint32_t)to >= A->nstates) continue;
        /* a sink is shown, never passed through: every state reaches
         * __TRUE by its catch-all */
        if (c->shown[s] && !st->sink) next[to] = 1;
        if (c->shown[to] && !A->states[to].sink) next[s] = 1;
      }
    }
    memcpy(c->shown, next, A->nstates);
  }
  mem_free(next);
  return true;
}

dot_status dot_view_aa(const rep_report *r, const dot_options *o,
                              Agraph_t **out, char **warning, char **err) {
  aa_automaton *A = dot_aa_load(r, o, warning, err);
  if (!A) return DOT_BAD_INPUT;
  /* The CFA lets the automaton's own step say which transitions a step
   * took (epsilon moves included); without the report's program the
   * transitions are found by the steps' texts. */
  cfa *g = NULL;
  as_view *v = NULL;
  bool changed = false;
  char *cerr = NULL;
  if (r->program_text ||
      (r->program_path && dot_same_file(r->program_path, r->program_sha256) > 0))
    g = dot_load_cfa(r, &changed, &cerr);
  mem_free(cerr);
  if (g) v = as_view_new(A);

  dot_aa_ctx C = {0}, *c = &C;
  c->r = r;
  c->A = A;
  c->g = g;
  c->v = v;
  c->shown = mem_calloc(A->nstates + 1, 1);
  c->use = mem_calloc(A->ntransitions + 1, sizeof *c->use);
  c->ids = mem_calloc(A->ntransitions + 1, sizeof *c->ids);
  for (uint32_t i = 0; i < A->nstates; i++)
    hmap_sput(&c->names, A->states[i].name, (void *)(uintptr_t)(i + 1));
  size_t nt = dot_ntraces(r);
  for (size_t ti = 0; ti < nt; ti++) {
    const rep_trace *t = dot_trace_at(r, ti);
    unsigned use = dot_trace_use(t);
    for (size_t i = 0; i < t->steps.len; i++)
      dot_aa_step(c, &t->steps.data[i], use, ti);
  }
  if (A->initial >= 0) c->shown[A->initial] = 1;
  bool whole = A->nstates <= DOT_AA_FULL_STATES && !o->around;
  if (o->around && !dot_aa_around(c, o, err)) {
    dot_aa_ctx_free(c);
    as_view_free(v);
    cfa_free(g);
    aa_free(A);
    return DOT_BAD_INPUT;
  }
  uint32_t nshown = 0;
  for (uint32_t i = 0; i < A->nstates; i++) {
    if (whole) c->shown[i] = 1;
    nshown += c->shown[i];
  }

  Agraph_t *dg = dot_open("aa");
  sbuf b = {0};
  Agnode_t **an = mem_calloc(A->nstates + 1, sizeof *an);
  if (A->initial >= 0) {
    Agnode_t *start = agnode(dg, "start", 1);
    dot_set(start, "shape", "point");
    dot_set(start, "label", "");
    an[A->initial] = dot_node(dg, 'q', (unsigned long)A->initial);
    dot_set(dot_edge(dg, start, an[A->initial]), "tooltip", "initial state");
  }
  uint32_t nchain = dot_aa_chains(c);
  if (!whole) dot_aa_fold(c);
  if (c->seg) nchain = nshown - dot_aa_nodes(c);
  for (uint32_t i = 0; i < A->nstates; i++) {
    if (!c->shown[i] || (c->head[i] >= 0 && (uint32_t)c->head[i] != i))
      continue;
    if (!an[i]) an[i] = dot_node(dg, 'q', i);
    dot_aa_state_node(an[i], A, i, &b);
    if (c->seg && c->head[i] >= 0)
      dot_aa_group_node(an[i], c, i, &b);
    else if (c->head[i] >= 0)
      dot_aa_chain_node(an[i], c, i, &b);
  }
  for (uint32_t i = 0; i < A->nstates; i++) /* the rest of each chain */
    if (c->shown[i] && c->head[i] >= 0) an[i] = an[c->head[i]];
  /* --around: only the automaton's own states and transitions */
  if (o->around) {
    VEC_FREE(c->extra);
    VEC_FREE(c->extra_edges);
  }
  Agnode_t **xn = mem_calloc(c->extra.len + 1, sizeof *xn);
  for (size_t k = 0; k < c->extra.len; k++) {
    xn[k] = dot_node(dg, 'x', k);
    dot_clear(&b);
    dot_text(&b, c->extra.data[k], DOT_LABEL_MAX);
    sb_put(&b, "\\n(not in the automaton)");
    dot_set(xn[k], "label", dot_str(&b));
    dot_set(xn[k], "style", "dashed");
  }
  dot_aa_edges(dg, c, an, xn, &b);
  dot_aa_label(dg, c, whole, nshown, o, &b);
  if (c->seg) {
    char *d = c->fold == UINT_MAX ? mem_printf("no call folded")
                                  : mem_printf("calls deeper than %u folded "
                                               "(3D boxes)", c->fold);
    char *l = mem_printf("%sfolded along the traces to fit: a node per run "
                         "of steps in one function (%u states in others' "
                         "nodes), %s; transitions to states not shown are "
                         "counted (branches off), those into __TRUE or "
                         "__FALSE that no trace takes are not drawn\\l",
                         agget(dg, "label"), nchain, d);
    dot_set(dg, "label", l);
    mem_free(d);
    mem_free(l);
  } else if (nchain) {
    char *l = mem_printf("%s%u state%s in chains of single-successor states "
                         "drawn as one node each\\l",
                         agget(dg, "label"), nchain, nchain == 1 ? "" : "s");
    dot_set(dg, "label", l);
    mem_free(l);
  }

  sb_free(&b);
  mem_free(an);
  mem_free(xn);
  dot_aa_ctx_free(c);
  as_view_free(v);
  cfa_free(g);
  aa_free(A);
  *out = dg;
  return DOT_OK;
}

/* ---------- view "cfa" ---------- */

