#include "swarm.h"

#include "analysis/aunion.h"
#include "lib/file.h"
#include "lib/mem.h"
#include "lib/outfile.h"
#include "lib/sbuf.h"
#include "program/feature.h"
#include "report/report.h"
#include "report/rjson.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* a features file or a plan larger than this is no plan erep wrote */
#define SW_FILE_MAX (16u << 20)
/* the union of the automata grows to at most this many states */
#define SW_UNION_MAX 4000000u

/* ---------- features and configurations ---------- */

/* The names of a features file: one a line, blank lines and # comments
 * aside; each a function the program calls. */
static int sw_features_file(const ft_function *fs, size_t nf, const char *path,
                            char ***names, size_t *n, char **err) {
  size_t len;
  char *text = file_read(path, SW_FILE_MAX, &len, err);
  if (!text) return -1;
  VEC(char *) v = {0};
  unsigned line = 0;
  int rc = 0;
  for (char *p = text; rc == 0 && p < text + len;) {
    char *end = memchr(p, '\n', (size_t)(text + len - p));
    if (!end) end = text + len;
    line++;
    char *hash = memchr(p, '#', (size_t)(end - p));
    char *stop = hash ? hash : end;
    while (p < stop && isspace((unsigned char)*p)) p++;
    while (stop > p && isspace((unsigned char)stop[-1])) stop--;
    char *name = mem_strndup(p, (size_t)(stop - p));
    p = end + 1;
    if (!*name) {
      mem_free(name);
      continue;
    }
    bool dup = false;
    for (size_t i = 0; i < v.len; i++) dup |= !strcmp(v.data[i], name);
    if (!sw_ident(name) || !ft_find(fs, nf, name) || dup) {
      *err = mem_printf("%s:%u: %s", path, line,
                        !sw_ident(name) ? "not a function name"
                        : dup           ? "listed twice"
                                        : "the program calls no function of "
                                          "that name");
      rc = -1;
    }
    if (rc) {
      mem_free(name);
      break;
    }
    VEC_PUSH(v, name);
  }
  mem_free(text);
  if (rc == 0 && !v.len) {
    *err = mem_printf("%s: names no feature", path);
    rc = -1;
  }
  if (rc) {
    for (size_t i = 0; i < v.len; i++) mem_free(v.data[i]);
    VEC_FREE(v);
    return -1;
  }
  *names = v.data;
  *n = v.len;
  return 0;
}

int sw_features(const cfa *g, const char *spec, char ***names, size_t *n,
                char **err) {
  ft_function *fs = NULL;
  size_t nf = ft_called(g, &fs);
  int rc = 0;
  if (!strcmp(spec, "functions") || !strcmp(spec, "calls")) {
    bool all = !strcmp(spec, "calls");
    VEC(char *) v = {0};
    for (size_t i = 0; i < nf; i++)
      if (all || fs[i].defined) VEC_PUSH(v, mem_strdup(fs[i].name));
    *names = v.data; /* none: the whole program is the one configuration */
    *n = v.len;
  } else {
    rc = sw_features_file(fs, nf, spec, names, n, err);
  }
  mem_free(fs);
  return rc;
}

/* splitmix64 (Steele, Lea, Flood): the same numbers from the same seed on
 * every machine */
static uint64_t sw_random(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static bool sw_same(const sw_config *a, const unsigned char *pick, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (pick[i]) {
      if (k >= a->nomit || a->omit[k] != i) return false;
      k++;
    }
  return k == a->nomit;
}

void sw_draw(sw_plan *p, size_t nconfigs) {
  uint64_t s = p->seed;
  unsigned char *pick = mem_calloc(p->nfeatures + 1, 1);
  VEC(sw_config) v = {0};
  /* c1 is the whole program: the swarm decides at least what one bounded
   * run decides, and its other jobs race it */
  sw_config whole = {mem_calloc(1, sizeof(size_t)), 0};
  if (nconfigs) VEC_PUSH(v, whole);
  else mem_free(whole.omit);
  /* a set drawn again is drawn anew, up to 100 times in a row */
  for (unsigned tries = 0; v.len < nconfigs && tries < 100; tries++) {
    size_t k = 0;
    for (size_t i = 0; i < p->nfeatures; i++) {
      double u = (double)(sw_random(&s) >> 11) * 0x1.0p-53;
      pick[i] = u < p->p;
      k += pick[i];
    }
    bool seen = false;
    for (size_t c = 0; c < v.len && !seen; c++)
      seen = sw_same(&v.data[c], pick, p->nfeatures);
    if (seen) continue;
    sw_config c = {mem_calloc(k + 1, sizeof(size_t)), 0};
    for (size_t i = 0; i < p->nfeatures; i++)
      if (pick[i]) c.omit[c.nomit++] = i;
    VEC_PUSH(v, c);
    tries = 0;
  }
  mem_free(pick);
  p->configs = v.data;
  p->nconfigs = v.len;
}

/* ---------- the jobs ---------- */

char *sw_path(const sw_plan *p, size_t i, const char *suffix) {
  return mem_printf("%s/c%zu%s", p->dir, i + 1, suffix);
}

static char *sw_omit_list(const sw_plan *p, size_t i, const char *sep) {
  sbuf b = {0};
  const sw_config *c = &p->configs[i];
  for (size_t k = 0; k < c->nomit; k++) {
    if (k) sb_put(&b, sep);
    sb_put(&b, p->features[c->omit[k]]);
  }
  return sb_take(&b);
}

char *sw_omitted(const sw_plan *p, size_t i) {
  if (!p->configs[i].nomit) return mem_strdup("nothing");
  return sw_omit_list(p, i, ", ");
}

char **sw_argv(const sw_plan *p, size_t i) {
  VEC(char *) v = {0};
  VEC_PUSH(v, mem_strdup(p->self));
  VEC_PUSH(v, mem_strdup("verify"));
  VEC_PUSH(v, mem_strdup(p->program));
  VEC_PUSH(v, mem_strdup("--analysis"));
  VEC_PUSH(v, mem_strdup(p->analysis));
  VEC_PUSH(v, mem_strdup("--path-length"));
  VEC_PUSH(v, mem_printf("%u", p->bound));
  if (p->configs[i].nomit) {
    VEC_PUSH(v, mem_strdup("--omit"));
    VEC_PUSH(v, sw_omit_list(p, i, ","));
  }
  if (p->time_limit > 0) {
    VEC_PUSH(v, mem_strdup("--time-limit"));
    VEC_PUSH(v, mem_printf("%g", p->time_limit));
  }
  VEC_PUSH(v, mem_strdup("--jobs")); /* one process a configuration */
  VEC_PUSH(v, mem_strdup("1"));
  VEC_PUSH(v, mem_strdup("--no-false-automaton"));
  VEC_PUSH(v, mem_strdup("-o"));
  VEC_PUSH(v, sw_path(p, i, ""));
  VEC_PUSH(v, NULL);
  return v.data;
}

void sw_argv_free(char **argv) {
  for (char **a = argv; a && *a; a++) mem_free(*a);
  mem_free(argv);
}

/* a word for sh: in single quotes, each ' as '\'' */
static void sw_quote(sbuf *b, const char *s) {
  sb_putc(b, '\'');
  for (; *s; s++)
    if (*s == '\'')
      sb_put(b, "'\\''");
    else
      sb_putc(b, *s);
  sb_putc(b, '\'');
}

static char *sw_job_line(const sw_plan *p, size_t i) {
  char **argv = sw_argv(p, i);
  sbuf b = {0};
  for (char **a = argv; *a; a++) {
    if (a != argv) sb_putc(&b, ' ');
    sw_quote(&b, *a);
  }
  char *out = sw_path(p, i, ".out"), *err = sw_path(p, i, ".err");
  sb_put(&b, " > ");
  sw_quote(&b, out);
  sb_put(&b, " 2> ");
  sw_quote(&b, err);
  sb_putc(&b, '\n');
  mem_free(out);
  mem_free(err);
  sw_argv_free(argv);
  return sb_take(&b);
}

/* ---------- the plan's files ---------- */

static int sw_put(const char *path, const char *text, size_t len,
                  char **err) {
  outfile *o = outfile_open(path, err);
  if (!o) return -1;
  if (fwrite(text, 1, len, outfile_stream(o)) != len) {
    outfile_abort(o);
    *err = mem_printf("%s: %s", path, strerror(errno));
    return -1;
  }
  return outfile_commit(o, err);
}

int sw_plan_write(const sw_plan *p, char **err) {
  char *text = sw_plan_text(p);
  if (!text) {
    *err = mem_strdup("cannot make swarm.json");
    return -1;
  }
  char *path = mem_printf("%s/swarm.json", p->dir);
  int rc = sw_put(path, text, strlen(text), err);
  mem_free(text);
  mem_free(path);
  if (rc) return rc;
  sbuf b = {0};
  for (size_t i = 0; i < p->nconfigs; i++) {
    char *line = sw_job_line(p, i);
    sb_put(&b, line);
    mem_free(line);
  }
  path = mem_printf("%s/jobs.txt", p->dir);
  rc = sw_put(path, b.s ? b.s : "", b.len, err);
  sb_free(&b);
  mem_free(path);
  return rc;
}

sw_plan *sw_plan_read(const char *dir, const char *program, char **err) {
  char *path = mem_printf("%s/swarm.json", dir);
  size_t len;
  char *text = file_read(path, SW_FILE_MAX, &len, err);
  sw_plan *p = NULL;
  if (text) {
    p = sw_plan_from_json(text, len, path, err);
    mem_free(text);
  }
  if (p) {
    char *sha = rep_sha256_file(program);
    if (!sha || strcmp(sha, p->program_sha256)) {
      *err = sha ? mem_printf("%s is not the program of the plan in %s (its "
                              "sha256 differs)",
                              program, path)
                 : mem_printf("%s: %s", program, file_why(program, errno));
      sw_plan_free(p);
      p = NULL;
    }
    mem_free(sha);
  }
  mem_free(path);
  return p;
}

/* ---------- results ---------- */

const char *sw_status_name(sw_status s) {
  static const char *const names[] = {"not run", "no verdict", "FALSE",
                                      "TRUE", "verified (bounded)",
                                      "UNKNOWN", "stopped after a FALSE"};
  return names[s];
}

/* Is every reason of an UNKNOWN line ("[analysis: ]reason; ...") the
 * conditions' cut? */
static bool sw_only_cut(const char *r, const char *end) {
  while (r < end) {
    const char *semi = memchr(r, ';', (size_t)(end - r));
    const char *part_end = semi ? semi : end;
    while (r < part_end && *r == ' ') r++;
    const char *colon = memchr(r, ':', (size_t)(part_end - r));
    if (colon && colon + 1 < part_end && colon[1] == ' ') r = colon + 2;
    static const char cut[] = "the conditions cut ";
    if ((size_t)(part_end - r) < sizeof cut - 1 ||
        memcmp(r, cut, sizeof cut - 1))
      return false;
    r = semi ? semi + 1 : end;
  }
  return true;
}

sw_status sw_classify(const char *out, size_t len) {
  const char *nl = out ? memchr(out, '\n', len) : NULL;
  if (!nl) return SW_NO_VERDICT; /* a verdict line ends with a newline */
  size_t n = (size_t)(nl - out);
  if (n == 4 && !memcmp(out, "TRUE", 4)) return SW_TRUE;
  if (n >= 8 && !memcmp(out, "STOPPED:", 8)) return SW_STOPPED;
  if (n >= 6 && !memcmp(out, "FALSE:", 6)) return SW_FALSE;
  if (n >= 9 && !memcmp(out, "UNKNOWN: ", 9))
    return sw_only_cut(out + 9, nl) ? SW_BOUNDED : SW_UNKNOWN;
  return SW_NO_VERDICT;
}

void sw_results_read(const sw_plan *p, sw_results *r) {
  memset(r, 0, sizeof *r);
  r->status = mem_calloc(p->nconfigs + 1, sizeof *r->status);
  r->first_false = p->nconfigs;
  for (size_t i = 0; i < p->nconfigs; i++) {
    char *path = sw_path(p, i, ".out"), *err = NULL;
    size_t len;
    char *text = file_read(path, SW_FILE_MAX, &len, &err);
    sw_status s = text ? sw_classify(text, len) : SW_NOT_RUN;
    mem_free(err);
    mem_free(text);
    mem_free(path);
    r->status[i] = s;
    r->count[s]++;
    if (s == SW_FALSE && r->first_false == p->nconfigs) r->first_false = i;
  }
}

void sw_results_free(sw_results *r) { mem_free(r->status); }

static char *sw_aa_text(const aa_automaton *A, bool graphml, size_t *len,
                        char **err) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  if (!f) {
    *err = mem_printf("cannot write the automaton: %s", strerror(errno));
    return NULL;
  }
  int rc = graphml ? aa_write_graphml(A, f, err) : aa_write_text(A, f, err);
  if (fclose(f) || rc) {
    if (!*err) *err = mem_strdup("cannot write the automaton");
    free(buf);
    return NULL;
  }
  char *t = mem_alloc(n + 1);
  memcpy(t, buf, n + 1);
  free(buf);
  *len = n;
  return t;
}

int sw_path_automaton(const sw_plan *p, size_t i, unsigned *last_edge,
                      char **err) {
  char *path = sw_path(p, i, "/counterexample.json");
  rep_report *r = rj_read(path, err);
  mem_free(path);
  if (!r) return -1;
  const rep_trace *t = r->comp[REP_FRONTIER].traces.len
                           ? r->comp[REP_FRONTIER].traces.data[0]
                           : NULL;
  if (!t || !t->steps.len) {
    *err = mem_printf("c%zu/counterexample.json holds no trace", i + 1);
    rep_free(r);
    return -1;
  }
  *last_edge = t->steps.data[t->steps.len - 1].edge;
  aa_builder *b = aa_builder_new("(erep swarm)");
  int rc = aa_builder_collector(b, true, err);
  char src[32], dst[32];
  for (size_t k = 0; !rc && k < t->steps.len; k++) {
    snprintf(src, sizeof src, "S%zu", k);
    if (k + 1 < t->steps.len)
      snprintf(dst, sizeof dst, "S%zu", k + 1);
    else
      snprintf(dst, sizeof dst, "__FALSE");
    aa_transition_src m = {.source = src,
                           .match = t->steps.data[k].text
                                        ? t->steps.data[k].text
                                        : "",
                           .target = dst};
    aa_transition_src all = {.source = src, .catchall = true,
                             .target = "__TRUE"};
    rc = aa_builder_state(b, src, AA_MODE_USEFIRST, AA_STYPE_NONE, 0, err) ||
         aa_builder_transition(b, &m, 0, err) ||
         aa_builder_transition(b, &all, 0, err);
  }
  rep_free(r);
  if (rc) {
    aa_builder_free(b);
    return -1;
  }
  aa_automaton *A = aa_builder_finish(b, "S0", 0, err);
  if (!A) return -1;
  size_t len;
  char *text = sw_aa_text(A, false, &len, err);
  aa_free(A);
  if (!text) return -1;
  path = sw_path(p, i, ".path.txt");
  rc = sw_put(path, text, len, err);
  mem_free(path);
  mem_free(text);
  return rc;
}

int sw_merge(const sw_plan *p, sw_merged *m, char **err) {
  memset(m, 0, sizeof *m);
  VEC(aa_automaton *) as = {0};
  int rc = 0;
  for (size_t i = 0; i < p->nconfigs && !rc; i++) {
    char *path = sw_path(p, i, "/automaton.txt");
    if (access(path, F_OK) == 0) { /* a run that wrote none: nothing */
      char *why = NULL;
      aa_automaton *A = aa_load(path, &why);
      if (A)
        VEC_PUSH(as, A);
      else { /* its claims are left out: the union claims less */
        m->skipped++;
        if (!m->why)
          m->why = why;
        else
          mem_free(why);
      }
    }
    mem_free(path);
  }
  aa_automaton *U = NULL;
  if (!rc && as.len) {
    au_figures f;
    U = au_union((const aa_automaton *const *)as.data, as.len, SW_UNION_MAX,
                 &f, err);
    if (!U) rc = -1;
    m->states = f.states;
  }
  m->automata = as.len;
  for (size_t i = 0; i < as.len; i++) aa_free(as.data[i]);
  VEC_FREE(as);
  if (rc || !U) {
    if (!rc) *err = mem_strdup("no configuration wrote an automaton");
    return -1;
  }
  m->whole = U->initial >= 0 && U->states[U->initial].sink == AA_SINK_TRUE;
  for (int g = 0; g < 2 && !rc; g++) {
    size_t len;
    char *text = sw_aa_text(U, g, &len, err);
    char *path = mem_printf("%s/automaton.%s", p->dir, g ? "graphml" : "txt");
    rc = text ? sw_put(path, text, len, err) : -1;
    mem_free(path);
    mem_free(text);
  }
  aa_free(U);
  return rc;
}
