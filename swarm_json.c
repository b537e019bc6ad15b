/* swarm_json: the plan of erep swarm as JSON (DIR/swarm.json), written
 * and read back; a part of swarm.h kept apart so that the reader is
 * fuzzed on its own (tests/fuzz_swarm.c). It calls nothing of swarm.c. */
#include "swarm.h"

#include "lib/mem.h"
#include "lib/sbuf.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SW_PLAN_FORMAT "erep swarm plan"

bool sw_ident(const char *s) {
  if (!*s || !(isalpha((unsigned char)*s) || *s == '_')) return false;
  for (; *s; s++)
    if (!(isalnum((unsigned char)*s) || *s == '_')) return false;
  return true;
}

void sw_plan_free(sw_plan *p) {
  if (!p) return;
  for (size_t i = 0; i < p->nfeatures; i++) mem_free(p->features[i]);
  mem_free(p->features);
  for (size_t i = 0; i < p->nconfigs; i++) mem_free(p->configs[i].omit);
  mem_free(p->configs);
  mem_free(p->dir);
  mem_free(p->program);
  mem_free(p->program_sha256);
  mem_free(p->self);
  mem_free(p->analysis);
  mem_free(p);
}

static json_t *sw_plan_json(const sw_plan *p) {
  json_t *feats = json_array(), *cfgs = json_array();
  for (size_t i = 0; i < p->nfeatures; i++)
    json_array_append_new(feats, json_string(p->features[i]));
  for (size_t i = 0; i < p->nconfigs; i++) {
    json_t *om = json_array();
    for (size_t k = 0; k < p->configs[i].nomit; k++)
      json_array_append_new(om,
                            json_string(p->features[p->configs[i].omit[k]]));
    char id[32];
    snprintf(id, sizeof id, "c%zu", i + 1);
    json_array_append_new(cfgs, json_pack("{s:s, s:o}", "id", id, "omit", om));
  }
  json_t *j = json_pack(
      "{s:s, s:i, s:s, s:s, s:s, s:s, s:i, s:f, s:I, s:f, s:o, s:o}",
      "format", SW_PLAN_FORMAT, "version", 1, "program", p->program,
      "program_sha256", p->program_sha256, "erep", p->self, "analysis",
      p->analysis, "bound", (json_int_t)p->bound, "time_limit", p->time_limit,
      "seed", (json_int_t)p->seed, "omit_probability", p->p, "features",
      feats, "configurations", cfgs);
  return j;
}

char *sw_plan_text(const sw_plan *p) {
  json_t *j = sw_plan_json(p);
  char *text = j ? json_dumps(j, JSON_INDENT(2)) : NULL;
  json_decref(j);
  if (!text) return NULL;
  char *out = mem_printf("%s\n", text);
  free(text);
  return out;
}

/* The plan's fields, checked (none of its strings is used as a path). */
static sw_plan *sw_plan_parse(json_t *j, const char *where, char **err) {
  const char *fmt = NULL, *sha = NULL, *an = NULL;
  json_int_t version = 0, bound = 0, seed = 0;
  double tl = 0, p = 0;
  json_t *feats = NULL, *cfgs = NULL;
  json_error_t je;
  if (json_unpack_ex(j, &je, 0,
                     "{s:s, s:I, s:s, s:s, s:I, s:F, s:I, s:F, s:o, s:o}",
                     "format", &fmt, "version", &version, "program_sha256",
                     &sha, "analysis", &an, "bound", &bound, "time_limit",
                     &tl, "seed", &seed, "omit_probability", &p, "features",
                     &feats, "configurations", &cfgs) ||
      strcmp(fmt, SW_PLAN_FORMAT) || version != 1 || !json_is_array(feats) ||
      !json_is_array(cfgs) || bound < 1 || bound > (1 << 30) || tl < 0 ||
      seed < 0 || p < 0 || p > 1 || !sw_ident(an)) {
    *err = mem_printf("%s: not a plan of erep swarm%s%s", where,
                      je.text[0] ? ": " : "", je.text);
    return NULL;
  }
  sw_plan *pl = mem_calloc(1, sizeof *pl);
  pl->program_sha256 = mem_strdup(sha);
  pl->analysis = mem_strdup(an);
  pl->bound = (unsigned)bound;
  pl->time_limit = tl;
  pl->seed = (unsigned long)seed;
  pl->p = p;
  size_t nf = json_array_size(feats), nc = json_array_size(cfgs);
  pl->features = mem_calloc(nf + 1, sizeof *pl->features);
  pl->configs = mem_calloc(nc + 1, sizeof *pl->configs);
  for (size_t i = 0; i < nf; i++) {
    const char *s = json_string_value(json_array_get(feats, i));
    if (!s || !sw_ident(s)) goto bad;
    pl->features[pl->nfeatures++] = mem_strdup(s);
  }
  for (size_t i = 0; i < nc; i++) {
    json_t *c = json_array_get(cfgs, i), *om = json_object_get(c, "omit");
    if (!json_is_array(om) || json_array_size(om) > nf) goto bad;
    sw_config *cf = &pl->configs[pl->nconfigs++];
    cf->omit = mem_calloc(json_array_size(om) + 1, sizeof *cf->omit);
    for (size_t k = 0; k < json_array_size(om); k++) {
      const char *s = json_string_value(json_array_get(om, k));
      size_t f = nf;
      for (size_t x = 0; s && x < nf; x++)
        if (!strcmp(pl->features[x], s)) f = x;
      if (f == nf || (cf->nomit && cf->omit[cf->nomit - 1] >= f)) goto bad;
      cf->omit[cf->nomit++] = f;
    }
  }
  return pl;
bad:
  *err = mem_printf("%s: not a plan of erep swarm: its features or "
                    "configurations are malformed",
                    where);
  sw_plan_free(pl);
  return NULL;
}

sw_plan *sw_plan_from_json(const char *text, size_t len, const char *where,
                           char **err) {
  json_error_t je;
  json_t *j = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
  if (!j) {
    *err = mem_printf("%s:%d: %s", where, je.line, je.text);
    return NULL;
  }
  sw_plan *p = sw_plan_parse(j, where, err);
  json_decref(j);
  return p;
}
