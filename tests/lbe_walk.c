/* lbe_walk: random walks through the summarised CFA of real programs,
 * checking the block encoding against statement-level paths.
 *
 * usage: lbe_walk SEED WALKS STEPS PROGRAM...
 *
 * Each walk starts at the program start and extends a feasible path of the
 * summarised CFA one edge at a time (returns matching their calls), trying
 * the edges of the current node in random order:
 *  - a FEASIBLE extension is expanded (smt_expand_path) and the expansion,
 *    a path of the original CFA, must be FEASIBLE on its own (UNKNOWN is
 *    counted, INFEASIBLE is a violation);
 *  - an INFEASIBLE extension by a block: random paths through that block
 *    after the expansion of the feasible prefix must not be FEASIBLE
 *    (a violation otherwise).
 * Prints one line per program and a total; exits 1 on a violation, 2 on
 * bad input. Solver timeout 5 s per check. */
#include "program/cfa.h"
#include "program/lbe.h"
#include "smt/smt.h"
#include "lib/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#define SAMPLES 4 /* random sub-paths per infeasible block */
#define MAXPATH 100000

static unsigned long rnd_state;
static unsigned rnd(unsigned n) {
  rnd_state = rnd_state * 6364136223846793005ul + 1442695040888963407ul;
  return (unsigned)((rnd_state >> 33) % n);
}

typedef struct {
  unsigned long feasible, expanded_ok, expanded_unknown, infeasible_blocks,
      samples, samples_unknown, unknown, violations;
} figures;

/* A random path through block b into p (after n edges); the new length. */
static size_t random_sub(const cfa_edge *b, const cfa_edge **p, size_t n) {
  const cfa_node *at = b->from->orig, *target = b->to->orig;
  do {
    size_t c = 0;
    for (size_t k = 0; k < b->nblock; k++)
      c += b->block[k]->from == at;
    if (!c || n >= MAXPATH) return n;
    size_t pick = rnd((unsigned)c);
    for (size_t k = 0; k < b->nblock; k++)
      if (b->block[k]->from == at && !pick--) {
        p[n++] = b->block[k];
        at = b->block[k]->to;
        break;
      }
  } while (at != target);
  return n;
}

static void walk(const cfa *h, smt_ctx *sh, smt_ctx *sg, unsigned steps,
                 figures *f) {
  const cfa_edge **hp = mem_alloc((steps + 1) * sizeof *hp);
  const cfa_edge **stack = mem_alloc((steps + 1) * sizeof *stack);
  const cfa_edge **sp = mem_alloc(MAXPATH * sizeof *sp);
  size_t n = 0, depth = 0;
  const cfa_edge **x = 0; /* expansion of the feasible prefix */
  size_t nx = 0;
  smt_pop(sh, smt_depth(sh));
  const cfa_node *at = h->start;
  while (n < steps) {
    const cfa_edge *cand[64];
    size_t nc = 0;
    for (const cfa_edge *e = at->out; e && nc < 64; e = e->next_out) {
      if (e->kind == CFA_RETURN && (!depth || stack[depth - 1] != e->call))
        continue;
      cand[nc++] = e;
    }
    /* random order */
    for (size_t i = nc; i > 1; i--) {
      size_t j = rnd((unsigned)i);
      const cfa_edge *t = cand[i - 1];
      cand[i - 1] = cand[j];
      cand[j] = t;
    }
    const cfa_edge *next = 0;
    for (size_t i = 0; i < nc && !next; i++) {
      const cfa_edge *e = cand[i];
      smt_push_edge(sh, e);
      char *why = 0;
      smt_result r = smt_check(sh, 0, &why);
      if (r == SMT_UNKNOWN)
        fprintf(stderr, "unknown at N%u -> N%u: %s\n", e->from->id, e->to->id,
                why ? why : "");
      mem_free(why);
      if (r == SMT_FEASIBLE) {
        f->feasible++;
        const cfa_edge **y = 0;
        size_t ny = smt_expand_path(sh, &y);
        if (!ny) {
          fprintf(stderr, "VIOLATION: feasible path does not expand\n");
          f->violations++;
        } else {
          smt_result r2 = smt_check_path(sg, y, ny, 0, 0);
          if (r2 == SMT_FEASIBLE)
            f->expanded_ok++;
          else if (r2 == SMT_UNKNOWN)
            f->expanded_unknown++;
          else {
            fprintf(stderr, "VIOLATION: expansion (%zu edges) infeasible\n",
                    ny);
            f->violations++;
          }
        }
        mem_free(x);
        x = y;
        nx = ny;
        next = e;
        break;
      }
      if (r == SMT_UNKNOWN) f->unknown++;
      if (r == SMT_INFEASIBLE && e->kind == CFA_BLOCK && x) {
        f->infeasible_blocks++;
        for (int k = 0; k < SAMPLES; k++) {
          memcpy(sp, x, nx * sizeof *sp);
          size_t m = random_sub(e, sp, nx);
          smt_result r3 = smt_check_path(sg, sp, m, 0, 0);
          f->samples++;
          if (r3 == SMT_UNKNOWN) f->samples_unknown++;
          if (r3 == SMT_FEASIBLE) {
            fprintf(stderr,
                    "VIOLATION: block N%u -> N%u infeasible, a path through "
                    "it feasible\n",
                    e->from->id, e->to->id);
            f->violations++;
          }
        }
      }
      smt_pop(sh, 1);
    }
    if (!next) break;
    if (next->kind == CFA_CALL) stack[depth++] = next;
    if (next->kind == CFA_RETURN) depth--;
    hp[n++] = next;
    at = next->to;
  }
  mem_free(x);
  mem_free(hp);
  mem_free(stack);
  mem_free(sp);
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: %s SEED WALKS STEPS PROGRAM...\n", argv[0]);
    return 2;
  }
  rnd_state = strtoul(argv[1], 0, 10);
  unsigned walks = (unsigned)strtoul(argv[2], 0, 10);
  unsigned steps = (unsigned)strtoul(argv[3], 0, 10);
  figures all = {0};
  for (int a = 4; a < argc; a++) {
    char *err = 0;
    cfa *g = cfa_build(argv[a], CFA_ILP32, &err);
    if (!g) {
      fprintf(stderr, "%s: %s\n", argv[a], err);
      mem_free(err);
      return 2;
    }
    cfa *h = lbe_summarise(g, &err);
    if (!h) {
      fprintf(stderr, "%s: %s\n", argv[a], err);
      mem_free(err);
      cfa_free(g);
      return 2;
    }
    smt_ctx *sh = smt_new(h, 5000), *sg = smt_new(g, 5000);
    figures f = {0};
    for (unsigned w = 0; w < walks; w++)
      walk(h, sh, sg, steps, &f);
    printf("%s: feasible %lu (expanded feasible %lu, unknown %lu), "
           "infeasible blocks %lu (paths through them %lu, unknown %lu), "
           "unknown %lu, violations %lu\n",
           argv[a], f.feasible, f.expanded_ok, f.expanded_unknown,
           f.infeasible_blocks, f.samples, f.samples_unknown, f.unknown,
           f.violations);
    fflush(stdout);
    all.feasible += f.feasible;
    all.expanded_ok += f.expanded_ok;
    all.expanded_unknown += f.expanded_unknown;
    all.infeasible_blocks += f.infeasible_blocks;
    all.samples += f.samples;
    all.samples_unknown += f.samples_unknown;
    all.unknown += f.unknown;
    all.violations += f.violations;
    smt_free(sh);
    smt_free(sg);
    cfa_free(h);
    cfa_free(g);
  }
  printf("total: feasible %lu (expanded feasible %lu, unknown %lu), "
         "infeasible blocks %lu (paths through them %lu, unknown %lu), "
         "unknown %lu, violations %lu\n",
         all.feasible, all.expanded_ok, all.expanded_unknown,
         all.infeasible_blocks, all.samples, all.samples_unknown, all.unknown,
         all.violations);
  Z3_finalize_memory();
  return all.violations ? 1 : 0;
}
