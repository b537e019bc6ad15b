#include "config.h"

#include "graph.h"

#include "lib/mem.h"
#include "report/rjson.h"
#include "text.h"

#include <errno.h>
#include <graphviz/cgraph.h>
#include <string.h>

/* A label from untrusted text: sanitised, white space folded, cut. */
static void gr_clean(const char *s, char *out, size_t cap) {
  size_t o = 0, n = s ? strlen(s) : 0, i = 0;
  bool space = false;
  while (i < n && o + 16 < cap) {
    tx_piece p;
    i += tx_next(s + i, n - i, true, &p);
    if (p.kind == TX_TAB || p.kind == TX_NEWLINE || p.out[0] == ' ') {
      space = o > 0;
      continue;
    }
    if (space) out[o++] = ' ';
    space = false;
    memcpy(out + o, p.out, p.len);
    o += p.len;
  }
  if (i < n) memcpy(out + o, "...", 3), o += 3;
  out[o] = 0;
}

static Agnode_t *gr_node(Agraph_t *g, size_t k, const char *aa, unsigned id) {
  char name[32], label[GR_LABEL_MAX + 40], clean[GR_LABEL_MAX + 20];
  snprintf(name, sizeof name, "n%zu", k);
  Agnode_t *n = agnode(g, name, 1);
  gr_clean(aa ? aa : "?", clean, sizeof clean);
  snprintf(label, sizeof label, "%s\nCFA node %u", clean, id);
  agset(n, "label", label);
  if (aa && !strcmp(aa, "__TRUE")) agset(n, "color", "darkgreen");
  if (aa && !strcmp(aa, "__FALSE")) agset(n, "color", "red");
  return n;
}

static void gr_edge(Agraph_t *g, Agnode_t *a, Agnode_t *b, const char *label,
                    bool folded) {
  Agedge_t *e = agedge(g, a, b, NULL, 1);
  agset(e, "label", (char *)label);
  if (folded) agset(e, "style", "dashed");
}

int gr_write_trace(const rep_trace *t, const sp_tree *view, FILE *out,
                   char **err) {
  char name[64], buf[2 * GR_LABEL_MAX + 64], text[GR_LABEL_MAX + 20],
      in[GR_LABEL_MAX + 20];
  snprintf(name, sizeof name, "trace_%s", t->id);
  Agraph_t *g = agopen(name, Agdirected, NULL);
  if (!g) {
    *err = mem_printf("cgraph cannot make a graph");
    return -1;
  }
  agattr(g, AGRAPH, "label", "");
  agattr(g, AGRAPH, "labelloc", "t");
  agattr(g, AGNODE, "shape", "box");
  agattr(g, AGNODE, "label", "");
  agattr(g, AGNODE, "color", "black");
  agattr(g, AGEDGE, "label", "");
  agattr(g, AGEDGE, "style", "solid");
  gr_clean(t->end_function ? t->end_function : "?", text, sizeof text);
  snprintf(buf, sizeof buf, "%s %s: ends at line %u in %s", t->id,
           !t->feasible               ? "unknown"
           : t->component == REP_SAFE ? "safe cone"
                                      : "frontier",
           t->end_line, text);
  agset(g, "label", buf);
  size_t n = t->steps.len;
  if (!n) {
    agnode(g, "empty", 1);
  } else {
    const rep_step *st = t->steps.data;
    Agnode_t *prev = gr_node(g, 0, st[0].aa_from, st[0].from);
    size_t i = 0;
    if (view && view->nglobals && view->globals_folded) {
      i = view->nglobals;
      Agnode_t *next = gr_node(g, i, st[i - 1].aa_to, st[i - 1].to);
      snprintf(buf, sizeof buf, "%zu global declarations (lines %u-%u)", i,
               st[0].line, st[i - 1].line);
      gr_edge(g, prev, next, buf, true);
      prev = next;
    }
    while (i < n) {
      bool fold = view && sp_is_call(view, i) && view->folded[i];
      size_t last = fold ? view->end[i] - 1 : i;
      gr_clean(st[i].text && *st[i].text ? st[i].text
                                         : rj_step_kind_name(st[i].kind),
               text, sizeof text);
      int k = snprintf(buf, sizeof buf, "%u: %s", st[i].line, text);
      if (fold && k > 0)
        snprintf(buf + k, sizeof buf - (size_t)k, " [%zu steps folded]",
                 last - i);
      for (size_t j = 0; j < t->inputs.len; j++) {
        const rep_input *x = &t->inputs.data[j];
        if (x->step < i || x->step > last) continue;
        gr_clean(x->value, in, sizeof in);
        size_t bl = strlen(buf);
        snprintf(buf + bl, sizeof buf - bl, "\ninput %u = %s", x->index, in);
      }
      Agnode_t *next = gr_node(g, last + 1, st[last].aa_to, st[last].to);
      gr_edge(g, prev, next, buf, fold);
      prev = next;
      i = last + 1;
    }
  }
  int rc = agwrite(g, out);
  agclose(g);
  if (rc == EOF) {
    *err = mem_printf("writing DOT: %s", strerror(errno));
    return -1;
  }
  return 0;
}
