#include "cfa.h"

#include "lib/esc.h"

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

void cfa_edge_move_from(cfa_edge *e, cfa_node *from) {
  cfa_edge **p = &e->from->out;
  while (*p && *p != e)
    p = &(*p)->next_out;
  if (*p) *p = e->next_out;
  e->from->nout--;
  e->next_out = 0;
  e->from = from;
  p = &from->out;
  while (*p)
    p = &(*p)->next_out;
  *p = e;
  from->nout++;
}

cfa_function *cfa_function_find(const cfa *g, const char *name) {
  for (size_t i = 0; i < g->functions.len; i++)
    if (!strcmp(g->functions.data[i]->name, name)) return g->functions.data[i];
  return 0;
}

/* A function type without prototype: `int ()`. */
static bool cfa_no_proto(const ty *t) {
  size_t n = strlen(t->spelling);
  return n >= 2 && !strcmp(t->spelling + n - 2, "()");
}

bool cfa_fn_type_match(const ty *ptr, const ty *fn) {
  if (!ptr || !fn || ptr->kind != TY_FUNCTION || fn->kind != TY_FUNCTION)
    return false;
  if (ptr == fn) return true;
  return ptr->elem == fn->elem && (cfa_no_proto(ptr) || cfa_no_proto(fn));
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
  VEC_FREE(g->extern_fns);
  VEC_FREE(g->lost_lines);
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

/* Constructs the analyses model only in part (smt/smt.h): a path that
 * depends on their values is UNKNOWN, never feasible. */
enum {
  CFA_IMP_UNION = 1,   /* a member of a union too large to model */
  CFA_IMP_PUNNING = 2, /* a member other than a pointer of a union with a
                        * pointer member */
  CFA_IMP_FLOAT = 4,   /* long double (float and double are IEEE 754) */
  CFA_IMP_STRING = 8,  /* a wide string literal, or one with a NUL inside */
  CFA_IMP_HOLDS = 16,  /* a variable whose type holds such a union */
  CFA_IMP_FNPTR = 32   /* a call through a pointer to one of several
                        * functions without a body */
};
#define CFA_IMP_KINDS 6
static const char *const cfa_imp_names[CFA_IMP_KINDS] = {
    "member of a union larger than " CFA_STR(CFA_UNION_MAX_BYTES)
    " bytes (contents not modelled)",
    "member of a union with a pointer member (the bytes of an address "
    "read as another type are not modelled)",
    "long double value (only float and double are modelled)",
    "wide string literal or one with a NUL inside (its bytes are not "
    "modelled)",
    "variable whose type holds a union larger than " CFA_STR(
        CFA_UNION_MAX_BYTES) " bytes (its contents are not modelled; reads "
                             "that may land there are unknown)",
    "call through a function pointer that may reach several functions "
    "without a body (not modelled)"};

/* Whether t holds a union too large to model (through arrays and structs,
 * not pointers); depth bounds recursive types. */
static bool cfa_holds_opaque(const ty *t, int depth) {
  if (!t || depth > 16) return false;
  if (t->kind == TY_UNION) return t->size > CFA_UNION_MAX_BYTES;
  if (t->kind == TY_ARRAY) return cfa_holds_opaque(t->elem, depth + 1);
  if (t->kind != TY_STRUCT) return false;
  for (unsigned i = 0; i < t->nfields; i++)
    if (cfa_holds_opaque(t->fields[i].type, depth + 1)) return true;
  return false;
}

/* Whether union t has a member (at any depth) of pointer type. */
static bool cfa_holds_ptr(const ty *t, int depth) {
  if (!t || depth > 16) return false;
  if (t->kind == TY_POINTER) return true;
  if (t->kind == TY_ARRAY) return cfa_holds_ptr(t->elem, depth + 1);
  if (t->kind != TY_STRUCT && t->kind != TY_UNION) return false;
  for (unsigned i = 0; i < t->nfields; i++)
    if (cfa_holds_ptr(t->fields[i].type, depth + 1)) return true;
  return false;
}

static const ty *cfa_record(const ex *m) {
  const ty *t = m->a ? m->a->type : NULL;
  if (t && m->arrow && t->kind == TY_POINTER) t = t->elem;
  return t;
}

static void cfa_imprecise_ex(const ex *e, unsigned *mask) {
  if (!e) return;
  if (e->type && e->type->kind == TY_FLOAT && e->type->size != 4 &&
      e->type->size != 8)
    *mask |= CFA_IMP_FLOAT;
  if (e->kind == EX_STRING && !e->str) *mask |= CFA_IMP_STRING;
  if (e->kind == EX_MEMBER) {
    const ty *r = cfa_record(e);
    if (r && r->kind == TY_UNION && r->size > CFA_UNION_MAX_BYTES)
      *mask |= CFA_IMP_UNION;
    else if (r && r->kind == TY_UNION && e->type &&
             e->type->kind != TY_POINTER && cfa_holds_ptr(r, 0))
      *mask |= CFA_IMP_PUNNING;
  }
  cfa_imprecise_ex(e->a, mask);
  cfa_imprecise_ex(e->b, mask);
  cfa_imprecise_ex(e->c, mask);
  for (unsigned i = 0; i < e->nargs; i++)
    cfa_imprecise_ex(e->args[i], mask);
}

/* A statement calling through a pointer (what is left of it once the
 * functions with a body are tried): how many functions without a body of
 * its type it may reach. */
static unsigned cfa_ptrcall_externs(const cfa *g, const ex *x) {
  x = ex_strip_implicit(x);
  if (x && x->kind == EX_ASSIGN) x = ex_strip_implicit(x->b);
  if (!x || x->kind != EX_CALL || x->func_name || !x->a || !x->a->type)
    return 0;
  const ty *t = x->a->type;
  if (t->kind == TY_POINTER) t = t->elem;
  unsigned n = 0;
  for (size_t i = 0; i < g->extern_fns.len; i++)
    n += cfa_fn_type_match(t, g->extern_fns.data[i].type);
  return n;
}

/* The constructs the analyses model only in part (members of unions too
 * large to model or with pointer or float members, floating point, wide
 * string literals or ones with a NUL inside, variables holding large
 * unions, calls through a pointer that may reach several functions
 * without a body), one a line with file and line, after a count: part of
 * the summary. */
static void cfa_print_imprecise(const cfa *g, FILE *out) {
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
    if (e->kind == CFA_STATEMENT && cfa_ptrcall_externs(g, e->expr) > 1)
      m |= CFA_IMP_FNPTR;
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
  if (g->lost) esc_fprintf(out, 0, "code missing from the CFA: %s\n", g->lost);
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

unsigned char *cfa_lost_functions(const cfa *g, bool *anywhere) {
  *anywhere = false;
  if (!g->lost) return 0;
  unsigned char *in = mem_calloc(g->functions.len + 1, 1);
  *anywhere = !g->lost_lines.len;
  for (size_t i = 0; i < g->lost_lines.len; i++) {
    unsigned l = g->lost_lines.data[i];
    bool found = false;
    for (size_t k = 0; k < g->functions.len; k++) {
      const cfa_function *fn = g->functions.data[k];
      unsigned end = fn->exit ? fn->exit->line : fn->line;
      if (fn->entry && fn->line <= l && l <= end) in[fn->id] = found = true;
    }
    if (!found) *anywhere = true;
  }
  return in;
}

bool cfa_var_in(const cfa_var *v, const cfa_function *fn) {
  return fn && v->function && v->function->name && fn->name &&
         !strcmp(v->function->name, fn->name);
}

bool cfa_var_named(const cfa *g, const cfa_var *v, const cfa_function *fn) {
  for (size_t i = 0; i < g->vars.len; i++) {
    const cfa_var *w = g->vars.data[i];
    if (w == v || !w->name || !v->name || strcmp(w->name, v->name)) continue;
    if (w->is_global || cfa_var_in(w, fn)) return false;
  }
  return true;
}

bool cfa_is_alloc_fn(const char *name) {
  static const char *const alloc[] = {
      "malloc",        "calloc",   "realloc",        "reallocarray",
      "aligned_alloc", "memalign", "posix_memalign", "valloc",
      "pvalloc",       "alloca",   "__builtin_alloca", "strdup",
      "strndup",       0};
  if (!name) return false;
  for (int k = 0; alloc[k]; k++)
    if (!strcmp(name, alloc[k])) return true;
  return false;
}

bool cfa_call_has_body(const cfa *g, const ex *x) {
  if (!x->func_name) return true;
  const cfa_function *f = cfa_function_find(g, x->func_name);
  return f && f->entry;
}

bool cfa_is_modelled_alloc(const char *name) {
  static const char *const alloc[] = {"malloc", "calloc", "alloca",
                                      "__builtin_alloca", 0};
  if (!name) return false;
  for (int k = 0; alloc[k]; k++)
    if (!strcmp(name, alloc[k])) return true;
  return false;
}

static bool cfa_float_type(const ty *t, unsigned depth) {
  if (!t || depth > 16) return false;
  if (t->kind == TY_FLOAT) return true;
  if (t->kind == TY_ARRAY) return cfa_float_type(t->elem, depth + 1);
  if (t->kind == TY_STRUCT || t->kind == TY_UNION)
    for (unsigned i = 0; i < t->nfields; i++)
      if (cfa_float_type(t->fields[i].type, depth + 1)) return true;
  return false;
}

static bool cfa_float_ex(const ex *x) {
  if (!x) return false;
  if (x->type && x->type->kind == TY_FLOAT) return true;
  if (cfa_float_ex(x->a) || cfa_float_ex(x->b) || cfa_float_ex(x->c))
    return true;
  for (unsigned i = 0; i < x->nargs; i++)
    if (cfa_float_ex(x->args[i])) return true;
  return false;
}

const cfa_edge *cfa_find_edge(const cfa *g,
                              bool (*which)(const cfa_edge *e, void *arg),
                              void *arg) {
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    const cfa_edge *const *in = &e;
    size_t n = 1;
    if (e->kind == CFA_BLOCK) /* large blocks: the edges they hold */
      n = e->nblock, in = e->block;
    for (size_t k = 0; k < n; k++)
      if (which(in[k], arg)) return in[k];
  }
  return 0;
}

static bool cfa_float_edge(const cfa_edge *e, void *arg) {
  (void)arg;
  return cfa_float_ex(e->expr);
}

bool cfa_uses_floats(const cfa *g) {
  for (size_t i = 0; i < g->vars.len; i++)
    if (g->vars.data[i] && cfa_float_type(g->vars.data[i]->type, 0))
      return true;
  return cfa_find_edge(g, cfa_float_edge, 0) != 0;
}

/* The first call in x of a function `which` holds for, or NULL. */
static const ex *cfa_alloc_in(const ex *x, bool (*which)(const char *)) {
  if (!x) return 0;
  if (x->kind == EX_CALL && which(x->func_name)) return x;
  const ex *r;
  if ((r = cfa_alloc_in(x->a, which)) || (r = cfa_alloc_in(x->b, which)) ||
      (r = cfa_alloc_in(x->c, which)))
    return r;
  for (unsigned i = 0; i < x->nargs; i++)
    if ((r = cfa_alloc_in(x->args[i], which))) return r;
  return 0;
}

typedef struct {
  bool (*which)(const char *);
} cfa_alloc_arg;

static bool cfa_alloc_edge(const cfa_edge *e, void *arg) {
  return cfa_alloc_in(e->expr, ((const cfa_alloc_arg *)arg)->which) != 0;
}

const char *cfa_first_alloc_call(const cfa *g, bool (*which)(const char *),
                                 unsigned *line) {
  cfa_alloc_arg a = {which};
  const cfa_edge *e = cfa_find_edge(g, cfa_alloc_edge, &a);
  if (!e) return 0;
  *line = e->loc.line;
  return cfa_alloc_in(e->expr, which)->func_name;
}
