#include "cfa.h"

#include "lib/esc.h"

#include <errno.h>
#include <graphviz/cgraph.h>
#include <string.h>

static void cfa_in_add(cfa_edge *e) {
  e->next_in = e->to->in;
  e->to->in = e;
  e->to->nin++;
}

cfa_node *cfa_node_new(cfa *g, const cfa_function *f, unsigned line) {
  cfa_node *n = mem_arena_alloc(g->arena, sizeof *n);
  n->id = (unsigned)g->nodes.len;
  n->function = f;
  n->line = line;
  VEC_PUSH(g->nodes, n);
  return n;
}

cfa_edge *cfa_edge_new(cfa *g, cfa_edge_kind k, cfa_node *from, cfa_node *to,
                       const char *raw) {
  cfa_edge *e = mem_arena_alloc(g->arena, sizeof *e);
  e->id = (unsigned)g->edges.len;
  e->kind = k;
  e->from = from;
  e->to = to;
  e->raw = e->raw_old = raw;
  /* append: keep leaving edges in creation order (then before else) */
  cfa_edge **p = &from->out;
  while (*p)
    p = &(*p)->next_out;
  *p = e;
  from->nout++;
  cfa_in_add(e);
  VEC_PUSH(g->edges, e);
  return e;
}

void cfa_edge_retarget(cfa_edge *e, cfa_node *to) {
  cfa_edge **p = &e->to->in;
  while (*p && *p != e)
    p = &(*p)->next_in;
  if (*p) *p = e->next_in;
  e->to->nin--;
  e->to = to;
  cfa_in_add(e);
}

cfa_function *cfa_function_find(const cfa *g, const char *name) {
  for (size_t i = 0; i < g->functions.len; i++)
    if (!strcmp(g->functions.data[i]->name, name)) return g->functions.data[i];
  return 0;
}

const char *cfa_edge_kind_name(cfa_edge_kind k) {
  static const char *names[] = {"blank",  "declaration", "statement",
                                "assume", "call",        "return",
                                "block"};
  return names[k];
}

void cfa_free(cfa *g) {
  if (!g) return;
  VEC_FREE(g->functions);
  VEC_FREE(g->nodes);
  VEC_FREE(g->edges);
  VEC_FREE(g->vars);
  VEC_FREE(g->unsupported);
  mem_arena_free(g->arena);
  mem_free(g);
}

/* Raw text as in an automaton's MATCH string (tabs stay, as CPAchecker
 * writes them); control characters and invalid bytes are escaped so that
 * program text can never drive the terminal. */
void cfa_print_quoted(const char *s, FILE *out) {
  fputc('"', out);
  esc_fputs(s, ESC_QUOTE | ESC_KEEP_TAB, out);
  fputc('"', out);
}

/* Constructs the analyses model only in part (analyzer/smt.h): a path that
 * depends on their values is UNKNOWN, never feasible. Calls through
 * function pointers are listed as unsupported already. */
enum {
  CFA_IMP_UNION = 1, /* a member of a union read or written */
  CFA_IMP_BITFIELD = 2,
  CFA_IMP_FLOAT = 4,  /* floating-point values are never decided */
  CFA_IMP_STRING = 8, /* a string literal used as a value */
  CFA_IMP_HOLDS = 16  /* a variable whose type holds a union or bit-field */
};
#define CFA_IMP_KINDS 5
static const char *const cfa_imp_names[CFA_IMP_KINDS] = {
    "union member (contents not modelled bit-precisely)",
    "bit-field (contents not modelled)", "floating-point value (never decided)",
    "string literal (its address and bytes are not modelled)",
    "variable whose type holds a union or a bit-field (their contents are "
    "not modelled; reads that may land there are unknown)"};

/* Whether t holds a union or a bit-field (through arrays and structs, not
 * pointers); depth bounds recursive types. */
static bool cfa_holds_opaque(const ty *t, int depth) {
  if (!t || depth > 16) return false;
  if (t->kind == TY_UNION) return true;
  if (t->kind == TY_ARRAY) return cfa_holds_opaque(t->elem, depth + 1);
  if (t->kind != TY_STRUCT) return false;
  for (unsigned i = 0; i < t->nfields; i++)
    if (t->fields[i].bitfield >= 0 ||
        cfa_holds_opaque(t->fields[i].type, depth + 1))
      return true;
  return false;
}

static const ty *cfa_record(const ex *m) {
  const ty *t = m->a ? m->a->type : NULL;
  if (t && m->arrow && t->kind == TY_POINTER) t = t->elem;
  return t;
}

static void cfa_imprecise_ex(const ex *e, unsigned *mask) {
  if (!e) return;
  if (e->type && e->type->kind == TY_FLOAT) *mask |= CFA_IMP_FLOAT;
  if (e->kind == EX_STRING) *mask |= CFA_IMP_STRING;
  if (e->kind == EX_MEMBER) {
    const ty *r = cfa_record(e);
    if (r && r->kind == TY_UNION) *mask |= CFA_IMP_UNION;
    for (unsigned i = 0; r && i < r->nfields; i++)
      if (r->fields[i].name && e->text && !strcmp(r->fields[i].name, e->text) &&
          r->fields[i].bitfield >= 0)
        *mask |= CFA_IMP_BITFIELD;
  }
  cfa_imprecise_ex(e->a, mask);
  cfa_imprecise_ex(e->b, mask);
  cfa_imprecise_ex(e->c, mask);
  for (unsigned i = 0; i < e->nargs; i++)
    cfa_imprecise_ex(e->args[i], mask);
}

void cfa_print_imprecise(const cfa *g, FILE *out) {
  /* per source line, the constructs met there, in line order */
  unsigned maxline = 0;
  for (size_t i = 0; i < g->edges.len; i++)
    if (g->edges.data[i]->loc.line > maxline)
      maxline = g->edges.data[i]->loc.line;
  unsigned *mask = mem_calloc(maxline + 1, sizeof *mask);
  size_t n = 0;
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    if (!e->from->function) continue; /* the global chain: initialisers */
    unsigned m = 0;
    cfa_imprecise_ex(e->expr, &m);
    cfa_imprecise_ex(e->lhs, &m);
    mask[e->loc.line] |= m;
  }
  for (size_t i = 0; i < g->vars.len; i++) {
    const cfa_var *v = g->vars.data[i];
    if (v->line <= maxline && cfa_holds_opaque(v->type, 0))
      mask[v->line] |= CFA_IMP_HOLDS;
  }
  for (unsigned l = 0; l <= maxline; l++)
    for (unsigned b = 0; b < CFA_IMP_KINDS; b++)
      n += (mask[l] >> b) & 1;
  fprintf(out, "modelled in part: %zu\n", n);
  for (unsigned l = 0; l <= maxline; l++)
    for (unsigned b = 0; b < CFA_IMP_KINDS; b++)
      if ((mask[l] >> b) & 1)
        esc_fprintf(out, 0, "  %s:%u: %s\n", g->path, l, cfa_imp_names[b]);
  mem_free(mask);
}

void cfa_print_summary(const cfa *g, FILE *out) {
  size_t bykind[7] = {0};
  for (size_t i = 0; i < g->edges.len; i++)
    bykind[g->edges.data[i]->kind]++;
  size_t nerr = 0;
  for (size_t i = 0; i < g->nodes.len; i++)
    nerr += g->nodes.data[i]->is_error;
  esc_fprintf(out, 0, "program: %s\n", g->path);
  fprintf(out, "data model: %s\n", g->lp64 ? "LP64" : "ILP32");
  fprintf(out, "functions: %zu\n", g->functions.len);
  for (size_t i = 0; i < g->functions.len; i++) {
    const cfa_function *f = g->functions.data[i];
    esc_fprintf(out, 0, "  %s (line %u)\n", f->name, f->line);
  }
  fprintf(out, "nodes: %zu\n", g->nodes.len);
  fprintf(out, "edges: %zu\n", g->edges.len);
  for (int k = 0; k < 6 + (bykind[CFA_BLOCK] > 0); k++)
    fprintf(out, "  %-12s %zu\n", cfa_edge_kind_name((cfa_edge_kind)k),
            bykind[k]);
  fprintf(out, "variables: %zu\n", g->vars.len);
  fprintf(out, "error locations: %zu\n", nerr);
  fprintf(out, "unsupported constructs: %zu\n", g->unsupported.len);
  for (size_t i = 0; i < g->unsupported.len; i++)
    esc_fprintf(out, 0, "  %s:%u: %s\n", g->path, g->unsupported.data[i].line,
                g->unsupported.data[i].construct);
  cfa_print_imprecise(g, out);
}

void cfa_print_edges(const cfa *g, FILE *out) {
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    fprintf(out, "N%u -> N%u  %-11s line %u: ", e->from->id, e->to->id,
            cfa_edge_kind_name(e->kind), e->loc.line);
    if (e->kind == CFA_BLOCK) {
      fprintf(out, "%zu edges, lines %u-%u\n", e->nblock, e->loc.line,
              e->loc.end_line);
      for (size_t k = 0; k < e->nblock; k++) {
        const cfa_edge *b = e->block[k];
        fprintf(out, "    N%u -> N%u  %-11s line %u: ", b->from->id, b->to->id,
                cfa_edge_kind_name(b->kind), b->loc.line);
        cfa_print_quoted(b->raw, out);
        fputc('\n', out);
      }
      continue;
    }
    cfa_print_quoted(e->raw, out);
    if (e->raw_old != e->raw && strcmp(e->raw_old, e->raw)) {
      fputs("  old: ", out);
      cfa_print_quoted(e->raw_old, out);
    }
    fputc('\n', out);
  }
}

/* A label from program text. cgraph quotes the double quote but leaves
 * everything else to the reader: control bytes would land in the file
 * as they are, and Graphviz reads a backslash in a label as the start of
 * one of its own escapes (\n, \l, \N ...). So the text is escaped
 * (lib/esc) and then every backslash doubled, which Graphviz shows as one:
 * the label reads like the source, and `\e` for an ESC byte. */
static void cfa_dot_label(void *obj, const char *text) {
  char *e = esc_text(text, 0);
  size_t n = 0;
  for (const char *p = e; *p; p++)
    n += *p == '\\';
  char *d = mem_alloc(strlen(e) + n + 1), *q = d;
  for (const char *p = e; *p; p++) {
    if (*p == '\\') *q++ = '\\';
    *q++ = *p;
  }
  *q = 0;
  agset(obj, "label", d);
  mem_free(d);
  mem_free(e);
}

/* One cluster per function; node labels are ids and lines, edge labels the
 * raw statements (cgraph does the quoting, cfa_dot_label the escaping). */
int cfa_write_dot(const cfa *g, FILE *out) {
  Agraph_t *dg = agopen("cfa", Agdirected, NULL);
  if (!dg) return -1;
  agattr(dg, AGNODE, "shape", "circle");
  agattr(dg, AGNODE, "label", "");
  agattr(dg, AGNODE, "color", "black");
  agattr(dg, AGNODE, "tooltip", "");
  agattr(dg, AGEDGE, "label", "");
  agattr(dg, AGEDGE, "style", "solid");
  agattr(dg, AGRAPH, "label", "");
  Agraph_t **sub = mem_calloc(g->functions.len + 1, sizeof *sub);
  Agnode_t **an = mem_calloc(g->nodes.len + 1, sizeof *an);
  char buf[64];
  for (size_t i = 0; i < g->nodes.len; i++) {
    const cfa_node *n = g->nodes.data[i];
    if (n->absorbed) continue; /* summarised into blocks */
    Agraph_t *parent = dg;
    if (n->function) {
      unsigned fi = n->function->id;
      if (!sub[fi]) {
        snprintf(buf, sizeof buf, "cluster_%u", fi);
        sub[fi] = agsubg(dg, buf, 1);
        cfa_dot_label(sub[fi], n->function->name);
      }
      parent = sub[fi];
    }
    snprintf(buf, sizeof buf, "N%u", n->id);
    an[i] = agnode(parent, buf, 1);
    /* a line break as Graphviz writes it, not a newline byte in the file */
    snprintf(buf, sizeof buf, "N%u\\nline %u", n->id, n->line);
    agset(an[i], "label", buf);
    if (n->is_error) {
      agset(an[i], "shape", "doublecircle");
      agset(an[i], "color", "red");
    }
  }
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    Agedge_t *ae = agedge(dg, an[e->from->id], an[e->to->id], NULL, 1);
    if (e->kind == CFA_BLOCK) {
      snprintf(buf, sizeof buf, "block: %zu edges, lines %u-%u", e->nblock,
               e->loc.line, e->loc.end_line);
      cfa_dot_label(ae, buf);
      agset(ae, "style", "bold");
      continue;
    }
    cfa_dot_label(ae, e->raw);
    if (e->kind == CFA_CALL || e->kind == CFA_RETURN)
      agset(ae, "style", "dashed");
  }
  int r = agwrite(dg, out);
  agclose(dg);
  mem_free(sub);
  mem_free(an);
  if (r == EOF || ferror(out)) {
    if (!errno) errno = EIO;
    return -1;
  }
  return 0;
}
