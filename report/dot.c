#include "dot.h"

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

/* ---------- text ---------- */

static const char *dot_str(const sbuf *b) { return b->s ? b->s : ""; }
static void dot_clear(sbuf *b) {
  b->len = 0;
  if (b->s) *b->s = 0;
}

/* Append foreign text s: cut to `max` bytes of the original (0: no cut;
 * "..." marks a cut), escaped (lib/esc), and every backslash written `copies`
 * times. Graphviz reads a backslash in a label as the start of one of its
 * own escapes (\n, \l, \N ...) and undoes one doubling; a tooltip in SVG
 * goes through two such passes (measured with Graphviz 2.43). Error
 * messages for the terminal take one copy. */
static void dot_put_esc(sbuf *b, const char *s, size_t max, int copies) {
  if (!s) s = "";
  size_t n = strlen(s);
  bool cut = max && n > max;
  char *part;
  if (cut) {
    n = max;
    /* not inside a UTF-8 sequence */
    while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80 && max - n < 3)
      n--;
    part = mem_strndup(s, n);
  } else {
    part = mem_strdup(s);
  }
  char *e = esc_text(part, 0);
  for (const char *q = e; *q; q++) {
    if (*q == '\\')
      for (int k = 1; k < copies; k++)
        sb_putn(b, "\\", 1);
    sb_putn(b, q, 1);
  }
  if (cut) sb_put(b, "...");
  mem_free(e);
  mem_free(part);
}

static void dot_text(sbuf *b, const char *s, size_t max) {
  dot_put_esc(b, s, max, 2);
}
static void dot_tip(sbuf *b, const char *s) { dot_put_esc(b, s, 0, 4); }
static void dot_msg(sbuf *b, const char *s) {
  dot_put_esc(b, s, DOT_LABEL_MAX, 1);
}

/* ---------- cgraph ---------- */

static void dot_set(void *obj, const char *name, const char *value) {
  agset(obj, (char *)name, (char *)value);
}

/* cgraph's default ids are the addresses of the interned names, and it
 * keeps subgraphs ordered by id: clusters came out (and were laid out) in
 * an order that followed the heap and changed from run to run. This
 * discipline hands out ids in creation order: even ones for names (kept
 * here, since cgraph's own fallback map leaks in 2.42), odd ones for
 * anonymous objects. */
typedef struct {
  Agraph_t *g;       /* the root graph, whose string pool holds the names */
  hmap by_name;      /* name -> id */
  VEC(char *) names; /* by id / 2 - 1: the name (agstrdup), NULL if anonymous */
} dot_idstate;

static void *dot_id_open(Agraph_t *g, Agdisc_t *disc) {
  (void)disc;
  dot_idstate *st = mem_calloc(1, sizeof *st);
  st->g = g;
  return st;
}
static long dot_id_map(void *state, int objtype, char *str, IDTYPE *id,
                       int createflag) {
  (void)objtype;
  dot_idstate *st = state;
  if (str) {
    void *p = hmap_sget(&st->by_name, str);
    if (p) {
      *id = (IDTYPE)(uintptr_t)p;
      return 1;
    }
  }
  if (!createflag) return 0;
  /* cgraph reads flags in front of a name: it must come from agstrdup */
  VEC_PUSH(st->names, str ? agstrdup(st->g, str) : NULL);
  *id = 2 * (IDTYPE)st->names.len + (str ? 0 : 1);
  if (str) hmap_sput(&st->by_name, str, (void *)(uintptr_t)*id);
  return 1;
}
static long dot_id_alloc(void *state, int objtype, IDTYPE id) {
  (void)state;
  (void)objtype;
  (void)id;
  return 0; /* ids are only handed out by dot_id_map */
}
static void dot_id_free(void *state, int objtype, IDTYPE id) {
  (void)state;
  (void)objtype;
  (void)id;
}
static char *dot_id_print(void *state, int objtype, IDTYPE id) {
  (void)objtype;
  dot_idstate *st = state;
  size_t k = (size_t)(id / 2);
  return id % 2 || !k || k > st->names.len ? NULL : st->names.data[k - 1];
}
static void dot_id_close(void *state) {
  dot_idstate *st = state;
  /* the names go with the graph's string pool */
  VEC_FREE(st->names);
  hmap_free(&st->by_name);
  mem_free(st);
}
static void dot_id_register(void *state, int objtype, void *obj) {
  (void)state;
  (void)objtype;
  (void)obj;
}
static Agiddisc_t dot_iddisc = {dot_id_open,    dot_id_map,   dot_id_alloc,
                                dot_id_free,    dot_id_print, dot_id_close,
                                dot_id_register};
static Agdisc_t dot_disc = {&AgMemDisc, &dot_iddisc, &AgIoDisc};

/* Every attribute any view sets, declared once with its default, so that
 * agset always finds it and the output lists them in this order. */
static Agraph_t *dot_open(const char *name) {
  Agraph_t *g = agopen((char *)name, Agdirected, &dot_disc);
  static const char *const graph_attrs[][2] = {
      {"label", ""},      {"labelloc", "t"},
      {"labeljust", "l"}, {"fontname", "Helvetica"},
      {"rankdir", "TB"},  {"style", ""},
      {"color", "black"}, {"fillcolor", "white"},
      {"tooltip", ""}};
  static const char *const node_attrs[][2] = {
      {"label", "\\N"},          {"shape", "ellipse"}, {"style", ""},
      {"fillcolor", "white"},    {"color", "black"},   {"penwidth", "1"},
      {"fontname", "Helvetica"}, {"tooltip", ""}};
  static const char *const edge_attrs[][2] = {
      {"label", ""},           {"color", "black"},
      {"style", "solid"},      {"penwidth", "1"},
      {"arrowhead", "normal"}, {"fontname", "Helvetica"},
      {"fontcolor", "black"},  {"tooltip", ""}};
  for (size_t i = 0; i < sizeof graph_attrs / sizeof *graph_attrs; i++)
    agattr(g, AGRAPH, (char *)graph_attrs[i][0], (char *)graph_attrs[i][1]);
  for (size_t i = 0; i < sizeof node_attrs / sizeof *node_attrs; i++)
    agattr(g, AGNODE, (char *)node_attrs[i][0], (char *)node_attrs[i][1]);
  for (size_t i = 0; i < sizeof edge_attrs / sizeof *edge_attrs; i++)
    agattr(g, AGEDGE, (char *)edge_attrs[i][0], (char *)edge_attrs[i][1]);
  return g;
}

/* Node names are a letter and a number; labels carry the text. */
static Agnode_t *dot_node(Agraph_t *g, char prefix, unsigned long i) {
  char name[48];
  snprintf(name, sizeof name, "%c%lu", prefix, i);
  return agnode(g, name, 1);
}

static Agedge_t *dot_edge(Agraph_t *g, Agnode_t *a, Agnode_t *b) {
  return agedge(g, a, b, NULL, 1);
}

/* Colour and style of an edge by the traces that use it. */
static void dot_style_use(Agedge_t *e, unsigned use) {
  unsigned sf = use & (DOT_USE_SAFE | DOT_USE_FRONTIER);
  if (sf == (DOT_USE_SAFE | DOT_USE_FRONTIER))
    dot_set(e, "color", DOT_GREEN ":" DOT_RED);
  else if (sf == DOT_USE_SAFE)
    dot_set(e, "color", DOT_GREEN);
  else if (sf == DOT_USE_FRONTIER)
    dot_set(e, "color", DOT_RED);
  if (sf) {
    dot_set(e, "penwidth", "2.5");
    dot_set(e, "fontcolor",
            sf == DOT_USE_SAFE       ? DOT_GREEN
            : sf == DOT_USE_FRONTIER ? DOT_RED
                                     : "black");
  } else if (use & DOT_USE_UNKNOWN) {
    dot_set(e, "color", DOT_GREY);
    dot_set(e, "fontcolor", DOT_GREY);
    dot_set(e, "style", "dashed");
    dot_set(e, "penwidth", "2");
  }
}

static unsigned dot_trace_use(const rep_trace *t) {
  if (!t->feasible) return DOT_USE_UNKNOWN;
  return t->component == REP_SAFE ? DOT_USE_SAFE : DOT_USE_FRONTIER;
}

/* Every trace of the report, in the report's order: safe, frontier,
 * unknown, undefined. */
static size_t dot_ntraces(const rep_report *r) {
  return r->comp[REP_SAFE].traces.len + r->comp[REP_FRONTIER].traces.len +
         r->unknown.len + r->undefined.len;
}

static const rep_trace *dot_trace_at(const rep_report *r, size_t i) {
  for (int k = 0; k < 2; k++) {
    if (i < r->comp[k].traces.len) return r->comp[k].traces.data[i];
    i -= r->comp[k].traces.len;
  }
  if (i < r->unknown.len) return r->unknown.data[i];
  return r->undefined.data[i - r->unknown.len];
}

/* The traces that use a transition or an edge, for its tooltip: the
 * first few by index (dot_trace_at) and how many in all. */
typedef struct {
  uint32_t first[DOT_TOOLTIP_IDS];
  uint32_t n, total;
  uint32_t last1; /* the last trace noted, plus one (0: none) */
} dot_ids;

static void dot_note_id(dot_ids *v, size_t trace) {
  /* traces are noted one after the other: a repeat is the last one */
  if (v->last1 == trace + 1) return;
  v->last1 = (uint32_t)trace + 1;
  if (v->n < DOT_TOOLTIP_IDS) v->first[v->n++] = (uint32_t)trace;
  v->total++;
}

static void dot_put_ids(sbuf *b, const rep_report *r, const dot_ids *v) {
  for (uint32_t i = 0; i < v->n; i++) {
    if (i) sb_put(b, " ");
    dot_tip(b, dot_trace_at(r, v->first[i])->id);
  }
  if (v->total > v->n) sb_printf(b, " and %u more", v->total - v->n);
}

/* Does the file at path still have the recorded sha256? 1 yes, 0 changed,
 * -1 unreadable (errno set). */
static int dot_same_file(const char *path, const char *sha) {
  char *h = rep_sha256_file(path);
  if (!h) return -1;
  int same = sha && !strcmp(h, sha);
  mem_free(h);
  return same;
}

/* The program's CFA. NULL with *err when it cannot be built; *changed when
 * the program is not the one the report was made from. */
static cfa *dot_load_cfa(const rep_report *r, bool *changed, char **err) {
  *changed = false;
  if (!r->program_path) {
    *err = mem_printf("the report names no program");
    return NULL;
  }
  /* ILP32 unless the report says (the reader took ILP32 or LP64 only) */
  cfa_data_model dm =
      r->limits.has_data_model ? r->limits.data_model : CFA_ILP32;
  char *e = NULL;
  if (r->program_text) { /* the source it was made from, wherever it is */
    cfa *g = cfa_build_source(r->program_path, r->program_text,
                              r->program_len, dm, &e);
    if (!g) {
      *err = mem_printf("the CFA of the report's program cannot be built: %s",
                        e);
      mem_free(e);
    }
    return g;
  }
  int same = dot_same_file(r->program_path, r->program_sha256);
  if (same < 0) {
    *err = mem_printf("the program %s cannot be read: %s", r->program_path,
                      file_why(r->program_path, errno));
    return NULL;
  }
  *changed = !same;
  cfa *g = cfa_build(r->program_path, dm, &e);
  if (!g) {
    *err = mem_printf("the CFA of the report's program cannot be built: %s", e);
    mem_free(e);
  }
  return g;
}

/* ---------- view "aa" ---------- */

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
} dot_aa_ctx;

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
static void dot_aa_edges(Agraph_t *dg, const dot_aa_ctx *c, Agnode_t **an,
                         Agnode_t **xn, sbuf *b) {
  const aa_automaton *A = c->A;
  const rep_report *r = c->r;
  Agnode_t *gone[4] = {0}; /* ERROR, STOP, BREAK targets */
  static const char *const gone_name[4] = {"", "ERROR", "STOP", "BREAK"};
  for (uint32_t i = 0; i < A->ntransitions; i++) {
    const aa_transition *t = &A->transitions[i];
    if (!c->shown[t->source]) continue;
    /* inside a chain: its way on, and a catch-all as its last state's */
    if (c->next && c->next[t->source] >= 0) continue;
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
    Agedge_t *ae = dot_edge(dg, an[t->source], to);
    dot_aa_edge_label(ae, t, b);
    dot_aa_tooltip(ae, A, t, r, &c->ids[i], b);
    if (!c->use[i]) {
      dot_set(ae, "color", DOT_GREY);
      dot_set(ae, "fontcolor", DOT_GREY);
    }
    dot_style_use(ae, c->use[i]);
  }
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

static const rep_trace *dot_find_trace(const rep_report *r, const char *id);

static void dot_aa_ctx_free(dot_aa_ctx *c) {
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

static dot_status dot_view_aa(const rep_report *r, const dot_options *o,
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
  for (uint32_t i = 0; i < A->nstates; i++) {
    if (!c->shown[i] || (c->head[i] >= 0 && (uint32_t)c->head[i] != i))
      continue;
    if (!an[i]) an[i] = dot_node(dg, 'q', i);
    dot_aa_state_node(an[i], A, i, &b);
    if (c->head[i] >= 0) dot_aa_chain_node(an[i], c, i, &b);
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
  if (nchain) {
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

static const rep_trace *dot_find_trace(const rep_report *r, const char *id);

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

static const rep_trace *dot_find_trace(const rep_report *r, const char *id) {
  size_t nt = dot_ntraces(r);
  for (size_t i = 0; i < nt; i++) {
    const rep_trace *t = dot_trace_at(r, i);
    if (!strcmp(t->id, id) || !strcmp(t->key, id)) return t;
  }
  return NULL;
}

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

/* The call depth of each step (main's 0; a call step at its caller's,
 * a return step back at it). mem_free. */
static unsigned *dot_trace_depths(const rep_trace *t) {
  unsigned *d = mem_alloc((t->steps.len + 1) * sizeof *d), at = 0;
  for (size_t i = 0; i < t->steps.len; i++) {
    rep_step_kind k = t->steps.data[i].kind;
    if (k == REP_STEP_RETURN && at) at--;
    d[i] = at;
    if (k == REP_STEP_CALL) at++;
  }
  return d;
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
