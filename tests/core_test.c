/* The pieces of the analysis core, each on a small program: the
 * explicit-value domain, the automaton step, the product core (with the
 * trivial domain, a domain with a cover relation, restarts and limits) and
 * the CEGAR rounds. */
#include "program/aastep.h"
#include "analysis/cegar.h"
#include "analysis/exact.h"
#include "program/cfa.h"
#include "analysis/product.h"
#include "analysis/value.h"
#include "formats/aa.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/erep-core-XXXXXX";

static cfa *build(const char *src) {
  static int n;
  char path[256];
  snprintf(path, sizeof path, "%s/p%d.c", tmpdir, n++);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(src, f);
  fclose(f);
  char *err = 0;
  cfa *g = cfa_build(path, CFA_ILP32, &err);
  ck_assert_msg(g != 0, "%s", err ? err : "");
  return g;
}

static aa_automaton *automaton(const char *text) {
  char *err = 0;
  aa_automaton *A = aa_parse_text(text, strlen(text), "test.aa", &err);
  ck_assert_msg(A != 0, "%s", err ? err : "");
  return A;
}

/* The first edge whose raw text is `raw`. */
static const cfa_edge *edge(const cfa *g, const char *raw) {
  for (size_t i = 0; i < g->edges.len; i++)
    if (!strcmp(g->edges.data[i]->raw, raw)) return g->edges.data[i];
  ck_abort_msg("no edge \"%s\"", raw);
  return 0;
}

static const cfa_var *var(const cfa *g, const char *qualified) {
  for (size_t i = 0; i < g->vars.len; i++)
    if (!strcmp(g->vars.data[i]->qualified, qualified)) return g->vars.data[i];
  ck_abort_msg("no variable %s", qualified);
  return 0;
}

static cfa *build_dm(const char *src, cfa_data_model dm) {
  static int n;
  char path[256];
  snprintf(path, sizeof path, "%s/q%d.c", tmpdir, n++);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(src, f);
  fclose(f);
  char *err = 0;
  cfa *g = cfa_build(path, dm, &err);
  ck_assert_msg(g != 0, "%s", err ? err : "");
  return g;
}

/* Run the value domain along the program from its start to main's exit
 * (returns follow the calls; at a branch the edge whose raw text is the
 * next of `choices`), every variable it can track in the precision. The
 * state at main's exit; NULL when an edge was infeasible. Every state on
 * the way is kept in *keep (freed by run_free). */
typedef struct {
  const val_state **v;
  size_t n;
} run_keep;

static const val_state *run_prog(cfa *g, val_precision *p,
                                 const char *const *choices, run_keep *keep) {
  val_precision_init(p, g);
  for (size_t i = 0; i < g->vars.len; i++)
    val_precision_add(p, g->vars.data[i]);
  keep->v = malloc(4096 * sizeof *keep->v);
  keep->n = 0;
  const val_state *s = val_initial(), *stack[64];
  const cfa_edge *calls[64];
  size_t depth = 0, c = 0;
  const cfa_node *n = g->start;
  while (n->out && n != g->main->exit) {
    const cfa_edge *e = 0;
    if (n->out->kind == CFA_RETURN) {
      ck_assert_uint_gt(depth, 0);
      for (const cfa_edge *x = n->out; x; x = x->next_out)
        if (x->call == calls[depth - 1]) e = x;
    } else if (n->nout == 1) {
      e = n->out;
    } else {
      ck_assert_msg(choices && choices[c], "no choice at line %u", n->line);
      for (const cfa_edge *x = n->out; x; x = x->next_out)
        if (!strcmp(x->raw, choices[c])) e = x;
      ck_assert_msg(e, "no edge '%s'", choices[c]);
      c++;
    }
    const val_state *t, *caller = 0;
    if (e->kind == CFA_RETURN) caller = stack[--depth];
    if (e->kind == CFA_CALL) {
      ck_assert_uint_lt(depth, 64);
      calls[depth] = e;
      stack[depth++] = s;
    }
    if (val_post(g, s, caller, e, p, &t) != VAL_OK) return 0;
    if (t != s && t != val_initial()) {
      ck_assert_uint_lt(keep->n, 4096);
      keep->v[keep->n++] = t;
    }
    s = t;
    n = e->to;
  }
  return s;
}

static void run_free(run_keep *keep) {
  for (size_t i = 0; i < keep->n; i++)
    mem_free((void *)keep->v[i]);
  free(keep->v);
}

/* The value of int variable `name` of main in s, as a signed number. */
static bool main_int(const cfa *g, const val_state *s, const char *name,
                     long long *out) {
  char q[64];
  snprintf(q, sizeof q, "main::%s", name);
  const cfa_var *v = var(g, q);
  uint64_t bits;
  if (!val_get(s, v->id, &bits)) return false;
  unsigned w = (unsigned)v->type->size * 8;
  if (w < 64 && v->type->is_signed && (bits >> (w - 1) & 1))
    *out = (long long)(bits | ~((1ull << w) - 1));
  else
    *out = (long long)bits;
  return true;
}

#define KNOWN(g, s, name, want)                                                \
  do {                                                                         \
    long long v_;                                                              \
    ck_assert_msg(main_int(g, s, name, &v_), "%s unknown", name);              \
    ck_assert_msg(v_ == (want), "%s = %lld, wanted %lld", name, v_,            \
                  (long long)(want));                                          \
  } while (0)
#define C3(...) ((const char *const[]){__VA_ARGS__, 0})
#define UNKNOWN(g, s, name)                                                    \
  do {                                                                         \
    long long v_;                                                              \
    ck_assert_msg(!main_int(g, s, name, &v_), "%s known (%lld)", name, v_);    \
  } while (0)

static const char *prog_arith = "int main() {\n"
                                "  int x = 3;\n"
                                "  unsigned char c = 250;\n"
                                "  x = x * 2 - 1;\n"
                                "  c = c + 10;\n"
                                "  if (x == 5) { return c; }\n"
                                "  return 0;\n"
                                "}\n";

/* ---------- the explicit-value domain ---------- */

START_TEST(value_post_tracks_precision) {
  cfa *g = build(prog_arith);
  val_precision p;
  val_precision_init(&p, g);
  const cfa_var *x = var(g, "main::x"), *c = var(g, "main::c");
  ck_assert(val_precision_add(&p, x));
  ck_assert(!val_precision_add(&p, x)); /* already there */
  const val_state *s = val_initial(), *t;
  ck_assert_int_eq(val_post(g, s, 0, edge(g, "int x = 3;"), &p, &t), VAL_OK);
  uint64_t bits;
  ck_assert(val_get(t, x->id, &bits));
  ck_assert_uint_eq(bits, 3);
  /* c is not in the precision: not tracked */
  const val_state *u;
  ck_assert_int_eq(val_post(g, t, 0, edge(g, "unsigned char c = 250;"), &p, &u),
                   VAL_OK);
  ck_assert(!val_get(u, c->id, &bits));
  const val_state *w;
  ck_assert_int_eq(val_post(g, u, 0, edge(g, "x = x * 2 - 1;"), &p, &w),
                   VAL_OK);
  ck_assert(val_get(w, x->id, &bits));
  ck_assert_uint_eq(bits, 5);
  /* the branch is decided: [x == 5] holds, [!(x == 5)] cannot be taken */
  const cfa_edge *yes = 0, *no = 0;
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    if (e->kind == CFA_ASSUME) *(e->truth ? &yes : &no) = e;
  }
  ck_assert(yes && no);
  ck_assert(val_decides(g, w, yes, &p));
  const val_state *z;
  ck_assert_int_eq(val_post(g, w, 0, yes, &p, &z), VAL_OK);
  ck_assert_int_eq(val_post(g, w, 0, no, &p, &z), VAL_INFEASIBLE);
  /* the empty state decides nothing */
  ck_assert(!val_decides(g, val_initial(), yes, &p));
  if (u != t) mem_free((void *)u);
  if (w != u) mem_free((void *)w);
  if (t != s) mem_free((void *)t);
  val_precision_free(&p);
  cfa_free(g);
}
END_TEST

START_TEST(value_wraps_in_the_type) {
  cfa *g = build(prog_arith);
  val_precision p;
  val_precision_init(&p, g);
  const cfa_var *c = var(g, "main::c");
  val_precision_add(&p, c);
  const val_state *s, *t;
  val_post(g, val_initial(), 0, edge(g, "unsigned char c = 250;"), &p, &s);
  val_post(g, s, 0, edge(g, "c = c + 10;"), &p, &t);
  uint64_t bits;
  ck_assert(val_get(t, c->id, &bits));
  ck_assert_uint_eq(bits, 4); /* 260 mod 256 */
  mem_free((void *)s);
  mem_free((void *)t);
  val_precision_free(&p);
  cfa_free(g);
}
END_TEST

/* A pointer to a function is tracked: its known values are function
 * addresses (and NULL), so the choices of a call through it are decided;
 * a conversion to anything but a function pointer is not known. */
START_TEST(value_function_pointers) {
  cfa *g = build("int f(int a) { return a; }\n"
                 "int h(int a) { return -a; }\n"
                 "int main() {\n"
                 "  int (*fp)(int) = f;\n"
                 "  int y = fp(1);\n"
                 "  long n = (long)fp;\n"
                 "  fp = 0;\n"
                 "  return y + h(2);\n}\n");
  val_precision p;
  val_precision_init(&p, g);
  const cfa_var *fp = var(g, "main::fp"), *n = var(g, "main::n");
  ck_assert(val_precision_add(&p, fp));
  ck_assert(val_precision_add(&p, n));
  const val_state *s;
  ck_assert_int_eq(
      val_post(g, val_initial(), 0, edge(g, "int (*fp)(int) = f;"), &p, &s),
      VAL_OK);
  uint64_t bits;
  ck_assert(val_get(s, fp->id, &bits));
  ck_assert_uint_ne(bits, 0);
  const cfa_edge *yes = edge(g, "[fp == (&f)]"), *no = edge(g, "[!(fp == (&f))]");
  const val_state *t;
  ck_assert(val_decides(g, s, yes, &p));
  ck_assert_int_eq(val_post(g, s, 0, yes, &p, &t), VAL_OK);
  ck_assert_int_eq(val_post(g, s, 0, no, &p, &t), VAL_INFEASIBLE);
  /* h is only called directly: no candidate */
  for (size_t i = 0; i < g->edges.len; i++)
    ck_assert(!strstr(g->edges.data[i]->raw, "(&h)"));
  const val_state *u, *w;
  ck_assert_int_eq(val_post(g, s, 0, edge(g, "long n = (long)fp;"), &p, &u),
                   VAL_OK);
  ck_assert(!val_get(u, n->id, &bits));
  ck_assert_int_eq(val_post(g, u, 0, edge(g, "fp = 0;"), &p, &w), VAL_OK);
  ck_assert(val_get(w, fp->id, &bits));
  ck_assert_uint_eq(bits, 0);
  ck_assert_int_eq(val_post(g, w, 0, yes, &p, &t), VAL_INFEASIBLE);
  if (w != u) mem_free((void *)w);
  if (u != s) mem_free((void *)u);
  mem_free((void *)s);
  val_precision_free(&p);
  cfa_free(g);
}
END_TEST

/* Data pointers, tracked by the refinement from undefined behaviour, are
 * known only as pointers into no object: NULL, an uninitialised one, an
 * address inside what they point to; an access through one ends the path
 * (VAL_INFEASIBLE), taking an address does not. */
START_TEST(value_pointers_into_no_object) {
  cfa *g = build("struct s { int a; int arr[4]; };\n"
                 "struct s gs;\n"
                 "int main(void) {\n"
                 "  struct s *u;\n"
                 "  struct s *n = 0;\n"
                 "  int *q = &n->a;\n"
                 "  int *r = n->arr + 1;\n"
                 "  int *k = (int *)u;\n"
                 "  unsigned long o = (unsigned long)&n->arr[2];\n"
                 "  int x = n->a;\n"
                 "  int y = u->a;\n"
                 "  *q = 1;\n"
                 "  r[0] = 1;\n"
                 "  x = *k;\n"
                 "  x = n ? n->a : 1;\n"
                 "  n = &gs;\n"
                 "  x = n->a;\n"
                 "  n++;\n"
                 "  return x + y + (int)o;\n}\n");
  const char *names[] = {"main::u", "main::n", "main::q", "main::r", "main::k"};
  val_precision p;
  val_precision_init(&p, g);
  run_keep keep = {calloc(4096, sizeof(const val_state *)), 0};
  const char *decls[] = {"struct s *u;",     "struct s *n = 0;",
                         "int *q = &n->a;", "int *r = n->arr + 1;",
                         "int *k = (int *)u;",
                         "unsigned long o = (unsigned long)&n->arr[2];"};
  for (int tracked = 0; tracked < 2; tracked++) {
    if (tracked)
      for (int i = 0; i < 5; i++)
        ck_assert(val_precision_add_pointer(&p, var(g, names[i])));
    const val_state *s = val_initial(), *t;
    size_t base = keep.n;
    for (int i = 0; i < 6; i++) {
      ck_assert_int_eq(val_post(g, s, 0, edge(g, decls[i]), &p, &t), VAL_OK);
      keep.v[keep.n++] = t;
      s = t;
    }
    const char *ub[] = {"int x = n->a;", "int y = u->a;", "*q = 1;", "r[0] = 1;",
                        "x = *k;"};
    for (int i = 0; i < 5; i++)
      ck_assert_int_eq(val_post(g, s, 0, edge(g, ub[i]), &p, &t),
                       tracked ? VAL_INFEASIBLE : VAL_OK);
    /* an access that runs only sometimes, and one through an object */
    ck_assert_int_eq(val_post(g, s, 0, edge(g, "x = n ? n->a : 1;"), &p, &t),
                     VAL_OK);
    ck_assert_int_eq(val_post(g, s, 0, edge(g, "n = &gs;"), &p, &t), VAL_OK);
    keep.v[keep.n++] = t;
    ck_assert_int_eq(val_post(g, t, 0, edge(g, "x = n->a;"), &p, &s), VAL_OK);
    /* pointer arithmetic is not C's on the integer image: n++ forgets n */
    const val_state *w;
    uint64_t bits;
    ck_assert(val_get(keep.v[base + 1], var(g, "main::n")->id, &bits) == tracked);
    ck_assert_int_eq(
        val_post(g, keep.v[base + 1], 0, edge(g, "n++;"), &p, &w), VAL_OK);
    keep.v[keep.n++] = w;
    ck_assert(!val_get(w, var(g, "main::n")->id, &bits));
    ck_assert_int_eq(val_post(g, w, 0, edge(g, "int x = n->a;"), &p, &t), VAL_OK);
  }
  for (size_t i = 0; i < keep.n; i++)
    if (keep.v[i] != val_initial()) {
      for (size_t j = i + 1; j < keep.n; j++)
        if (keep.v[j] == keep.v[i]) keep.v[j] = val_initial();
      mem_free((void *)keep.v[i]);
    }
  free(keep.v);
  val_precision_free(&p);
  cfa_free(g);
}
END_TEST

START_TEST(value_equal_and_hash_by_content) {
  cfa *g = build(prog_arith);
  val_precision p;
  val_precision_init(&p, g);
  val_precision_add(&p, var(g, "main::x"));
  const val_state *a, *b;
  val_post(g, val_initial(), 0, edge(g, "int x = 3;"), &p, &a);
  val_post(g, val_initial(), 0, edge(g, "int x = 3;"), &p, &b);
  ck_assert_ptr_ne(a, b);
  ck_assert(val_equal(a, b));
  ck_assert_uint_eq(val_hash(a), val_hash(b));
  ck_assert(!val_equal(a, val_initial()));
  mem_free((void *)a);
  mem_free((void *)b);
  val_precision_free(&p);
  cfa_free(g);
}
END_TEST

/* Equal entries are equal whatever the padding bytes between an entry's
 * fields hold: compared with memcmp, equal states could intern apart and
 * the reached set (stats.states) differed from run to run. */
START_TEST(value_equal_ignores_padding) {
  size_t size = sizeof(val_state) + 2 * sizeof(val_entry);
  val_state *a = malloc(size), *b = malloc(size);
  memset(a, 0x00, size);
  memset(b, 0xa5, size);
  a->n = b->n = 2;
  a->e[0].var = b->e[0].var = 3;
  a->e[0].sub = b->e[0].sub = 0;
  a->e[0].bits = b->e[0].bits = 17;
  a->e[1].var = b->e[1].var = 8;
  a->e[1].sub = b->e[1].sub = 0;
  a->e[1].bits = b->e[1].bits = UINT64_MAX;
  ck_assert(val_equal(a, b));
  ck_assert_uint_eq(val_hash(a), val_hash(b));
  b->e[1].bits = 0;
  ck_assert(!val_equal(a, b));
  free(a);
  free(b);
}
END_TEST

/* A union is tracked byte by byte: a member written and read back, other
 * members of integer type reinterpreting the bytes little-endian (values
 * as gcc computes them, -m32 and native), a function's address readable
 * only through a function pointer, an unknown write forgetting only its
 * bytes. */
START_TEST(value_union_members) {
  for (int m = 0; m < 2; m++) {
    cfa *g = build_dm("union U { int i; unsigned char c[4]; short s; };\n"
                      "union F { void (*f)(void); long l; };\n"
                      "void h(void) {}\n"
                      "int n(void);\n"
                      "int main() {\n"
                      "  union U u;\n"
                      "  u.i = 0x01020304;\n"
                      "  int r0 = u.c[0];\n"
                      "  int r3 = u.c[3];\n"
                      "  int rs = u.s;\n"
                      "  u.c[1] = 0xff;\n"
                      "  int ri = u.i;\n"
                      "  union F w;\n"
                      "  w.f = h;\n"
                      "  long rl = w.l;\n"
                      "  void (*fp)(void) = w.f;\n"
                      "  int known = fp == h;\n"
                      "  w.l = 0;\n"
                      "  void (*z)(void) = w.f;\n"
                      "  u.s = n();\n"
                      "  int r2 = u.c[2];\n"
                      "  int r1 = u.c[1];\n"
                      "  int k = 1;\n"
                      "  u.c[k] = 5;\n"
                      "  int r2b = u.c[2];\n"
                      "  return 0;\n}\n",
                      m ? CFA_LP64 : CFA_ILP32);
    val_precision p;
    run_keep keep;
    const val_state *s = run_prog(g, &p, 0, &keep);
    ck_assert_ptr_nonnull(s);
    KNOWN(g, s, "r0", 4);
    KNOWN(g, s, "r3", 1);
    KNOWN(g, s, "rs", 772);
    KNOWN(g, s, "ri", 16973572);
    UNKNOWN(g, s, "rl"); /* an address's integer image is not modelled */
    long long fpv, z;
    ck_assert(main_int(g, s, "fp", &fpv) && fpv != 0);
    KNOWN(g, s, "known", 1);
    ck_assert(main_int(g, s, "z", &z) && z == 0); /* zero bytes: NULL */
    KNOWN(g, s, "r2", 2);
    UNKNOWN(g, s, "r1");
    /* a write at a known index (k is tracked) */
    KNOWN(g, s, "r2b", 2);
    run_free(&keep);
    val_precision_free(&p);
    cfa_free(g);
  }
}
END_TEST

/* Bit-fields: gcc's layout (the bytes seen through a union), truncation on
 * write, sign extension on read, increments and compound assignments
 * wrapping in the field, the value of an assignment; the padding of an
 * automatic object unknown (gcc -m32 leaves garbage there). */
START_TEST(value_bit_fields) {
  for (int m = 0; m < 2; m++) {
    cfa *g = build_dm(
        "struct S1 { int a : 3; unsigned b : 3; _Bool c : 1; int d : 9; };\n"
        "union U1 { struct S1 s; unsigned char c[4]; };\n"
        "int main() {\n"
        "  union U1 u1 = {{0, 0, 0, 0}};\n"
        "  u1.s.a = -1;\n"
        "  u1.s.d = 0x155;\n"
        "  u1.s.c = 1;\n"
        "  int c0 = u1.c[0];\n"
        "  int c1 = u1.c[1];\n"
        "  u1.s.b = 13;\n"
        "  int b = u1.s.b;\n"
        "  int a = u1.s.a;\n"
        "  int d = u1.s.d;\n"
        "  int a2 = u1.s.a++;\n"
        "  int a3 = ++u1.s.a;\n"
        "  u1.s.b += 4;\n"
        "  int b2 = u1.s.b;\n"
        "  int c2 = u1.c[2];\n"
        "  int a4 = (u1.s.a = 5);\n"
        "  return 0;\n}\n",
        m ? CFA_LP64 : CFA_ILP32);
    val_precision p;
    run_keep keep;
    const val_state *s = run_prog(g, &p, 0, &keep);
    ck_assert_ptr_nonnull(s);
    KNOWN(g, s, "c0", 199);
    KNOWN(g, s, "c1", 170);
    KNOWN(g, s, "b", 5);
    KNOWN(g, s, "a", -1);
    KNOWN(g, s, "d", -171);
    KNOWN(g, s, "a2", -1);
    KNOWN(g, s, "a3", 1);
    KNOWN(g, s, "b2", 1);
    UNKNOWN(g, s, "c2");
    KNOWN(g, s, "a4", -3);
    run_free(&keep);
    val_precision_free(&p);
    cfa_free(g);
  }
}
END_TEST

/* Designated initialisers in the value domain: members not named are
 * zero, positional elements continue after the member named (inside it
 * after `.a.y`), a static object's bytes all zero, a union initialised
 * through another member than its first keeps its other bytes unknown
 * (so does an automatic object's padding). */
START_TEST(value_designated_initialisers) {
  for (int m = 0; m < 2; m++) {
    cfa *g = build_dm(
        "struct in { int x, y; };\n"
        "struct out { char c; struct in a; int b[3]; };\n"
        "struct out so = { .b[2] = 5, .a = { .y = 4 } };\n"
        "union V { unsigned char c; int i; };\n"
        "int f(int v) { return v + 1; }\n"
        "int main() {\n"
        "  struct out p = { .a.y = 1, 6, .b[1] = 7, 8, .c = 'z' };\n"
        "  int px = p.a.x;\n"
        "  int py = p.a.y;\n"
        "  int pb0 = p.b[0];\n"
        "  int pb1 = p.b[1];\n"
        "  int pb2 = p.b[2];\n"
        "  int pc = p.c;\n"
        "  int sb2 = so.b[2];\n"
        "  int sy = so.a.y;\n"
        "  int sx = so.a.x;\n"
        "  int sc = so.c;\n"
        "  union V v = { .c = 1 };\n"
        "  int vc = v.c;\n"
        "  int vi = v.i;\n"
        "  union V w = { .i = 0x100 };\n"
        "  int wc = w.c;\n"
        "  int a[6] = { [1 ... 3] = 9, [4] = 2, 3 };\n"
        "  struct { int (*op)(int); int k; } o = { .k = 3, .op = f };\n"
        "  int ok = o.op == f;\n"
        "  int ok2 = o.k;\n"
        "  return 0;\n}\n",
        m ? CFA_LP64 : CFA_ILP32);
    ck_assert_uint_eq(g->unsupported.len, 0);
    val_precision p;
    run_keep keep;
    const val_state *s = run_prog(g, &p, 0, &keep);
    ck_assert_ptr_nonnull(s);
    KNOWN(g, s, "px", 0);
    KNOWN(g, s, "py", 1);
    KNOWN(g, s, "pb0", 6);
    KNOWN(g, s, "pb1", 7);
    KNOWN(g, s, "pb2", 8);
    KNOWN(g, s, "pc", 'z');
    KNOWN(g, s, "sb2", 5);
    KNOWN(g, s, "sy", 4);
    KNOWN(g, s, "sx", 0);
    KNOWN(g, s, "sc", 0);
    KNOWN(g, s, "vc", 1);
    UNKNOWN(g, s, "vi");
    KNOWN(g, s, "wc", 0);
    KNOWN(g, s, "ok", 1);
    KNOWN(g, s, "ok2", 3);
    run_free(&keep);
    val_precision_free(&p);
    cfa_free(g);
  }
}
END_TEST

/* Records are copied whole (assignment, argument, return value), and one
 * whose address (or a part's) is taken is not tracked at all. */
START_TEST(value_record_copies_and_escapes) {
  cfa *g = build("struct P { int x; union { int i; char c[4]; } u; };\n"
                 "struct P mk(int v) {\n"
                 "  struct P r = { v, { .c = {1} } };\n"
                 "  return r;\n}\n"
                 "int get(struct P q) { return q.u.c[0] + q.x; }\n"
                 "int main() {\n"
                 "  struct P a = mk(5);\n"
                 "  struct P b = a;\n"
                 "  b.x = 7;\n"
                 "  int ax = a.x;\n"
                 "  int bx = b.x;\n"
                 "  int bc = b.u.c[0];\n"
                 "  int r = get(b);\n"
                 "  struct P e = a;\n"
                 "  int *q = &e.u.i;\n"
                 "  *q = 3;\n"
                 "  int ei = e.u.i;\n"
                 "  struct P t = a;\n"
                 "  char *tc = t.u.c;\n"
                 "  tc[0] = 2;\n"
                 "  int t0 = t.u.c[0];\n"
                 "  return 0;\n}\n");
  val_precision p;
  run_keep keep;
  const val_state *s = run_prog(g, &p, 0, &keep);
  ck_assert_ptr_nonnull(s);
  KNOWN(g, s, "ax", 5);
  KNOWN(g, s, "bx", 7);
  KNOWN(g, s, "bc", 1);
  KNOWN(g, s, "r", 8);
  UNKNOWN(g, s, "ei");
  UNKNOWN(g, s, "t0");
  ck_assert(!val_precision_has(&p, var(g, "main::e")->id));
  ck_assert(!val_precision_has(&p, var(g, "main::t")->id));
  ck_assert(val_precision_has(&p, var(g, "main::b")->id));
  run_free(&keep);
  val_precision_free(&p);
  cfa_free(g);
}
END_TEST

/* A branch on a union member or a bit-field is decided by the domain; a
 * branch also teaches the value of a member compared with a constant. */
START_TEST(value_decides_members) {
  cfa *g = build("int n(void);\n"
                 "struct B { unsigned f : 2; int g : 4; };\n"
                 "int main() {\n"
                 "  union { int i; unsigned char c[4]; } u;\n"
                 "  u.i = 0x0201;\n"
                 "  struct B b = { 3, -1 };\n"
                 "  b.f++;\n"
                 "  if (u.c[1] == 2 && b.f == 0 && b.g == -1) {\n"
                 "    u.i = n();\n"
                 "    if (u.i == 0x07000201) { int l = u.c[3]; }\n"
                 "  }\n"
                 "  return 0;\n}\n");
  val_precision p;
  run_keep keep;
  const val_state *s = run_prog(
      g, &p,
      C3("[u.c[1] == 2]", "[b.f == 0]", "[b.g == -1]", "[u.i == 0x07000201]"),
      &keep);
  ck_assert_ptr_nonnull(s);
  KNOWN(g, s, "l", 7);
  run_free(&keep);
  val_precision_free(&p);
  cfa_free(g);
  g = build("struct B { unsigned f : 2; int g : 4; };\n"
            "int main() {\n"
            "  union { int i; unsigned char c[4]; } u;\n"
            "  u.i = 0x0201;\n"
            "  struct B b = { 3, -1 };\n"
            "  b.f++;\n"
            "  if (u.c[1] == 2 && b.f == 0 && b.g == -1) { return 1; }\n"
            "  return 0;\n}\n");
  const char *const *no[] = {
      C3("[!(u.c[1] == 2)]"), C3("[u.c[1] == 2]", "[!(b.f == 0)]"),
      C3("[u.c[1] == 2]", "[b.f == 0]", "[!(b.g == -1)]")};
  for (int i = 0; i < 3; i++) {
    ck_assert_ptr_null(run_prog(g, &p, no[i], &keep));
    run_free(&keep);
    val_precision_free(&p);
  }
  cfa_free(g);
}
END_TEST

/* A static local is one object for all activations: its declaration runs
 * at every call, but initialises it only the first time, so the domain
 * does not know its value there (it used to reset it to the initialiser,
 * and missed the second call's c == 2); calls and returns keep it. */
START_TEST(value_static_locals) {
  cfa *g = build("int f(void) {\n"
                 "  static int c = 0;\n"
                 "  c++;\n"
                 "  return c;\n}\n"
                 "int main() {\n"
                 "  int a = f();\n"
                 "  int b = f();\n"
                 "  return 0;\n}\n");
  val_precision p;
  run_keep keep;
  const val_state *s = run_prog(g, &p, 0, &keep);
  ck_assert_ptr_nonnull(s);
  UNKNOWN(g, s, "a");
  UNKNOWN(g, s, "b");
  run_free(&keep);
  val_precision_free(&p);
  cfa_free(g);
}
END_TEST

/* ---------- the automaton step ---------- */

static const char *aa_arith = "OBSERVER AUTOMATON AssumptionAutomaton\n"
                              "INITIAL STATE A0;\n"
                              "STATE __TRUE : TRUE -> GOTO __TRUE;\n"
                              "STATE __FALSE : TRUE -> GOTO __FALSE;\n"
                              "STATE USEFIRST A0 :\n"
                              "  MATCH \"int x = 3;\" -> GOTO A1;\n"
                              "  TRUE -> GOTO A0;\n"
                              "STATE USEFIRST A1 :\n"
                              "  MATCH \"[x == 5]\" -> GOTO __TRUE;\n"
                              "  MATCH \"[!(x == 5)]\" -> GOTO __FALSE;\n"
                              "  MATCH \"c = c + 11;\" -> GOTO A1;\n"
                              "  TRUE -> GOTO A1;\n"
                              "END AUTOMATON\n";

START_TEST(aastep_match_catchall_near_miss) {
  cfa *g = build(prog_arith);
  aa_automaton *A = automaton(aa_arith);
  as_view *v = as_view_new(A);
  unsigned q0 = as_initial(v);
  ck_assert_str_eq(as_state_name(v, q0), "A0");
  as_step s[8];
  ck_assert_uint_eq(as_step_edge(v, q0, edge(g, "int x = 3;"), s, 8), 1);
  ck_assert_int_eq(s[0].rule, AS_MATCH);
  unsigned q1 = s[0].target;
  ck_assert_str_eq(as_state_name(v, q1), "A1");
  /* a catch-all that stays, next to a MATCH that nearly matches */
  ck_assert_uint_eq(as_step_edge(v, q1, edge(g, "c = c + 10;"), s, 8), 1);
  ck_assert_int_eq(s[0].rule, AS_CATCHALL);
  ck_assert_int_ge(s[0].near, 0);
  char *msg = as_near_miss_message(v, &s[0], edge(g, "c = c + 10;"));
  ck_assert_ptr_nonnull(strstr(msg, "catch-all of state A1"));
  ck_assert_ptr_nonnull(strstr(msg, "c = c + 11;"));
  mem_free(msg);
  /* into the sinks */
  bool is_true;
  ck_assert_uint_eq(as_step_edge(v, q1, edge(g, "[x == 5]"), s, 8), 1);
  ck_assert(as_is_sink(v, s[0].target, &is_true) && is_true);
  ck_assert_uint_eq(as_step_edge(v, q1, edge(g, "[!(x == 5)]"), s, 8), 1);
  ck_assert(as_is_sink(v, s[0].target, &is_true) && !is_true);
  ck_assert(!as_is_sink(v, q1, &is_true));
  as_view_free(v);
  aa_free(A);
  cfa_free(g);
}
END_TEST

/* ---------- the product core ---------- */

static const char top = 0;
static const void *t_initial(void *d) {
  (void)d;
  return &top;
}
static bool t_post(void *d, const void *s, const void *c, const cfa_edge *e,
                   const void **out) {
  (void)d, (void)c, (void)e;
  *out = s;
  return true;
}
static uint64_t t_hash(void *d, const void *s) {
  (void)d, (void)s;
  return 1;
}
static bool t_equal(void *d, const void *a, const void *b) {
  (void)d;
  return a == b;
}
static const pr_domain trivial = {"none",  t_initial, t_post, 0, t_hash,
                                  t_equal, 0,         0,      0, 0, 0};

typedef struct {
  unsigned sinks[2], steps;
  unsigned restart_after; /* 0: never */
  unsigned long stop_at;  /* 0: never */
} t_client;

static void t_step(void *arg, const pr_node *n, const cfa_edge *e,
                   const as_step *s) {
  (void)n, (void)e, (void)s;
  ((t_client *)arg)->steps++;
}
static pr_verdict t_sink(void *arg, const pr_node *n, const cfa_edge *e,
                         const as_step *s, bool is_true) {
  t_client *c = arg;
  (void)n, (void)e, (void)s;
  c->sinks[is_true ? 0 : 1]++;
  return c->restart_after && c->sinks[0] + c->sinks[1] >= c->restart_after
             ? PR_RESTART
             : PR_GO;
}
static stop_reason t_stop(void *arg, unsigned long nodes) {
  t_client *c = arg;
  return c->stop_at && nodes >= c->stop_at ? STOP_STATES : STOP_NONE;
}

/* Every CFA node reachable from the start, counted. */
static unsigned reachable(const cfa *g) {
  unsigned char *seen = calloc(g->nodes.len + 1, 1);
  const cfa_node **stack = calloc(g->nodes.len + 1, sizeof *stack);
  size_t sp = 0;
  unsigned n = 0;
  stack[sp++] = g->start;
  seen[g->start->id] = 1;
  while (sp) {
    const cfa_node *x = stack[--sp];
    n++;
    for (const cfa_edge *e = x->out; e; e = e->next_out)
      if (!seen[e->to->id]) {
        seen[e->to->id] = 1;
        stack[sp++] = e->to;
      }
  }
  free(seen);
  free(stack);
  return n;
}

static const char *aa_stay = "OBSERVER AUTOMATON AssumptionAutomaton\n"
                             "INITIAL STATE A0;\n"
                             "STATE __TRUE : TRUE -> GOTO __TRUE;\n"
                             "STATE __FALSE : TRUE -> GOTO __FALSE;\n"
                             "STATE USEFIRST A0 :\n"
                             "  TRUE -> GOTO A0;\n"
                             "END AUTOMATON\n";

START_TEST(product_trivial_domain_visits_each_location_once) {
  /* no calls: with one automaton state and one domain state, the ARG has
   * one node per reachable location */
  cfa *g = build(prog_arith);
  aa_automaton *A = automaton(aa_stay);
  as_view *v = as_view_new(A);
  pr_states *st = pr_states_new(&trivial, 0);
  t_client c = {{0, 0}, 0, 0, 0};
  pr_options o = {.max_depth = 64};
  pr_hooks h = {&c, t_step, t_sink, 0, t_stop, 0};
  pr_arg *a = pr_explore(g, v, st, &o, &h);
  ck_assert(a->finished);
  ck_assert(!a->stopped_by && !a->restarted);
  ck_assert_uint_eq(a->nodes, reachable(g));
  ck_assert_uint_eq(c.sinks[0] + c.sinks[1], 0);
  ck_assert_uint_gt(a->covered, 0);   /* the if-join is reached twice */
  ck_assert_uint_eq(a->root->did, 0); /* the first state interned */
  /* every node's path leads back to the root along its parents */
  for (size_t i = 0; i < a->wait.len; i++) {
    const pr_node **p;
    size_t len = pr_path(a->wait.data[i], &p);
    ck_assert_uint_eq(len, a->wait.data[i]->depth);
    if (len) ck_assert_ptr_eq(p[0]->parent, a->root);
    mem_free(p);
  }
  pr_arg_free(a);
  /* the same search with a state limit stops there */
  c.stop_at = 3;
  a = pr_explore(g, v, st, &o, &h);
  ck_assert_int_eq(a->stopped_by, STOP_STATES);
  ck_assert(!a->finished);
  ck_assert_uint_eq(a->nodes, 3);
  pr_arg_free(a);
  pr_states_free(st);
  as_view_free(v);
  aa_free(A);
  cfa_free(g);
}
END_TEST

START_TEST(product_exact_domain_is_a_tree) {
  /* no abstraction: the if-join is reached once per path, nothing covers,
   * and a loop repeats a product location (acyclic stops there) */
  cfa *g = build(prog_arith);
  aa_automaton *A = automaton(aa_stay);
  as_view *v = as_view_new(A);
  exact_dom ed;
  exact_dom_init(&ed);
  pr_states *st = pr_states_new(&exact_domain, &ed);
  t_client c = {{0, 0}, 0, 0, 0};
  pr_options o = {.max_depth = 64, .acyclic = true};
  pr_hooks h = {&c, t_step, t_sink, 0, t_stop, 0};
  pr_arg *a = pr_explore(g, v, st, &o, &h);
  ck_assert(a->finished && !a->stopped_by);
  ck_assert_uint_eq(a->covered, 0);
  ck_assert_uint_gt(a->nodes, reachable(g)); /* the join twice */
  pr_arg_free(a);
  pr_states_free(st);
  cfa *l = build("int main() {\n"
                 "  int i = 0;\n"
                 "  while (i < 3) i++;\n"
                 "  return i;\n"
                 "}\n");
  st = pr_states_new(&exact_domain, &ed);
  a = pr_explore(l, v, st, &o, &h);
  ck_assert_int_eq(a->stopped_by, STOP_CYCLE);
  ck_assert(!a->finished);
  pr_arg_free(a);
  pr_states_free(st);
  as_view_free(v);
  aa_free(A);
  cfa_free(l);
  cfa_free(g);
}
END_TEST

START_TEST(product_sinks_and_restart) {
  cfa *g = build(prog_arith);
  aa_automaton *A = automaton(aa_arith);
  as_view *v = as_view_new(A);
  pr_states *st = pr_states_new(&trivial, 0);
  t_client c = {{0, 0}, 0, 0, 0};
  pr_options o = {.max_depth = 64};
  pr_hooks h = {&c, t_step, t_sink, 0, 0, 0};
  pr_arg *a = pr_explore(g, v, st, &o, &h);
  ck_assert(a->finished);
  ck_assert_uint_eq(c.sinks[0], 1); /* [x == 5] */
  ck_assert_uint_eq(c.sinks[1], 1); /* [!(x == 5)] */
  pr_arg_free(a);
  /* a hook that asks for a new round ends this one at once */
  t_client r = {{0, 0}, 0, 1, 0};
  h.arg = &r;
  a = pr_explore(g, v, st, &o, &h);
  ck_assert(a->restarted && !a->finished);
  ck_assert_uint_eq(r.sinks[0] + r.sinks[1], 1);
  pr_arg_free(a);
  pr_states_free(st);
  as_view_free(v);
  aa_free(A);
  cfa_free(g);
}
END_TEST

/* A domain of loop counters (0..cap) that covers a larger count by a
 * smaller one ("at least n iterations"): the loop is unrolled once under
 * the cover and infinitely often under equality alone (up to cap). */
typedef struct {
  unsigned cap;
  unsigned alive;
} cnt_dom;
static const void *c_initial(void *d) {
  static unsigned zero = 0;
  (void)d;
  return &zero;
}
static bool c_post(void *d, const void *s, const void *caller,
                   const cfa_edge *e, const void **out) {
  cnt_dom *cd = d;
  (void)caller;
  unsigned n = *(const unsigned *)s;
  if (e->kind == CFA_ASSUME && e->truth && n < cd->cap) {
    unsigned *m = malloc(sizeof *m);
    *m = n + 1;
    cd->alive++;
    *out = m;
  } else
    *out = s;
  return true;
}
static uint64_t c_hash(void *d, const void *s) {
  (void)d;
  return *(const unsigned *)s + 1;
}
static bool c_equal(void *d, const void *a, const void *b) {
  (void)d;
  return *(const unsigned *)a == *(const unsigned *)b;
}
static bool c_covers(void *d, const void *a, const void *b) {
  (void)d;
  return *(const unsigned *)a <= *(const unsigned *)b;
}
static void c_release(void *d, const void *s) {
  cnt_dom *cd = d;
  cd->alive--;
  free((void *)s);
}

START_TEST(product_domain_cover) {
  cfa *g = build("int __VERIFIER_nondet_int();\n"
                 "int main() {\n"
                 "  while (__VERIFIER_nondet_int()) { }\n"
                 "  return 0;\n"
                 "}\n");
  aa_automaton *A = automaton(aa_stay);
  as_view *v = as_view_new(A);
  pr_options o = {.max_depth = 64};
  pr_hooks h = {0, 0, 0, 0, 0, 0};
  cnt_dom cd = {50, 0};
  pr_domain eq = {"count", c_initial, c_post,    0, c_hash,
                  c_equal, 0,         c_release, 0, 0, 0};
  pr_states *st = pr_states_new(&eq, &cd);
  pr_arg *a = pr_explore(g, v, st, &o, &h);
  unsigned long by_equality = a->nodes;
  pr_arg_free(a);
  pr_states_free(st);
  ck_assert_uint_eq(cd.alive, 0); /* every state released */
  pr_domain cov = eq;
  cov.covers = c_covers;
  st = pr_states_new(&cov, &cd);
  a = pr_explore(g, v, st, &o, &h);
  ck_assert(a->finished);
  ck_assert_uint_lt(a->nodes, by_equality);
  ck_assert_uint_gt(by_equality, 50); /* unrolled up to the cap */
  ck_assert_uint_lt(a->nodes, 20);
  pr_arg_free(a);
  pr_states_free(st);
  ck_assert_uint_eq(cd.alive, 0);
  as_view_free(v);
  aa_free(A);
  cfa_free(g);
}
END_TEST

/* ---------- CEGAR rounds ---------- */

typedef struct {
  unsigned feasible[2], infeasible, unknown, rounds;
  unsigned long inputs;
} cg_client;

static void k_decided(void *arg, const pr_node *n, const cfa_edge *e,
                      const as_step *s, bool is_true, smt_result r,
                      const smt_model *m, const char *reason) {
  cg_client *c = arg;
  (void)n, (void)e, (void)s, (void)reason;
  if (r == SMT_FEASIBLE) {
    c->feasible[is_true ? 0 : 1]++;
    if (m) c->inputs += m->ninputs;
  } else if (r == SMT_INFEASIBLE)
    c->infeasible++;
  else
    c->unknown++;
}
static void k_round(void *arg) { ((cg_client *)arg)->rounds++; }

START_TEST(cegar_refines_an_infeasible_frontier) {
  /* the frontier branch is infeasible: the first round (empty precision)
   * finds it as a candidate, Z3 refutes it, x enters the precision and the
   * second round reaches only the safe branch */
  cfa *g = build("int __VERIFIER_nondet_int();\n"
                 "int main() {\n"
                 "  int x = 1;\n"
                 "  int y = __VERIFIER_nondet_int();\n"
                 "  if (x == 2) { return 1; }\n"
                 "  if (y > 3) { return 2; }\n"
                 "  return 0;\n"
                 "}\n");
  aa_automaton *A = automaton("OBSERVER AUTOMATON AssumptionAutomaton\n"
                              "INITIAL STATE A0;\n"
                              "STATE __TRUE : TRUE -> GOTO __TRUE;\n"
                              "STATE __FALSE : TRUE -> GOTO __FALSE;\n"
                              "STATE USEFIRST A0 :\n"
                              "  MATCH \"[x == 2]\" -> GOTO __FALSE;\n"
                              "  MATCH \"[y > 3]\" -> GOTO __TRUE;\n"
                              "  TRUE -> GOTO A0;\n"
                              "END AUTOMATON\n");
  as_view *v = as_view_new(A);
  smt_ctx *s = smt_new(g, 10000);
  val_dom vd;
  val_dom_init(&vd, g);
  cg_client c = {{0, 0}, 0, 0, 0, 0};
  cg_options o = {.max_depth = 64, .max_refinements = 10, .solver_timeout_ms = 10000};
  cg_hooks h = {&c, 0, k_decided, 0, 0, k_round, 0, 0, 0};
  cg_result res = {0};
  cg_run(g, v, &val_domain, &vd, s, &o, &h, &res);
  ck_assert_uint_eq(c.feasible[1], 0);
  ck_assert_uint_eq(c.feasible[0], 1);
  ck_assert_uint_eq(c.inputs, 1); /* y */
  ck_assert_uint_eq(res.infeasible, 1);
  ck_assert_uint_eq(res.refinements, 1);
  ck_assert_uint_eq(c.rounds, 2);
  ck_assert(val_precision_has(&vd.prec, var(g, "main::x")->id));
  ck_assert(!val_precision_has(&vd.prec, var(g, "main::y")->id));
  ck_assert_int_eq(res.stopped_by, STOP_NONE);
  /* the final round's ARG is the result: finished, and at the refined
   * precision x is known on every node below its declaration */
  ck_assert_ptr_nonnull(res.arg);
  ck_assert(res.arg->finished);
  ck_assert_uint_gt(res.arg->nodes, 0);
  ck_assert_uint_lt(res.arg->nodes, res.states);
  cg_result_free(&res);
  ck_assert_ptr_null(res.arg);
  val_dom_free(&vd);
  smt_free(s);
  as_view_free(v);
  aa_free(A);
  cfa_free(g);
}
END_TEST

int main(void) {
  if (!mkdtemp(tmpdir)) return 99;
  Suite *s = suite_create("core");
  TCase *t = tcase_create("core");
  tcase_set_timeout(t, 60);
  tcase_add_test(t, value_post_tracks_precision);
  tcase_add_test(t, value_wraps_in_the_type);
  tcase_add_test(t, value_function_pointers);
  tcase_add_test(t, value_pointers_into_no_object);
  tcase_add_test(t, value_equal_and_hash_by_content);
  tcase_add_test(t, value_equal_ignores_padding);
  tcase_add_test(t, value_union_members);
  tcase_add_test(t, value_bit_fields);
  tcase_add_test(t, value_designated_initialisers);
  tcase_add_test(t, value_record_copies_and_escapes);
  tcase_add_test(t, value_decides_members);
  tcase_add_test(t, value_static_locals);
  tcase_add_test(t, aastep_match_catchall_near_miss);
  tcase_add_test(t, product_trivial_domain_visits_each_location_once);
  tcase_add_test(t, product_sinks_and_restart);
  tcase_add_test(t, product_exact_domain_is_a_tree);
  tcase_add_test(t, product_domain_cover);
  tcase_add_test(t, cegar_refines_an_infeasible_frontier);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
  if (system(cmd)) return 99;
  return failed ? 1 : 0;
}
