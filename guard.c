#include "guard.h"

#include "lib/esc.h"
#include "lib/mem.h"
#include "lib/outdir.h"
#include "lib/outfile.h"
#include "report/rjson.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* at most this many entries are looked at below a directory --force would
 * replace (a bigger one is refused: it is no test suite) */
#define GD_MAX_ENTRIES 100000u
#define GD_MAX_DEPTH 64u

/* paths, owned (mem_free each) */
typedef VEC(char *) gd_list;

static void gd_add(gd_list *l, char *s) { VEC_PUSH(*l, s); } /* takes s */

static void gd_list_free(gd_list *l) {
  for (size_t i = 0; i < l->len; i++)
    mem_free(l->data[i]);
  VEC_FREE(*l);
}

static const char *gd_base(const char *p) {
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

/* The places a reader of `report` looks for a file the report records as
 * `p`: p itself (from the working directory), p from the report's
 * directory, and the file of p's name beside the report. */
static void gd_resolve(const char *report, const char *p, gd_list *in) {
  gd_add(in, mem_strdup(p));
  const char *slash = strrchr(report, '/');
  char *rdir = slash ? mem_strndup(report, (size_t)(slash - report))
                     : mem_strdup(".");
  if (!*rdir) {
    mem_free(rdir);
    rdir = mem_strdup("/");
  }
  if (*p != '/') gd_add(in, mem_printf("%s/%s", rdir, p));
  gd_add(in, mem_printf("%s/%s", rdir, gd_base(p)));
  mem_free(rdir);
}

/* The files report `path` names, resolved (into `in`), and their bare
 * names (into `names`, may be NULL). */
static void gd_named(const char *path, gd_list *in, gd_list *names) {
  char *named[2];
  if (rj_named(path, &named[0], &named[1])) return;
  for (int i = 0; i < 2; i++) {
    if (!named[i]) continue;
    gd_resolve(path, named[i], in);
    if (names && *gd_base(named[i]))
      gd_add(names, mem_strdup(gd_base(named[i])));
    mem_free(named[i]);
  }
}

/* A file below `dir` named like one of `names`: its path (mem_free), or
 * NULL. *budget and the depth bound the walk; beyond them the answer is ""
 * (refused: too big to be a test suite). */
static char *gd_holds_name(const char *dir, const gd_list *names,
                           unsigned depth, unsigned *budget) {
  if (depth > GD_MAX_DEPTH) return mem_strdup("");
  DIR *d = opendir(dir);
  if (!d) return NULL;
  char *found = NULL;
  struct dirent *e;
  while (!found && (e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    if (!*budget) {
      found = mem_strdup("");
      break;
    }
    --*budget;
    char *p = mem_printf("%s/%s", dir, e->d_name);
    for (size_t i = 0; i < names->len && !found; i++)
      if (!strcmp(e->d_name, names->data[i])) found = mem_strdup(p);
    struct stat st;
    if (!found && lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
      found = gd_holds_name(p, names, depth + 1, budget);
    mem_free(p);
  }
  closedir(d);
  return found;
}

/* A directory output: `dir` must be new or empty, or (with force)
 * hold none of the inputs and no file named like one. */
static int gd_dir(const char *dir, bool can_force, bool force,
                  const gd_list *in, const gd_list *names, char **err) {
  int c = outdir_check(dir, force, (const char *const *)in->data, in->len, err);
  if (c == OUTDIR_NOT_EMPTY && can_force) {
    char *e = mem_printf("%s (--force replaces it)", *err);
    mem_free(*err);
    *err = e;
    return -1;
  }
  if (c || !force || !names->len) return c;
  unsigned budget = GD_MAX_ENTRIES;
  char *f = gd_holds_name(dir, names, 0, &budget);
  if (!f) return 0;
  *err = !*f
             ? mem_printf("%s: too large to be a test suite erep wrote; "
                          "refusing to replace it",
                          dir)
             : mem_printf("%s holds %s, named like a file the report names; "
                          "refusing to replace it",
                          dir, f);
  mem_free(f);
  return -1;
}

/* swarm's --features FILE (not a word): an input */
static bool gd_features_file(const erep_opts *o) {
  return o->features && strcmp(o->features, "functions") &&
         strcmp(o->features, "calls");
}

/* swarm --collect DIR: the files it writes into DIR are none of its
 * inputs (the program, a features file). */
static erep_status gd_swarm_collect(const erep_opts *o, FILE *msg) {
  const char *in[2] = {o->pos[0], gd_features_file(o) ? o->features : NULL};
  size_t nin = in[1] ? 2 : 1;
  static const char *const names[] = {"automaton.txt", "automaton.graphml"};
  for (int i = 0; i < 2; i++) {
    char *path = mem_printf("%s/%s", o->collect, names[i]), *err = NULL;
    int rc = outfile_check(path, in, nin, &err);
    mem_free(path);
    if (rc) {
      esc_fprintf(msg, 0, "erep swarm: %s\n", err);
      mem_free(err);
      return ST_BAD_INPUT;
    }
  }
  return ST_OK;
}

erep_status gd_check(unsigned cmd, const char *cmdname, const erep_opts *o,
                     FILE *msg) {
  const char *out = o->output, *dir = NULL;
  bool reads_report = false, force = false;
  if (cmd == CMD_verify) {
    out = NULL;
    dir = o->verify_output;
  } else if (cmd == CMD_tests) {
    out = NULL;
    dir = o->output;
    force = o->tests_force != NULL;
    reads_report = true;
  } else if (cmd == CMD_dot || cmd == CMD_html) {
    reads_report = true;
  } else if (cmd == CMD_swarm) {
    /* -o or --plan: a new or empty directory; --collect writes its
     * automaton.txt and automaton.graphml (gd_swarm_collect) */
    out = NULL;
    dir = o->swarm_output ? o->swarm_output : o->plan;
    if (o->collect && !dir) return gd_swarm_collect(o, msg);
  }
  /* "-" is standard output: nothing is replaced */
  if (out && !strcmp(out, "-")) out = NULL;
  if (!out && !dir) return ST_OK;
  gd_list in = {0}, names = {0};
  for (int i = 0; i < o->npos; i++)
    gd_add(&in, mem_strdup(o->pos[i]));
  if (cmd == CMD_verify && o->condition) /* verify's one input option */
    gd_add(&in, mem_strdup(o->condition));
  if (cmd == CMD_swarm && gd_features_file(o))
    gd_add(&in, mem_strdup(o->features));
  if (reads_report && o->npos) gd_named(o->pos[0], &in, &names);
  char *err = NULL;
  int rc = out ? outfile_check(out, (const char *const *)in.data, in.len, &err)
               : gd_dir(dir, cmd == CMD_tests, force, &in, &names, &err);
  if (rc) esc_fprintf(msg, 0, "erep %s: %s\n", cmdname, err);
  mem_free(err);
  gd_list_free(&in);
  gd_list_free(&names);
  return rc ? ST_BAD_INPUT : ST_OK;
}
