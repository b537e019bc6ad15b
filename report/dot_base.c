/* The pictures' shared parts (dot_base.h). */
#include "dot_base.h"

#include "lib/esc.h"
#include "lib/file.h"
#include "lib/hmap.h"
#include "lib/mem.h"

#include <errno.h>
#include <graphviz/cgraph.h>
#include <stdint.h>
#include <string.h>

/* ---------- text ---------- */

const char *dot_str(const sbuf *b) { return b->s ? b->s : ""; }
void dot_clear(sbuf *b) {
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

void dot_text(sbuf *b, const char *s, size_t max) {
  dot_put_esc(b, s, max, 2);
}
void dot_tip(sbuf *b, const char *s) { dot_put_esc(b, s, 0, 4); }
void dot_msg(sbuf *b, const char *s) {
  dot_put_esc(b, s, DOT_LABEL_MAX, 1);
}

/* ---------- cgraph ---------- */

void dot_set(void *obj, const char *name, const char *value) {
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
Agraph_t *dot_open(const char *name) {
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
Agnode_t *dot_node(Agraph_t *g, char prefix, unsigned long i) {
  char name[48];
  snprintf(name, sizeof name, "%c%lu", prefix, i);
  return agnode(g, name, 1);
}

Agedge_t *dot_edge(Agraph_t *g, Agnode_t *a, Agnode_t *b) {
  return agedge(g, a, b, NULL, 1);
}

/* Colour and style of an edge by the traces that use it. */
void dot_style_use(Agedge_t *e, unsigned use) {
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

unsigned dot_trace_use(const rep_trace *t) {
  if (!t->feasible) return DOT_USE_UNKNOWN;
  return t->component == REP_SAFE ? DOT_USE_SAFE : DOT_USE_FRONTIER;
}

/* Every trace of the report, in the report's order: safe, frontier,
 * unknown, undefined. */
size_t dot_ntraces(const rep_report *r) {
  return r->comp[REP_SAFE].traces.len + r->comp[REP_FRONTIER].traces.len +
         r->unknown.len + r->undefined.len;
}

const rep_trace *dot_trace_at(const rep_report *r, size_t i) {
  for (int k = 0; k < 2; k++) {
    if (i < r->comp[k].traces.len) return r->comp[k].traces.data[i];
    i -= r->comp[k].traces.len;
  }
  if (i < r->unknown.len) return r->unknown.data[i];
  return r->undefined.data[i - r->unknown.len];
}


void dot_note_id(dot_ids *v, size_t trace) {
  /* traces are noted one after the other: a repeat is the last one */
  if (v->last1 == trace + 1) return;
  v->last1 = (uint32_t)trace + 1;
  if (v->n < DOT_TOOLTIP_IDS) v->first[v->n++] = (uint32_t)trace;
  v->total++;
}

void dot_put_ids(sbuf *b, const rep_report *r, const dot_ids *v) {
  for (uint32_t i = 0; i < v->n; i++) {
    if (i) sb_put(b, " ");
    dot_tip(b, dot_trace_at(r, v->first[i])->id);
  }
  if (v->total > v->n) sb_printf(b, " and %u more", v->total - v->n);
}

/* Does the file at path still have the recorded sha256? 1 yes, 0 changed,
 * -1 unreadable (errno set). */
int dot_same_file(const char *path, const char *sha) {
  char *h = rep_sha256_file(path);
  if (!h) return -1;
  int same = sha && !strcmp(h, sha);
  mem_free(h);
  return same;
}

/* The program's CFA. NULL with *err when it cannot be built; *changed when
 * the program is not the one the report was made from. */
cfa *dot_load_cfa(const rep_report *r, bool *changed, char **err) {
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


const rep_trace *dot_find_trace(const rep_report *r, const char *id) {
  size_t nt = dot_ntraces(r);
  for (size_t i = 0; i < nt; i++) {
    const rep_trace *t = dot_trace_at(r, i);
    if (!strcmp(t->id, id) || !strcmp(t->key, id)) return t;
  }
  return NULL;
}

/* The call depth of each step (main's 0; a call step at its caller's,
 * a return step back at it). mem_free. */
unsigned *dot_trace_depths(const rep_trace *t) {
  unsigned *d = mem_alloc((t->steps.len + 1) * sizeof *d), at = 0;
  for (size_t i = 0; i < t->steps.len; i++) {
    rep_step_kind k = t->steps.data[i].kind;
    if (k == REP_STEP_RETURN && at) at--;
    d[i] = at;
    if (k == REP_STEP_CALL) at++;
  }
  return d;
}
