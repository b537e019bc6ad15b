/* smt: the session (see smt.h for the API and what is modelled, smt_int.h
 * for the layers below). A pushed edge gets a mark (where each layer's
 * undo goes back to) and is encoded by smte under smtz_protect; a failure
 * drops the edge's partial encoding and poisons the path from there. A
 * check asks the path's solver (smtc) under the literals and obligations,
 * reads the unsat core when it is unsatisfiable, asks whether undefined
 * behaviour can come first, and renders the model as the path's inputs. */
#include "smt.h"
#include "smt_int.h"
#include "lib/lim.h"

#include "lib/mem.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SMT_DENSE_ARRAY 16 /* array inputs up to this size print densely */

/* Undo everything recorded after mark m (m itself stays). */
static void smt_undo_to(smt_ctx *s, const smt_mark *m) {
  while (s->taken.len > m->taken)
    smtz_drop(s->z, s->taken.data[--s->taken.len]);
  /* the order of releases as before the split (see smtz.h) */
  smtm_undo_trail(&s->m, &m->m);
  smtc_undo(&s->c, &m->c);
  smte_undo_memo(&s->e, m->memo);
  smtm_undo_arrays(&s->m, &m->m);
  smtc_undo_log(&s->c, &m->c);
}

/* ---------- public API ---------- */

const char *smt_result_name(smt_result r) {
  switch (r) {
  case SMT_FEASIBLE:
    return "feasible";
  case SMT_INFEASIBLE:
    return "infeasible";
  default:
    return "unknown";
  }
}

smt_ctx *smt_new(const cfa *g, unsigned timeout_ms) {
  return smt_new_sharing(g, timeout_ms, 0);
}

smt_ctx *smt_new_sharing(const cfa *g, unsigned timeout_ms, smt_ctx *with) {
  smt_ctx *s = mem_calloc(1, sizeof *s);
  s->g = g;
  s->poison_step = SIZE_MAX;
  s->unknown_step = SIZE_MAX;
  s->z = with ? smtz_share(with->z) : smtz_new();
  /* the QF_BV solver gives up on floating point; QF_FPBV is slower on
   * bit-vectors alone (tests/data/verify/wide.c: a timeout) */
  if (cfa_uses_floats(g)) s->z->fp = true;
  smtc_init(&s->c, s->z, timeout_ms);
  smtm_init(&s->m, s->z, &s->c, g);
  smte_init(&s->e, s->z, &s->c, &s->m, g);
  return s;
}

void smt_ahead(unsigned n) { smtz_ahead(n); }

static void smt_ub_clear(smt_ctx *s);

void smt_free(smt_ctx *s) {
  if (!s) return;
  smt_ub_clear(s);
  smt_pop(s, s->marks.len);
  while (s->formulas)
    smt_handle_free(s, s->formulas);
  smtz_release(s->z);
  if (s->abs_solver) Z3_solver_dec_ref(s->z->ctx, s->abs_solver);
  smte_fini(&s->e);
  smtm_fini(&s->m);
  smtc_fini(&s->c);
  smtz_free(s->z);
  VEC_FREE(s->marks);
  VEC_FREE(s->taken);
  VEC_FREE(s->core);
  mem_free(s->poison);
  mem_free(s);
}

void smt_set_timeout(smt_ctx *s, unsigned timeout_ms) {
  s->c.timeout_ms = timeout_ms;
}

void smt_set_deadline(smt_ctx *s, double deadline) {
  s->c.deadline = deadline;
}

void smt_set_raw(smt_ctx *s, bool raw) { s->c.raw = raw; }

void smt_set_open(smt_ctx *s, const unsigned char *pointed) {
  smtm_open(&s->m, pointed, s->g->main);
}

void smt_interrupt(smt_ctx *s) { Z3_interrupt(s->z->ctx); }

size_t smt_depth(const smt_ctx *s) { return s->marks.len; }

const char *smt_poisoned(const smt_ctx *s) { return s->poison; }

unsigned long smt_solver_calls(const smt_ctx *s) { return s->c.calls; }

double smt_solver_seconds(const smt_ctx *s) { return s->c.seconds; }

typedef struct {
  smt_ctx *s;
  const cfa_edge *e;
  Z3_ast *taken; /* CFA_BLOCK */
} smt_enc_arg;

static void smt_enc_protected(void *arg) {
  smt_enc_arg *a = arg;
  smt_ctx *s = a->s;
  size_t run_start = s->marks.data[s->marks.len - 1].run_start;
  if (a->e->kind == CFA_BLOCK) {
    a->taken = smtz_tmp(s->z, (a->e->nblock + 1) * sizeof *a->taken);
    smte_block(&s->e, a->e, run_start, a->taken);
  } else {
    smte_edge(&s->e, a->e, run_start);
  }
}

/* Whether e begins with assume edges (a run of them may go on into it). */
static bool smt_starts_assume(const cfa_edge *e) {
  if (e->kind == CFA_BLOCK) return e->nblock && e->block[0]->kind == CFA_ASSUME;
  return e->kind == CFA_ASSUME;
}

/* Whether e ends with assume edges only. */
static bool smt_ends_assume(const cfa_edge *e) {
  if (e->kind != CFA_BLOCK) return e->kind == CFA_ASSUME;
  const cfa_node *t = cfa_block_target(e);
  bool any = false;
  for (size_t i = 0; i < e->nblock; i++)
    if (e->block[i]->to == t) {
      if (e->block[i]->kind != CFA_ASSUME) return false;
      any = true;
    }
  return any;
}

bool smt_push_edge(smt_ctx *s, const cfa_edge *e) {
  size_t d = s->marks.len;
  smt_mark m = {e, smtm_mark_now(&s->m), s->e.memo.len, smtc_mark_now(&s->c),
                d, s->taken.len};
  if (d && smt_starts_assume(e) && smt_ends_assume(s->marks.data[d - 1].e))
    m.run_start = s->marks.data[d - 1].run_start;
  VEC_PUSH(s->marks, m);
  s->core_valid = false;
  if (s->poison) return false;
  s->c.step = d;
  smt_enc_arg a = {s, e, 0};
  if (smtz_protect(s->z, smt_enc_protected, &a) != SMTZ_OK) {
    /* drop what the edge did so far; the path is poisoned from here */
    smt_undo_to(s, &s->marks.data[s->marks.len - 1]);
    smtz_release(s->z);
    s->poison = smtz_failure(s->z);
    s->poison_step = s->marks.len - 1;
    return false;
  }
  if (e->kind == CFA_BLOCK)
    for (size_t i = 0; i < e->nblock; i++)
      VEC_PUSH(s->taken, smtz_hold(s->z, a.taken[i]));
  smtz_release(s->z);
  return true;
}

bool smt_push_frame(smt_ctx *s, const cfa_edge *call) {
  size_t d = s->marks.len;
  smt_mark m = {call, smtm_mark_now(&s->m), s->e.memo.len,
                smtc_mark_now(&s->c), d, s->taken.len};
  VEC_PUSH(s->marks, m);
  s->core_valid = false;
  if (s->poison) return false;
  s->c.step = d;
  smtm_frame_push(&s->m, call, call->callee); /* trailed: smt_pop undoes it */
  smtm_frame_opened(&s->m);
  return true;
}

void smt_pop(smt_ctx *s, size_t k) {
  if (k > s->marks.len) k = s->marks.len;
  if (!k) return;
  s->marks.len -= k;
  smt_undo_to(s, &s->marks.data[s->marks.len]);
  smtc_collect(&s->c);
  if (s->poison && s->poison_step >= s->marks.len) {
    mem_free(s->poison);
    s->poison = 0;
    s->poison_step = SIZE_MAX;
  }
  s->core_valid = false;
}

/* ---------- checking and models ---------- */

static int smt_cmp_size(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return x < y ? -1 : x > y;
}

/* Read the unsat core: the assume steps into s->core. *last gets the
 * latest step of anything in the core, *obls whether obligations are in it. */
static void smt_read_core(smt_ctx *s, size_t *last, bool *obls) {
  Z3_ast_vector v = Z3_solver_get_unsat_core(s->z->ctx, s->c.solver);
  Z3_ast_vector_inc_ref(s->z->ctx, v);
  unsigned n = Z3_ast_vector_size(s->z->ctx, v);
  s->core.len = 0;
  *last = 0;
  *obls = false;
  for (unsigned i = 0; i < n; i++) {
    Z3_ast a = Z3_ast_vector_get(s->z->ctx, v, i);
    bool found = false;
    for (size_t j = 0; j < s->c.lits.len && !found; j++)
      if (s->c.lits.data[j].lit == a) {
        VEC_PUSH(s->core, s->c.lits.data[j].step);
        if (s->c.lits.data[j].step > *last) *last = s->c.lits.data[j].step;
        found = true;
      }
    for (size_t j = 0; j < s->c.obls.len && !found; j++)
      if (s->c.obls.data[j].lit == a) {
        if (s->c.obls.data[j].step > *last) *last = s->c.obls.data[j].step;
        *obls = true;
        found = true;
      }
  }
  Z3_ast_vector_dec_ref(s->z->ctx, v);
  if (s->core.len) {
    qsort(s->core.data, s->core.len, sizeof *s->core.data, smt_cmp_size);
    size_t k = 0;
    for (size_t i = 0; i < s->core.len; i++)
      if (!k || s->core.data[k - 1] != s->core.data[i])
        s->core.data[k++] = s->core.data[i];
    s->core.len = k;
  }
}

/* Can an execution that follows the path violate an obligation made at a
 * step <= upto (following the path only up to that obligation)? On SAT,
 * *which is such an obligation. */
/* Dynamic memory is not modelled: a function without a body returns an
 * arbitrary pointer, so an access through what malloc returned looks like
 * undefined behaviour. The note that says so, naming the first such call
 * on the path and its line ("" when there is none; allocated). */
static char *smt_alloc_note(const smt_ctx *s) {
  for (size_t i = 0; i < s->m.calls.len; i++)
    if (cfa_is_alloc_fn(s->m.calls.data[i].fn))
      return mem_printf(" (the path calls %s at line %u, whose memory the "
                        "analysis does not model)",
                        s->m.calls.data[i].fn, s->m.calls.data[i].line);
  return mem_strdup("");
}

static smt_model *smt_make_model(smt_ctx *s, smt_model **building,
                                 Z3_model *zm);

/* Whether undefined behaviour is reachable on the path up to step `upto`:
 * an execution that follows the steps before an obligation and violates
 * it. On Z3_L_TRUE, *which is that obligation and, when `model` is given
 * and the obligation is undefined behaviour, *model the execution's
 * inputs and values (NULL when the solver gave none). */
static Z3_lbool smt_ub_reachable(smt_ctx *s, size_t upto, size_t *which,
                                 smt_model **model) {
  Z3_ast *ways = smtz_tmp(s->z, (s->c.obls.len + 1) * sizeof *ways);
  size_t nways = 0;
  Z3_ast prefix = s->z->tru, any = s->z->fls;
  size_t j = 0;
  for (size_t k = 0; k < s->c.obls.len && s->c.obls.data[k].step <= upto; k++) {
    const smtc_obl *o = &s->c.obls.data[k];
    /* the literals of the steps before; within a block, also those made
     * before the obligation (its __VERIFIER_assume calls on the way) */
    bool blk = s->marks.data[o->step].e->kind == CFA_BLOCK;
    for (; j < s->c.lits.len &&
           (s->c.lits.data[j].step < o->step ||
            (blk && s->c.lits.data[j].step == o->step &&
             s->c.lits.data[j].seq < o->seq));
         j++)
      prefix = smtz_and(s->z, prefix, s->c.lits.data[j].lit);
    Z3_ast w = smtz_and(s->z, prefix, smtz_not(s->z, s->c.obls.data[k].lit));
    ways[nways++] = w;
    any = smtz_or(s->z, any, w);
  }
  /* asserted behind a fresh literal, not logged: garbage once checked */
  Z3_ast act = smtc_activate(&s->c, any);
  Z3_lbool r = smtc_solve(&s->c, 0, false, act);
  if (r == Z3_L_TRUE) {
    *which = 0;
    Z3_model m = Z3_solver_get_model(s->z->ctx, s->c.solver);
    if (m) {
      Z3_model_inc_ref(s->z->ctx, m);
      for (size_t k = 0; k < nways; k++) {
        Z3_ast v = 0;
        if (Z3_model_eval(s->z->ctx, m, ways[k], true, &v) && v &&
            Z3_get_bool_value(s->z->ctx, v) == Z3_L_TRUE) {
          *which = k;
          break;
        }
      }
      /* undefined behaviour: that execution, rendered and kept with its
       * reference (smt_undefined, smt_undefined_expand) */
      if (model && s->c.obls.data[*which].ub) {
        *model = smt_make_model(s, &s->building, &s->zmodel);
        if (s->ub_zmodel) Z3_model_dec_ref(s->z->ctx, s->ub_zmodel);
        s->ub_zmodel = m;
        m = 0;
      }
      if (m) Z3_model_dec_ref(s->z->ctx, m);
    }
  }
  smtc_retire(&s->c, act);
  return r;
}

/* Decimal rendering of an unsigned decimal string as a value of `bits`
 * bits, signed when sgn. */
static char *smt_render_dec(const char *dec, unsigned bits, bool sgn) {
  unsigned __int128 u = 0;
  for (const char *p = dec; *p >= '0' && *p <= '9'; p++)
    u = u * 10 + (unsigned)(*p - '0');
  bool neg = false;
  if (sgn && bits && bits <= 128 && (u >> (bits - 1)) & 1) {
    unsigned __int128 m = bits == 128 ? ~(unsigned __int128)0
                                      : (((unsigned __int128)1 << bits) - 1);
    u = ((~u) + 1) & m;
    neg = true;
  }
  char buf[48], *q = buf + sizeof buf;
  *--q = 0;
  do {
    *--q = (char)('0' + (int)(u % 10));
    u /= 10;
  } while (u);
  if (neg) *--q = '-';
  return mem_strdup(q);
}

/* IEEE bits u of a float of `bytes` bytes as text that reads back as the
 * same value (strtof / strtod): "%.9g" / "%.17g", with ".0" when that
 * looks like an integer; "nan", "inf", "-inf". */
static char *smt_render_float(uint64_t u, uint64_t bytes) {
  double d;
  if (bytes == 4) {
    uint32_t b = (uint32_t)u;
    float f;
    memcpy(&f, &b, sizeof f);
    d = f;
  } else
    memcpy(&d, &u, sizeof d);
  if (isnan(d)) return mem_strdup("nan");
  if (isinf(d)) return mem_strdup(d > 0 ? "inf" : "-inf");
  char buf[40];
  snprintf(buf, sizeof buf, bytes == 4 ? "%.9g" : "%.17g", d);
  if (!strpbrk(buf, ".e")) strcat(buf, ".0");
  return mem_strdup(buf);
}

/* A scalar numeral of type T as C would print it. */
static char *smt_render_num(smt_ctx *s, Z3_ast v, const ty *T) {
  if (!v || !Z3_is_numeral_ast(s->z->ctx, v)) return mem_strdup("?");
  if (T->kind == TY_FLOAT) { /* v: its IEEE bits */
    uint64_t u = 0;
    if ((T->size != 4 && T->size != 8) ||
        !Z3_get_numeral_uint64(s->z->ctx, v, &u))
      return mem_strdup("?");
    return smt_render_float(u, T->size);
  }
  char *dec = mem_strdup(Z3_get_numeral_string(s->z->ctx, v));
  char *r;
  if (T->kind == TY_POINTER) { /* the address: offset of object 0 */
    unsigned __int128 u = 0;
    for (const char *p = dec; *p; p++)
      u = u * 10 + (unsigned)(*p - '0');
    char buf[32];
    snprintf(buf, sizeof buf, "%" PRIu64, (uint64_t)u);
    r = mem_strdup(buf);
  } else {
    r = smt_render_dec(dec, ty_bits(T), T->kind == TY_INT && T->is_signed);
  }
  mem_free(dec);
  return r;
}

static void smt_sb(char **b, size_t *len, const char *add) {
  size_t n = strlen(add);
  *b = mem_realloc(*b, *len + n + 1);
  memcpy(*b + *len, add, n + 1);
  *len += n;
}

/* Whether the model's execution took read r's element of the base (no
 * newer write hit its index). */
static bool smt_aread_taken(smt_ctx *s, Z3_model m, const smtm_aread *r) {
  if (!r->reach) return true;
  Z3_ast v = smtz_eval(s->z, m, r->reach);
  return !v || Z3_get_bool_value(s->z->ctx, v) != Z3_L_FALSE;
}

static char *smt_render_input(smt_ctx *s, Z3_model m, const smtc_input *in) {
  if (!in->count)
    return smt_render_num(s, smtz_eval(s->z, m, in->term), in->type);
  /* the elements the path read; the others do not matter (shown as 0) */
  size_t n = 0;
  for (size_t j = 0; j < s->m.areads.len; j++)
    n += s->m.areads.data[j].base == in->base;
  uint64_t *idx = mem_calloc(n + 1, sizeof *idx);
  char **val = mem_calloc(n + 1, sizeof *val);
  size_t k = 0;
  for (size_t j = 0; j < s->m.areads.len; j++) {
    const smtm_aread *r = &s->m.areads.data[j];
    if (r->base != in->base || !smt_aread_taken(s, m, r)) continue;
    Z3_ast iv = smtz_eval(s->z, m, r->idx);
    uint64_t u;
    if (!iv || !Z3_is_numeral_ast(s->z->ctx, iv) ||
        !Z3_get_numeral_uint64(s->z->ctx, iv, &u) || u >= in->count)
      continue;
    bool dup = false;
    for (size_t q = 0; q < k; q++)
      dup |= idx[q] == u;
    if (dup) continue;
    idx[k] = u;
    val[k++] = smt_render_num(s, smtz_eval(s->z, m, r->val), in->type);
  }
  char *b = mem_strdup("{");
  size_t len = 1;
  if (in->count <= SMT_DENSE_ARRAY) {
    for (uint64_t e = 0; e < in->count; e++) {
      const char *v = "0";
      for (size_t q = 0; q < k; q++)
        if (idx[q] == e) v = val[q];
      if (e) smt_sb(&b, &len, ", ");
      smt_sb(&b, &len, v);
    }
  } else {
    for (size_t q = 0; q < k; q++) { /* ascending indices */
      size_t best = q;
      for (size_t t = q + 1; t < k; t++)
        if (idx[t] < idx[best]) best = t;
      uint64_t ti = idx[q];
      char *tv = val[q];
      idx[q] = idx[best];
      val[q] = val[best];
      idx[best] = ti;
      val[best] = tv;
      char buf[40];
      snprintf(buf, sizeof buf, "%s[%" PRIu64 "]=", q ? ", " : "", idx[q]);
      smt_sb(&b, &len, buf);
      smt_sb(&b, &len, val[q]);
    }
  }
  for (size_t q = 0; q < k; q++)
    mem_free(val[q]);
  mem_free(idx);
  mem_free(val);
  smt_sb(&b, &len, "}");
  return b;
}

void smt_model_free(smt_model *m) {
  if (!m) return;
  for (size_t i = 0; i < m->ninputs; i++) {
    mem_free(m->inputs[i].function);
    mem_free(m->inputs[i].type);
    mem_free(m->inputs[i].value);
    mem_free(m->inputs[i].object);
    mem_free(m->inputs[i].via);
    for (size_t j = 0; j < m->inputs[i].nparams; j++)
      mem_free(m->inputs[i].params[j]);
    mem_free(m->inputs[i].params);
  }
  mem_free(m->inputs);
  for (size_t i = 0; i < m->nvalues; i++) {
    mem_free(m->values[i].name);
    mem_free(m->values[i].value);
  }
  mem_free(m->values);
  mem_free(m);
}

static bool smt_model_true(smt_ctx *s, Z3_model m, Z3_ast c) {
  if (!c) return true;
  Z3_ast v = smtz_eval(s->z, m, c);
  return v && Z3_get_bool_value(s->z->ctx, v) == Z3_L_TRUE;
}

/* A written input's object, call number and way from the argument. */
static void smt_render_written(smt_ctx *s, Z3_model m, const smtc_input *in,
                               smt_input *o) {
  const smtm_route *r = &s->m.routes.data[in->route - 1];
  const smtm_leaf *lf = &r->in->lay->leaves[in->leaf];
  const smtm_call *k = &s->m.calls.data[r->call];
  o->object = mem_printf("%s%s", r->in->var->name, lf->path);
  o->call = 0;
  for (size_t i = 0; i <= r->call; i++)
    o->call += !strcmp(s->m.calls.data[i].fn, k->fn) &&
               smt_model_true(s, m, s->m.calls.data[i].guard);
  o->ndims = lf->ndims;
  for (unsigned d = 0; d < lf->ndims && d < 8; d++) {
    o->count[d] = lf->count[d];
    o->stride[d] = lf->stride[d];
  }
  o->arg = -1;
  if (!smt_model_true(s, m, r->cond)) return; /* reached another way */
  size_t n = 0;
  for (const smtm_route *q = r; q; q = q->from ? &s->m.routes.data[q->from - 1] : 0)
    n++;
  int64_t *via = mem_calloc(n, sizeof *via);
  uint64_t at = lf->base;
  size_t i = n;
  const smtm_route *q = r;
  for (; q; q = q->from ? &s->m.routes.data[q->from - 1] : 0) {
    Z3_ast ov = smtz_eval(s->z, m, q->off);
    uint64_t off;
    if (!ov || !Z3_is_numeral_ast(s->z->ctx, ov) ||
        !Z3_get_numeral_uint64(s->z->ctx, ov, &off)) {
      mem_free(via);
      return;
    }
    via[--i] = (int64_t)(at - off);
    at = q->at;
    if (!q->from) break;
  }
  const ex *call = k->call;
  if (!call || q->arg >= call->nargs) {
    mem_free(via);
    return;
  }
  o->arg = (int)q->arg;
  o->via = via;
  o->nvia = n;
  o->nparams = q->arg + 1;
  o->params = mem_calloc(o->nparams, sizeof *o->params);
  for (size_t j = 0; j < o->nparams; j++) {
    const ty *t = call->args[j]->type;
    o->params[j] = mem_strdup(t ? t->spelling : "?");
  }
}

/* Whether the model's execution read an element of array input in's
 * initial value. */
static bool smt_base_read(smt_ctx *s, Z3_model m, const smtc_input *in) {
  for (size_t j = 0; j < s->m.areads.len; j++)
    if (s->m.areads.data[j].base == in->base &&
        smt_aread_taken(s, m, &s->m.areads.data[j]))
      return true;
  return false;
}

/* A pointer value (an 80-bit numeral: object id, byte offset) as the
 * object and offset: "NULL", "&x", "&a+8" (bytes), "&f" for a function,
 * "0x10" for an address outside every object (id 0). */
static char *smt_render_ptr(const smt_ctx *s, const char *dec) {
  unsigned __int128 u = 0;
  for (const char *p = dec; *p >= '0' && *p <= '9'; p++)
    u = u * 10 + (unsigned)(*p - '0');
  unsigned obj = (unsigned)(u >> SMTM_OFF_BITS);
  unsigned long long off = (unsigned long long)u;
  if (!obj) return off ? mem_printf("0x%llx", off) : mem_strdup("NULL");
  const char *name = 0;
  if (obj > SMTM_MAX_OBJECTS - s->m.nfn) { /* a function's address */
    size_t i = SMTM_MAX_OBJECTS - obj;
    const cfa *g = s->g;
    name = i < g->functions.len ? g->functions.data[i]->name
           : i - g->functions.len < g->extern_fns.len
               ? g->extern_fns.data[i - g->functions.len].name
               : 0;
  } else if (obj <= s->m.insts.len) {
    const smtm_inst *in = s->m.insts.data[obj - 1];
    if (in->lit)
      return off ? mem_printf("(a string literal at line %u)+%llu",
                              in->lit->line, off)
                 : mem_printf("(a string literal at line %u)", in->lit->line);
    name = in->var ? in->var->name : 0;
    if (in->heap) /* malloc@12: the object malloc made at line 12 */
      return off ? mem_printf("%s+%llu", name, off) : mem_strdup(name);
  }
  if (!name) return mem_printf("(object %u)+%llu", obj, off);
  return off ? mem_printf("&%s+%llu", name, off) : mem_printf("&%s", name);
}

static smt_model *smt_make_model(smt_ctx *s, smt_model **building,
                                 Z3_model *zm) {
  Z3_model m = Z3_solver_get_model(s->z->ctx, s->c.solver);
  if (!m) return 0;
  Z3_model_inc_ref(s->z->ctx, m);
  *zm = m;
  smt_model *r = *building = mem_calloc(1, sizeof *r);
  r->inputs = mem_calloc(s->c.inputs.len + 1, sizeof *r->inputs);
  for (size_t i = 0; i < s->c.inputs.len; i++) {
    const smtc_input *in = &s->c.inputs.data[i];
    if (in->guard) {
      Z3_ast gv = smtz_eval(s->z, m, in->guard);
      if (gv && Z3_get_bool_value(s->z->ctx, gv) == Z3_L_FALSE) continue;
    }
    /* an uninitialised array none of whose initial elements the path read
     * (each element it read was written first) is no input */
    if (in->count && in->kind == SMT_INPUT_UNINIT && !smt_base_read(s, m, in))
      continue;
    smt_input *o = &r->inputs[r->ninputs];
    o->index = r->ninputs++; /* counted first: freed if rendering fails */
    o->kind = in->kind;
    o->function = mem_strdup(in->name);
    o->line = in->line;
    o->type = in->count ? mem_printf("%s[]", in->type->spelling)
                        : mem_strdup(in->type->spelling);
    o->step = in->step;
    o->value = smt_render_input(s, m, in);
    if (in->kind == SMT_INPUT_WRITTEN) smt_render_written(s, m, in, o);
  }
  r->values = mem_calloc(s->c.values.len + 1, sizeof *r->values);
  for (size_t i = 0; i < s->c.values.len; i++) {
    const smtc_value *v = &s->c.values.data[i];
    if (v->guard && !smt_model_true(s, m, v->guard)) continue;
    Z3_ast t = smtz_eval(s->z, m, v->term);
    if (!t || !Z3_is_numeral_ast(s->z->ctx, t)) continue;
    smt_value *o = &r->values[r->nvalues++];
    o->step = v->step;
    o->name = v->lhs ? ex_old_text(ex_strip_implicit(v->lhs))
                     : mem_strdup(v->name ? v->name : "?");
    char *dec = mem_strdup(Z3_get_numeral_string(s->z->ctx, t));
    o->value = v->ptr ? smt_render_ptr(s, dec)
                      : smt_render_dec(dec, v->bits, v->sgn);
    mem_free(dec);
  }
  Z3_model_dec_ref(s->z->ctx, m);
  *zm = 0;
  *building = 0;
  return r;
}

static smt_result smt_check_body(smt_ctx *s, smt_model **model_out,
                                 char **reason_out) {
  smt_result res;
  char *reason = 0;
  if (!model_out && !s->poison && s->sat_valid && s->sat_epoch == s->c.epoch &&
      s->sat_lits == s->c.lits.len && s->sat_obls == s->c.obls.len)
    return SMT_FEASIBLE;
  Z3_lbool r = smtc_solve(&s->c, SIZE_MAX, true, 0);
  s->sat_valid = r == Z3_L_TRUE && !s->poison;
  s->sat_epoch = s->c.epoch;
  s->sat_lits = s->c.lits.len;
  s->sat_obls = s->c.obls.len;
  if (r == Z3_L_TRUE) {
    if (s->poison) {
      res = SMT_UNKNOWN;
      reason = mem_strdup(s->poison);
      s->unknown_step = s->poison_step;
    } else {
      res = SMT_FEASIBLE;
      if (model_out &&
          !(*model_out = smt_make_model(s, &s->building, &s->zmodel))) {
        res = SMT_UNKNOWN;
        reason = mem_strdup("the solver gave no model");
      }
    }
  } else if (r == Z3_L_UNDEF) {
    res = SMT_UNKNOWN;
    reason = smtc_reason_unknown(&s->c, s->c.solver);
  } else {
    /* infeasible, unless undefined behaviour can happen on the way to the
     * contradiction: after it the program may do anything */
    size_t last, which;
    bool obls;
    smt_read_core(s, &last, &obls);
    res = SMT_INFEASIBLE;
    bool any_obl = s->c.obls.len && s->c.obls.data[0].step <= last;
    smt_model *um = 0;
    Z3_lbool u = any_obl ? smt_ub_reachable(s, last, &which,
                                            model_out ? &um : 0)
                         : Z3_L_FALSE;
    if (u == Z3_L_TRUE && s->c.obls.data[which].ub) {
      s->ub_valid = true;
      s->ub_step = s->c.obls.data[which].step;
      s->ub_what = mem_strdup(s->c.obls.data[which].reason);
      s->ub_model = um;
    } else
      smt_model_free(um);
    if (u == Z3_L_TRUE) {
      res = SMT_UNKNOWN;
      s->unknown_step = s->c.obls.data[which].step;
      char *alloc = smt_alloc_note(s);
      reason = s->c.obls.data[which].ub
                   ? mem_printf("undefined behaviour on the path: %s%s",
                                s->c.obls.data[which].reason, alloc)
                   : mem_printf("%s%s", s->c.obls.data[which].reason, alloc);
      mem_free(alloc);
    } else if (u == Z3_L_UNDEF) {
      res = SMT_UNKNOWN;
      reason = smtc_reason_unknown(&s->c, s->c.solver);
    } else if (obls) {
      /* the obligations follow from the path: a core of literals alone */
      Z3_lbool r2 = smtc_solve(&s->c, last + 1, false, 0);
      if (r2 == Z3_L_FALSE) {
        bool o2;
        smt_read_core(s, &last, &o2);
      } else {
        res = SMT_UNKNOWN;
        reason = r2 == Z3_L_UNDEF ? smtc_reason_unknown(&s->c, s->c.solver)
                                  : mem_strdup("inconsistent solver answers");
      }
    }
    if (res != SMT_INFEASIBLE) s->core.len = 0;
    s->core_valid = res == SMT_INFEASIBLE;
  }
  smtz_release(s->z);
  if (reason_out)
    *reason_out = reason;
  else
    mem_free(reason);
  return res;
}

typedef struct {
  smt_ctx *s;
  smt_model **model_out;
  char **reason_out;
  smt_result res;
} smt_check_arg;

static void smt_check_protected(void *arg) {
  smt_check_arg *a = arg;
  a->res = smt_check_body(a->s, a->model_out, a->reason_out);
}

size_t smt_unknown_step(const smt_ctx *s) { return s->unknown_step; }

static void smt_ub_clear(smt_ctx *s) {
  s->unknown_step = SIZE_MAX;
  if (s->ub_zmodel) Z3_model_dec_ref(s->z->ctx, s->ub_zmodel);
  s->ub_zmodel = 0;
  s->ub_valid = false;
  mem_free(s->ub_what);
  s->ub_what = 0;
  smt_model_free(s->ub_model);
  s->ub_model = 0;
}

bool smt_undefined(smt_ctx *s, size_t *step, char **what, smt_model **model) {
  if (!s->ub_valid) return false;
  *step = s->ub_step;
  *what = s->ub_what;
  *model = s->ub_model;
  s->ub_what = 0;
  s->ub_model = 0;
  s->ub_valid = false;
  return true;
}

bool smt_undefined_at(const smt_ctx *s, size_t *step) {
  if (!s->ub_valid) return false;
  *step = s->ub_step;
  return true;
}

smt_result smt_check(smt_ctx *s, smt_model **model_out, char **reason_out) {
  if (model_out) *model_out = 0;
  if (reason_out) *reason_out = 0;
  smt_ub_clear(s);
  s->core_valid = false;
  s->core.len = 0;
  s->building = 0;
  s->zmodel = 0;
  /* Z3 errors while checking and rendering a model end here */
  smt_check_arg a = {s, model_out, reason_out, SMT_UNKNOWN};
  s->c.t_end = s->c.timeout_ms ? lim_clock() + s->c.timeout_ms / 1e3 : 0;
  smtz_status st = smtz_protect(s->z, smt_check_protected, &a);
  s->c.t_end = 0;
  if (st != SMTZ_OK) {
    smt_model_free(s->building);
    if (s->zmodel) Z3_model_dec_ref(s->z->ctx, s->zmodel);
    s->building = 0;
    s->zmodel = 0;
    smtz_release(s->z);
    s->sat_valid = s->core_valid = false;
    s->core.len = 0;
    char *fail = smtz_failure(s->z);
    if (reason_out)
      *reason_out = fail;
    else
      mem_free(fail);
    return SMT_UNKNOWN;
  }
  return a.res;
}

smt_result smt_check_path(smt_ctx *s, const cfa_edge *const *path, size_t n,
                          smt_model **model_out, char **reason_out) {
  smt_pop(s, s->marks.len);
  if (model_out) *model_out = 0;
  if (reason_out) *reason_out = 0;
  for (size_t i = 0; i < n; i++) {
    /* a path of millions of steps takes seconds to encode: the deadline
     * is looked at every SMT_PATH_POLL edges */
    if (i % SMT_PATH_POLL == SMT_PATH_POLL - 1 && s->c.deadline > 0 &&
        lim_clock() > s->c.deadline) {
      smt_pop(s, s->marks.len);
      if (reason_out)
        *reason_out = mem_printf("the time limit came after %zu of its %zu "
                                 "steps were encoded",
                                 i, n);
      return SMT_UNKNOWN;
    }
    if (!smt_push_edge(s, path[i])) {
      /* the rest cannot be encoded; keep the depth equal to n */
      for (size_t j = i + 1; j < n; j++)
        smt_push_edge(s, path[j]);
      break;
    }
  }
  return smt_check(s, model_out, reason_out);
}

size_t smt_infeasible_core(smt_ctx *s, size_t **steps_out) {
  *steps_out = 0;
  if (!s->core_valid || !s->core.len) return 0;
  *steps_out = mem_alloc(s->core.len * sizeof **steps_out);
  memcpy(*steps_out, s->core.data, s->core.len * sizeof **steps_out);
  return s->core.len;
}

size_t smt_branch_core(smt_ctx *s, const cfa_edge *const *path, size_t n,
                       smt_branch **out) {
  *out = 0;
  smt_pop(s, s->marks.len);
  s->e.relaxing = true;
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    if (i % SMT_PATH_POLL == SMT_PATH_POLL - 1 && s->c.deadline > 0 &&
        lim_clock() > s->c.deadline)
      ok = false;
    ok = ok && smt_push_edge(s, path[i]);
  }
  s->e.relaxing = false;
  size_t count = SIZE_MAX;
  size_t m = s->e.relax.len;
  if (ok) {
    Z3_ast *as = mem_alloc((m + 1) * sizeof *as);
    hmap at = {0}; /* ast id + 1 -> index + 1 */
    for (size_t i = 0; i < m; i++) {
      as[i] = s->e.relax.data[i].lit;
      hmap_put(&at, (uint64_t)Z3_get_ast_id(s->z->ctx, as[i]) + 1,
               (void *)(uintptr_t)(i + 1));
    }
    /* Z3's minimised core (core.minimize): on s3_clnt_1 at 30 s, 10
     * refinements instead of 6 in the time, 54 predicates */
    smtc_minimize_cores(&s->c, true);
    Z3_lbool r = smtc_solve_n(&s->c, SIZE_MAX, false, as, m);
    smtc_minimize_cores(&s->c, false);
    if (r == Z3_L_FALSE) {
      Z3_ast_vector v = Z3_solver_get_unsat_core(s->z->ctx, s->c.solver);
      Z3_ast_vector_inc_ref(s->z->ctx, v);
      unsigned k = Z3_ast_vector_size(s->z->ctx, v);
      VEC(smt_branch) got = {0};
      for (unsigned i = 0; i < k; i++) {
        Z3_ast a = Z3_ast_vector_get(s->z->ctx, v, i);
        uintptr_t j = (uintptr_t)hmap_get(
            &at, (uint64_t)Z3_get_ast_id(s->z->ctx, a) + 1);
        if (j) {
          smt_branch b = {s->e.relax.data[j - 1].step,
                          s->e.relax.data[j - 1].node};
          VEC_PUSH(got, b);
          continue;
        }
        for (size_t l = 0; l < s->c.lits.len; l++)
          if (s->c.lits.data[l].lit == a) {
            smt_branch b = {s->c.lits.data[l].step, 0};
            VEC_PUSH(got, b);
            break;
          }
      }
      Z3_ast_vector_dec_ref(s->z->ctx, v);
      count = got.len;
      *out = got.data;
    }
    hmap_free(&at);
    mem_free(as);
  }
  smt_pop(s, s->marks.len);
  smte_relax_clear(&s->e);
  smtz_release(s->z);
  return count;
}

/* ---------- expanding blocks ---------- */

typedef struct {
  smt_ctx *s;
  VEC(const cfa_edge *) path;
  Z3_model m; /* with a reference, released after the protected call */
  bool ok;
} smt_expand_arg;

static bool smt_true_in(smt_ctx *s, Z3_model m, Z3_ast t) {
  Z3_ast v = smtz_eval(s->z, m, t);
  return v && Z3_get_bool_value(s->z->ctx, v) == Z3_L_TRUE;
}

/* Follow block b (its conditions from taken) in model m. */
static bool smt_expand_block(smt_expand_arg *a, Z3_model m, const cfa_edge *b,
                             const Z3_ast *taken) {
  const cfa_node *n = cfa_block_source(b);
  const cfa_node *target = cfa_block_target(b);
  size_t steps = 0;
  do {
    const cfa_edge *next = 0;
    for (size_t i = 0; i < b->nblock && !next; i++)
      if (b->block[i]->from == n && smt_true_in(a->s, m, taken[i]))
        next = b->block[i];
    if (!next || ++steps > b->nblock) return false;
    VEC_PUSH(a->path, next);
    n = next->to;
  } while (n != target);
  return true;
}

/* The first path through block b (its edges in order), for the blocks
 * after an undefined step, whose conditions the model need not follow. */
static bool smt_expand_first(smt_expand_arg *a, const cfa_edge *b) {
  const cfa_node *n = cfa_block_source(b), *target = cfa_block_target(b);
  size_t steps = 0;
  do {
    const cfa_edge *next = 0;
    for (size_t i = 0; i < b->nblock && !next; i++)
      if (b->block[i]->from == n) next = b->block[i];
    if (!next || ++steps > b->nblock) return false;
    VEC_PUSH(a->path, next);
    n = next->to;
  } while (n != target);
  return true;
}

/* The path's statements in model m; blocks past step `exact_upto` may
 * take their first path where m gives none. */
static void smt_expand_in(smt_expand_arg *a, Z3_model m, size_t exact_upto) {
  smt_ctx *s = a->s;
  a->ok = true;
  for (size_t i = 0; i < s->marks.len && a->ok; i++) {
    const cfa_edge *e = s->marks.data[i].e;
    if (e->kind != CFA_BLOCK) {
      VEC_PUSH(a->path, e->orig ? e->orig : e);
      continue;
    }
    size_t at = a->path.len;
    a->ok = smt_expand_block(a, m, e, s->taken.data + s->marks.data[i].taken);
    if (!a->ok && i > exact_upto) {
      a->path.len = at;
      a->ok = smt_expand_first(a, e);
    }
  }
}

static void smt_expand_protected(void *arg) {
  smt_expand_arg *a = arg;
  smt_ctx *s = a->s;
  if (smtc_solve(&s->c, SIZE_MAX, true, 0) != Z3_L_TRUE) return;
  Z3_model m = Z3_solver_get_model(s->z->ctx, s->c.solver);
  if (!m) return;
  Z3_model_inc_ref(s->z->ctx, m);
  a->m = m;
  smt_expand_in(a, m, SIZE_MAX);
}

static void smt_expand_ub_protected(void *arg) {
  smt_expand_arg *a = arg;
  smt_expand_in(a, a->s->ub_zmodel, a->s->ub_step);
}

/* The expansion fn, protected: its statements (*out mem_alloc'ed), or 0
 * when it failed or a block could not be followed. */
static size_t smt_expand_run(smt_ctx *s, void (*fn)(void *),
                             const cfa_edge ***out) {
  smt_expand_arg a = {s, {0}, 0, false};
  smtz_status st = smtz_protect(s->z, fn, &a);
  if (a.m) Z3_model_dec_ref(s->z->ctx, a.m);
  smtz_release(s->z);
  mem_free(smtz_failure(s->z));
  if (st != SMTZ_OK || !a.ok) {
    VEC_FREE(a.path);
    return 0;
  }
  *out = a.path.data;
  return a.path.len;
}

size_t smt_undefined_expand(smt_ctx *s, const cfa_edge ***out) {
  *out = 0;
  if (!s->ub_zmodel || s->poison || !s->marks.len ||
      s->ub_step >= s->marks.len)
    return 0;
  return smt_expand_run(s, smt_expand_ub_protected, out);
}

size_t smt_expand_path(smt_ctx *s, const cfa_edge ***out) {
  *out = 0;
  if (s->poison || !s->marks.len) return 0;
  return smt_expand_run(s, smt_expand_protected, out);
}
