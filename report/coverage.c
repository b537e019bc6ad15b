#include "coverage.h"

#include <string.h>

#define COV_FROM_FRONTIER                                                      \
  32u /* while computing: an edge of the line runs after a frontier end */

static bool cov_executable(const cfa_edge *e) {
  return e->from->function && e->kind != CFA_BLANK && e->loc.line;
}

/* Nodes reachable from the marked ones (mark[] by node id, which indexes
 * g->nodes), following every edge: a function's exit reaches every return
 * edge of it, so calls return anywhere (an over-approximation). */
static void cov_reach(const cfa *g, unsigned char *mark) {
  size_t n = g->nodes.len, sp = 0;
  const cfa_node **stack = mem_alloc((n + 1) * sizeof *stack);
  for (size_t i = 0; i < n; i++)
    if (mark[i]) stack[sp++] = g->nodes.data[i];
  while (sp) {
    const cfa_node *x = stack[--sp];
    for (const cfa_edge *e = x->out; e; e = e->next_out)
      if (!mark[e->to->id]) {
        mark[e->to->id] = 1;
        stack[sp++] = e->to;
      }
  }
  mem_free(stack);
}

void cov_compute(rep_report *r, const cfa *g, const unsigned char *visited) {
  rep_coverage *c = &r->coverage;
  c->computed = true;
  c->lines.len = 0;
  unsigned maxline = 0;
  for (size_t i = 0; i < g->edges.len; i++)
    if (g->edges.data[i]->loc.line > maxline)
      maxline = g->edges.data[i]->loc.line;
  unsigned *flags = mem_calloc(maxline + 2, sizeof *flags);
  unsigned char *exec = mem_calloc(maxline + 2, 1);
  size_t nn = g->nodes.len;
  unsigned char *from_safe = mem_calloc(nn + 1, 1),
                *from_frontier = mem_calloc(nn + 1, 1);
  for (int k = 0; k < 2; k++)
    for (size_t i = 0; i < r->comp[k].traces.len; i++) {
      const rep_trace *t = r->comp[k].traces.data[i];
      for (size_t s = 0; s < t->steps.len; s++)
        if (t->steps.data[s].line <= maxline)
          flags[t->steps.data[s].line] |=
              k == REP_SAFE ? REP_COV_SAFE_TRACE : REP_COV_FRONTIER_TRACE;
      if (t->end_node < nn)
        (k == REP_SAFE ? from_safe : from_frontier)[t->end_node] = 1;
    }
  cov_reach(g, from_safe);
  cov_reach(g, from_frontier);
  for (size_t i = 0; i < g->edges.len; i++) {
    const cfa_edge *e = g->edges.data[i];
    if (!cov_executable(e)) continue;
    unsigned l = e->loc.line;
    exec[l] = 1;
    if (visited && visited[e->id]) flags[l] |= REP_COV_VISITED;
    /* the edge runs after a trace's end when its source is reachable */
    if (from_safe[e->from->id])
      flags[l] |= REP_COV_VERIFIED;
    else if (from_frontier[e->from->id])
      flags[l] |= COV_FROM_FRONTIER;
  }
  c->total = c->visited = c->on_trace = c->verified = c->unexplored = c->none =
      0;
  for (unsigned l = 1; l <= maxline; l++) {
    if (!exec[l]) continue;
    unsigned f = flags[l];
    /* unexplored: reachable from a frontier end and from no safe-cone end */
    if ((f & COV_FROM_FRONTIER) && !(f & REP_COV_VERIFIED))
      f |= REP_COV_UNEXPLORED;
    f &= ~(unsigned)COV_FROM_FRONTIER;
    rep_line x = {l, f};
    VEC_PUSH(c->lines, x);
    c->total++;
    if (f & REP_COV_VISITED) c->visited++;
    if (f & (REP_COV_SAFE_TRACE | REP_COV_FRONTIER_TRACE)) c->on_trace++;
    if (f & REP_COV_VERIFIED) c->verified++;
    if (f & REP_COV_UNEXPLORED) c->unexplored++;
    if (!f) c->none++;
  }
  mem_free(flags);
  mem_free(exec);
  mem_free(from_safe);
  mem_free(from_frontier);
}
