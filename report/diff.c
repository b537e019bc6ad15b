#include "diff.h"

#include "lib/esc.h"
#include "lib/hmap.h"
#include "lib/sbuf.h"
#include "rjson.h"

#include <stdlib.h>
#include <string.h>

static const char *const df_names[DF_KINDS] = {"left_frontier", "new_frontier",
                                               "safe_gained",   "safe_lost",
                                               "now_feasible",  "now_unknown"};

/* An end location as a map key: component, function, (line), text. */
static char *df_key(char comp, const rep_trace *t, bool with_line) {
  const char *text = t->steps.len ? t->steps.data[t->steps.len - 1].text : "";
  sbuf b = {0};
  sb_printf(&b, "%c\x1f%s\x1f", comp, t->end_function ? t->end_function : "");
  if (with_line) sb_printf(&b, "%u", t->end_line);
  sb_printf(&b, "\x1f%s", text ? text : "");
  return sb_take(&b);
}

typedef struct {
  hmap keys; /* key -> first trace */
} df_set;

static void df_add_all(df_set *s, char comp, const rep_trace *const *t,
                       size_t n, bool with_line) {
  for (size_t i = 0; i < n; i++) {
    char *k = df_key(comp, t[i], with_line);
    if (!hmap_sget(&s->keys, k)) hmap_sput(&s->keys, k, (void *)t[i]);
    mem_free(k);
  }
}

static bool df_has(const df_set *s, char comp, const rep_trace *t,
                   bool with_line) {
  char *k = df_key(comp, t, with_line);
  bool r = hmap_sget(&s->keys, k) != 0;
  mem_free(k);
  return r;
}

/* The end locations of a (its traces of component comp, feasible or the
 * unknown list) into a set. */
static void df_collect(df_set *s, const rep_report *r, int comp, bool unknown,
                       bool with_line) {
  char c = comp == REP_SAFE ? 'S' : 'F';
  if (!unknown) {
    df_add_all(s, c, (const rep_trace *const *)r->comp[comp].traces.data,
               r->comp[comp].traces.len, with_line);
    return;
  }
  for (size_t i = 0; i < r->unknown.len; i++)
    if ((int)r->unknown.data[i]->component == comp)
      df_add_all(s, c, (const rep_trace *const *)&r->unknown.data[i], 1,
                 with_line);
  /* a candidate that reaches undefined behaviour has no feasible trace
   * either: with the unknown ones */
  for (size_t i = 0; i < r->undefined.len; i++)
    if ((int)r->undefined.data[i]->component == comp)
      df_add_all(s, c, (const rep_trace *const *)&r->undefined.data[i], 1,
                 with_line);
}

static void df_push(df_result *d, df_kind k, const rep_trace *t) {
  /* one entry per end location */
  for (size_t i = 0; i < d->locs[k].len; i++) {
    const df_loc *l = &d->locs[k].data[i];
    const char *text = t->steps.len ? t->steps.data[t->steps.len - 1].text : "";
    if (l->line == t->end_line &&
        !strcmp(l->function, t->end_function ? t->end_function : "") &&
        !strcmp(l->text, text ? text : ""))
      return;
  }
  const char *text = t->steps.len ? t->steps.data[t->steps.len - 1].text : "";
  df_loc l = {
      mem_arena_strdup(d->arena, t->end_function ? t->end_function : ""),
      mem_arena_strdup(d->arena, text ? text : ""), t->end_line};
  VEC_PUSH(d->locs[k], l);
}

/* Traces of `a` (component comp, feasible or unknown) whose end location
 * is not in b's set: pushed as kind k. */
static void df_set_free(df_set *s) { hmap_free(&s->keys); }

static int df_loc_cmp(const void *a, const void *b) {
  const df_loc *x = a, *y = b;
  int c = strcmp(x->function, y->function);
  if (c) return c;
  if (x->line != y->line) return x->line < y->line ? -1 : 1;
  return strcmp(x->text, y->text);
}

void df_compare(const rep_report *old, const rep_report *new_,
                bool program_changed, df_result *d) {
  memset(d, 0, sizeof *d);
  d->arena = mem_arena_new();
  d->program_changed = program_changed;
  bool wl = !program_changed;
  for (int comp = 0; comp < 2; comp++) {
    df_set of = {{0}}, nf = {{0}}, ou = {{0}}, nu = {{0}};
    df_collect(&of, old, comp, false, wl);
    df_collect(&nf, new_, comp, false, wl);
    df_collect(&ou, old, comp, true, wl);
    df_collect(&nu, new_, comp, true, wl);
    /* feasible in one, only unknown in the other */
    df_kind gone = comp == REP_SAFE ? DF_SAFE_LOST : DF_LEFT_FRONTIER;
    df_kind came = comp == REP_SAFE ? DF_SAFE_GAINED : DF_NEW_FRONTIER;
    char c = comp == REP_SAFE ? 'S' : 'F';
    for (size_t i = 0; i < old->comp[comp].traces.len; i++) {
      const rep_trace *t = old->comp[comp].traces.data[i];
      if (df_has(&nf, c, t, wl)) continue;
      /* still there, but only unknown: its feasibility changed */
      df_push(d, df_has(&nu, c, t, wl) ? DF_NOW_UNKNOWN : gone, t);
    }
    for (size_t i = 0; i < new_->comp[comp].traces.len; i++) {
      const rep_trace *t = new_->comp[comp].traces.data[i];
      if (df_has(&of, c, t, wl)) continue;
      df_push(d, df_has(&ou, c, t, wl) ? DF_NOW_FEASIBLE : came, t);
    }
    if (program_changed) {
      /* end locations of OLD whose text appears nowhere in NEW */
      df_set all = {{0}};
      df_collect(&all, new_, comp, false, false);
      df_collect(&all, new_, comp, true, false);
      for (size_t i = 0; i < old->comp[comp].traces.len; i++)
        if (!df_has(&all, c, old->comp[comp].traces.data[i], false))
          d->unmatched++;
      df_set_free(&all);
    }
    df_set_free(&of);
    df_set_free(&nf);
    df_set_free(&ou);
    df_set_free(&nu);
  }
  for (int k = 0; k < DF_KINDS; k++)
    if (d->locs[k].len)
      qsort(d->locs[k].data, d->locs[k].len, sizeof *d->locs[k].data,
            df_loc_cmp);
  const rep_report *rs[2] = {old, new_};
  for (int w = 0; w < 2; w++)
    for (int comp = 0; comp < 2; comp++) {
      df_status *s = &d->status[w][comp];
      s->computed = rs[w]->want[comp];
      s->full = s->computed && rs[w]->comp[comp].full;
      s->stopped_by = s->computed && !s->full ? rs[w]->comp[comp].stopped_by
                                              : STOP_NONE;
      for (size_t i = 0; i < rs[w]->unknown.len; i++)
        s->unknown += (int)rs[w]->unknown.data[i]->component == comp;
      for (size_t i = 0; i < rs[w]->undefined.len; i++)
        s->undefined += (int)rs[w]->undefined.data[i]->component == comp;
    }
  d->coverage_comparable = old->coverage.computed == new_->coverage.computed;
  d->before = old->coverage;
  d->after = new_->coverage;
  memset(&d->before.lines, 0, sizeof d->before.lines);
  memset(&d->after.lines, 0, sizeof d->after.lines);
  /* verified lines lost: only for the same program, where lines agree */
  if (!program_changed && old->coverage.computed && new_->coverage.computed) {
    size_t j = 0;
    const rep_coverage *a = &old->coverage, *b = &new_->coverage;
    for (size_t i = 0; i < a->lines.len; i++) {
      if (!(a->lines.data[i].flags & REP_COV_VERIFIED)) continue;
      unsigned l = a->lines.data[i].line;
      while (j < b->lines.len && b->lines.data[j].line < l)
        j++;
      if (j == b->lines.len || b->lines.data[j].line != l ||
          !(b->lines.data[j].flags & REP_COV_VERIFIED))
        VEC_PUSH(d->lines_lost, l);
    }
  }
}

void df_free(df_result *d) {
  for (int k = 0; k < DF_KINDS; k++)
    VEC_FREE(d->locs[k]);
  VEC_FREE(d->lines_lost);
  mem_arena_free(d->arena);
  d->arena = 0;
}

/* Component `comp` was full in OLD and is partial (or not computed) now. */
static bool df_status_worse(const df_result *d, int comp) {
  return d->status[0][comp].full && !d->status[1][comp].full;
}

/* Component `comp`'s status or unknown count differs. */
static bool df_status_changed(const df_result *d, int comp) {
  const df_status *a = &d->status[0][comp], *b = &d->status[1][comp];
  return a->computed != b->computed || a->full != b->full ||
         a->stopped_by != b->stopped_by || a->unknown != b->unknown ||
         a->undefined != b->undefined;
}

bool df_regressed(const df_result *d) {
  return d->locs[DF_SAFE_LOST].len || d->lines_lost.len ||
         df_status_worse(d, REP_SAFE) || df_status_worse(d, REP_FRONTIER);
}

static bool df_coverage_changed(const df_result *d) {
  const rep_coverage *a = &d->before, *b = &d->after;
  return !d->coverage_comparable ||
         (a->computed &&
          (a->total != b->total || a->visited != b->visited ||
           a->on_trace != b->on_trace || a->verified != b->verified ||
           a->unexplored != b->unexplored || a->none != b->none));
}

/* Nothing differs: no end location, no verified line, no component's
 * status and no coverage figure. */
static bool df_empty(const df_result *d) {
  for (int k = 0; k < DF_KINDS; k++)
    if (d->locs[k].len) return false;
  return !d->lines_lost.len && !df_status_changed(d, REP_SAFE) &&
         !df_status_changed(d, REP_FRONTIER) && !df_coverage_changed(d);
}

/* "full", "partial (time)", "not computed" (a static buffer's text) */
static const char *df_status_text(const df_status *s, char *buf, size_t n) {
  if (!s->computed) return "not computed";
  if (s->full) return "full";
  snprintf(buf, n, "partial (%s)",
           s->stopped_by ? stop_name(s->stopped_by) : "?");
  return buf;
}

static const char *const df_titles[DF_KINDS] = {
    "left the frontier (progress)",
    "new on the frontier",
    "safe cones gained",
    "safe cones lost (the verified region shrank)",
    "feasible now, only unknown before",
    "only unknown now, feasible before"};

void df_print(const df_result *d, FILE *out) {
  for (int k = 0; k < DF_KINDS; k++) {
    if (!d->locs[k].len) continue;
    fprintf(out, "%s: %zu\n", df_titles[k], d->locs[k].len);
    for (size_t i = 0; i < d->locs[k].len; i++) {
      const df_loc *l = &d->locs[k].data[i];
      /* function and text come from the reports (program text) */
      esc_fprintf(out, 0, "  %-20s line %-5u \"", l->function, l->line);
      esc_fputs(l->text, ESC_QUOTE | ESC_KEEP_TAB, out);
      fputs("\"\n", out);
    }
  }
  if (d->lines_lost.len) {
    fprintf(out, "lines verified before, not now: %zu\n ", d->lines_lost.len);
    for (size_t i = 0; i < d->lines_lost.len; i++)
      fprintf(out, " %u", d->lines_lost.data[i]);
    fputc('\n', out);
  }
  for (int comp = 0; comp < 2; comp++) {
    if (!df_status_changed(d, comp)) continue;
    const df_status *a = &d->status[0][comp], *b = &d->status[1][comp];
    char ba[96], bb[96];
    esc_fprintf(out, 0, "%s: %s -> %s", comp == REP_SAFE ? "safe cones" : "frontier",
                df_status_text(a, ba, sizeof ba),
                df_status_text(b, bb, sizeof bb));
    if (a->unknown != b->unknown)
      fprintf(out, ", unknown traces %zu -> %zu", a->unknown, b->unknown);
    if (a->undefined != b->undefined)
      fprintf(out, ", undefined-behaviour traces %zu -> %zu", a->undefined,
              b->undefined);
    fprintf(out, "%s\n",
            df_status_worse(d, comp)
                ? " (its search no longer finished: a regression)"
                : "");
  }
  if (!d->coverage_comparable)
    fprintf(out, "coverage: not comparable (only the %s report has it)\n",
            d->before.computed ? "old" : "new");
  else if (d->before.computed) {
    fprintf(out, "%-12s %8s %8s %9s %9s %11s\n", "coverage", "lines", "visited",
            "on traces", "verified", "unexplored");
    const rep_coverage *c[2] = {&d->before, &d->after};
    for (int i = 0; i < 2; i++)
      fprintf(out, "%-12s %8lu %8lu %9lu %9lu %11lu\n", i ? "  new" : "  old",
              c[i]->total, c[i]->visited, c[i]->on_trace, c[i]->verified,
              c[i]->unexplored);
  }
  if (d->program_changed)
    fprintf(out,
            "the program changed: end locations matched by function and text; "
            "%lu of the "
            "old safe-cone and frontier end locations have no counterpart\n",
            d->unmatched);
  fprintf(out,
          "summary: %zu left the frontier, %zu new on it, %zu safe cone%s "
          "gained, %zu lost, "
          "%zu verified line%s lost: %s\n",
          d->locs[DF_LEFT_FRONTIER].len, d->locs[DF_NEW_FRONTIER].len,
          d->locs[DF_SAFE_GAINED].len,
          d->locs[DF_SAFE_GAINED].len == 1 ? "" : "s",
          d->locs[DF_SAFE_LOST].len, d->lines_lost.len,
          d->lines_lost.len == 1 ? "" : "s",
          df_regressed(d) ? "REGRESSION (the verified region shrank)"
          : df_empty(d)   ? "no change"
                          : "no regression");
}

static json_t *df_cov_json(const rep_coverage *c) {
  if (!c->computed) return json_null();
  json_t *o = json_object();
  json_object_set_new(o, "total", json_integer((json_int_t)c->total));
  json_object_set_new(o, "visited", json_integer((json_int_t)c->visited));
  json_object_set_new(o, "on_trace", json_integer((json_int_t)c->on_trace));
  json_object_set_new(o, "verified", json_integer((json_int_t)c->verified));
  json_object_set_new(o, "unexplored", json_integer((json_int_t)c->unexplored));
  json_object_set_new(o, "none", json_integer((json_int_t)c->none));
  return o;
}

json_t *df_to_json(const df_result *d) {
  json_t *o = json_object();
  json_object_set_new(o, "format", json_string("erep-diff"));
  json_object_set_new(o, "version", json_integer(1));
  json_object_set_new(o, "program_changed", json_boolean(d->program_changed));
  for (int k = 0; k < DF_KINDS; k++) {
    json_t *a = json_array();
    for (size_t i = 0; i < d->locs[k].len; i++) {
      const df_loc *l = &d->locs[k].data[i];
      json_t *j = json_object();
      json_object_set_new(j, "function", rj_text(l->function));
      json_object_set_new(j, "line", json_integer(l->line));
      json_object_set_new(j, "text", rj_text(l->text));
      json_array_append_new(a, j);
    }
    json_object_set_new(o, df_names[k], a);
  }
  json_t *ll = json_array();
  for (size_t i = 0; i < d->lines_lost.len; i++)
    json_array_append_new(ll, json_integer(d->lines_lost.data[i]));
  json_object_set_new(o, "verified_lines_lost", ll);
  if (d->program_changed)
    json_object_set_new(o, "unmatched", json_integer((json_int_t)d->unmatched));
  json_t *st = json_object();
  for (int comp = 0; comp < 2; comp++) {
    json_t *sc = json_object();
    for (int w = 0; w < 2; w++) {
      const df_status *s = &d->status[w][comp];
      json_t *j = json_object();
      json_object_set_new(j, "computed", json_boolean(s->computed));
      json_object_set_new(j, "full", json_boolean(s->full));
      json_object_set_new(j, "stopped_by", rj_text(stop_name(s->stopped_by)));
      json_object_set_new(j, "unknown", json_integer((json_int_t)s->unknown));
      json_object_set_new(j, "undefined",
                          json_integer((json_int_t)s->undefined));
      json_object_set_new(sc, w ? "new" : "old", j);
    }
    json_object_set_new(sc, "worse", json_boolean(df_status_worse(d, comp)));
    json_object_set_new(st, comp == REP_SAFE ? "safe" : "frontier", sc);
  }
  json_object_set_new(o, "components", st);
  json_t *c = json_object();
  json_object_set_new(c, "comparable", json_boolean(d->coverage_comparable));
  json_object_set_new(c, "old", df_cov_json(&d->before));
  json_object_set_new(c, "new", df_cov_json(&d->after));
  json_object_set_new(o, "coverage", c);
  json_object_set_new(o, "regressed", json_boolean(df_regressed(d)));
  json_object_set_new(o, "changed", json_boolean(!df_empty(d)));
  return o;
}
