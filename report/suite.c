#include "suite.h"

#include "config.h"
#include "formats/testcomp.h"
#include "lib/esc.h"
#include "lib/file.h"
#include "lib/mem.h"
#include "lib/outdir.h"
#include "rjson.h"
#include "testvec.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TS_MAX_PROGRAM ((size_t)256 << 20)

/* The signal that asked to stop, 0 if none. */
static int ts_signal(const ts_options *o) {
  return o->stop ? atomic_load(o->stop) : 0;
}

static char *ts_join(const char *dir, const char *name) {
  return mem_printf("%s/%s", dir, name);
}

static int ts_close(const ts_options *o, FILE *f, const char *path) {
  int e = 0;
  if (fflush(f) || ferror(f)) e = errno ? errno : EIO;
  if (!e && fsync(fileno(f)) && errno != EINVAL && errno != EROFS) e = errno;
  if (fclose(f) && !e) e = errno ? errno : EIO;
  if (e)
    esc_fprintf(o->msg, 0, "erep tests: writing %s: %s\n", path, strerror(e));
  return e ? -1 : 0;
}

/* The program the report was made from: its path as recorded (relative to
 * where `erep report` ran), else next to the report. */
static char *ts_find_program(const char *p, const char *report) {
  struct stat st;
  if (!p || !*p) return NULL;
  if (stat(p, &st) == 0 && S_ISREG(st.st_mode)) return mem_strdup(p);
  const char *slash = strrchr(report, '/');
  char *rdir = slash ? mem_strndup(report, (size_t)(slash - report) + 1)
                     : mem_strdup("");
  char *cand[2] = {0, 0};
  if (*p != '/') cand[0] = ts_join(*rdir ? rdir : ".", p);
  const char *base = strrchr(p, '/');
  cand[1] = ts_join(*rdir ? rdir : ".", base ? base + 1 : p);
  mem_free(rdir);
  char *found = NULL;
  for (int i = 0; i < 2; i++) {
    if (!found && cand[i] && stat(cand[i], &st) == 0 && S_ISREG(st.st_mode))
      found = cand[i];
    else
      mem_free(cand[i]);
  }
  return found;
}

static time_t ts_now(void) {
  const char *e = getenv("SOURCE_DATE_EPOCH"); /* reproducible builds */
  if (e && *e) {
    char *end;
    long long v = strtoll(e, &end, 10);
    if (!*end && v >= 0) return (time_t)v;
  }
  return time(NULL);
}

/* Files of the staging directory: TS_OPEN opens `name` as f (at path)
 * unless a stop was asked for, TS_DONE closes it with the result of
 * writing it; either returns from the function (1: failed, message
 * printed; -signal: stopped). They use o, od, f, path and err. */
#define TS_OPEN(name)                                                          \
  do {                                                                         \
    if (ts_signal(o)) return -ts_signal(o);                                    \
    path = outdir_path(od, name);                                              \
    if (!(f = fopen(path, "w"))) {                                             \
      esc_fprintf(o->msg, 0, "erep tests: cannot create %s: %s\n", path,       \
                  strerror(errno));                                            \
      mem_free(path);                                                          \
      return 1;                                                                \
    }                                                                          \
  } while (0)
#define TS_DONE(rc)                                                            \
  do {                                                                         \
    int rc_ = (rc);                                                            \
    if (rc_) {                                                                 \
      esc_fprintf(o->msg, 0, "erep tests: %s\n", err ? err : "write failed");  \
      mem_free(err);                                                           \
      fclose(f);                                                               \
      mem_free(path);                                                          \
      return 1;                                                                \
    }                                                                          \
    rc_ = ts_close(o, f, path);                                                \
    mem_free(path);                                                            \
    if (rc_) return 1;                                                         \
  } while (0)

/* The instrumented copy of the program (its text src[0..len)). */
static int ts_write_copy(const ts_options *o, const outdir *od, tc_suite *s,
                         const char *src, size_t len, const char *iname) {
  char *err = NULL, *path = NULL;
  FILE *f;
  TS_OPEN(iname);
  TS_DONE(tc_instrument(s, src, len, f, &err));
  return 0;
}

/* Write every file into the staging directory. 0, or 1 (I/O failure,
 * message printed), or -signal. */
static int ts_write_all(const ts_options *o, const outdir *od, tc_suite *s,
                        const rep_report *r, const char *program,
                        const char *iname) {
  char *err = NULL, *path = NULL;
  FILE *f;
  /* the instrumented copy first: a declaration it cannot find makes the
   * tests that need it unfed, which the other files then say; of the
   * source the report carries (what was analysed), else of the file */
  if (program && r->program_text) {
    int rc = ts_write_copy(o, od, s, r->program_text, r->program_len, iname);
    if (rc) return rc;
  } else if (program) {
    size_t len;
    char *rerr = NULL;
    char *src = file_read(program, TS_MAX_PROGRAM, &len, &rerr);
    if (!src) {
      esc_fprintf(o->msg, 0, "erep tests: %s\n", rerr);
      mem_free(rerr);
      return 1;
    }
    int rc = ts_write_copy(o, od, s, src, len, iname);
    mem_free(src);
    if (rc) return rc;
  }
  char producer[64];
  snprintf(producer, sizeof producer, "erep %s", PACKAGE_VERSION);
  TS_OPEN("metadata.xml");
  TS_DONE(tc_write_metadata(s, f, producer, ts_now(), &err));
  for (size_t i = 0; i < s->tests.len; i++) {
    char name[80];
    snprintf(name, sizeof name, "%s.xml", s->tests.data[i].id);
    TS_OPEN(name);
    TS_DONE(tc_write_testcase(s, &s->tests.data[i], f, &err));
  }
  TS_OPEN("harness.c");
  TS_DONE(tc_write_harness(s, f, program ? iname : NULL, &err));
  TS_OPEN("trace-lines.txt");
  TS_DONE(tc_write_lines(s, f, &err));
  TS_OPEN("tests.tsv");
  TS_DONE(tc_write_list(s, f, &err));
  TS_OPEN("run.sh");
  TS_DONE(tc_write_runner(s, f, program ? iname : NULL, producer, &err));
  char *run = outdir_path(od, "run.sh");
  mode_t mask = umask(0);
  umask(mask);
  chmod(run, 0777 & ~mask);
  mem_free(run);
  return 0;
}
#undef TS_OPEN
#undef TS_DONE

/* Without the program there is no instrumented copy: the tests that read
 * uninitialised locals cannot be fed. */
static void ts_no_program(tc_suite *s) {
  for (size_t i = 0; i < s->tests.len; i++) {
    tc_test *t = &s->tests.data[i];
    for (size_t j = 0; j < t->inputs.len; j++)
      if (t->inputs.data[j].uninit)
        tc_unfed(s, t,
                 "input %u is an uninitialised local, and the program was "
                 "not found to set it",
                 t->inputs.data[j].index);
  }
}

/* Write the suite of s into DIR: 0, 1 (writing failed) or 2 (DIR cannot
 * be begun); a stop leaves DIR unchanged and sets *stopped. */
static int ts_write(const ts_options *o, tc_suite *s, const rep_report *r,
                    const char *program, const char *iname, bool *stopped) {
  char *err = NULL;
  int rc = 0;
  outdir *od = outdir_begin(o->dir, o->force, &err);
  if (!od) {
    esc_fprintf(o->msg, 0, "erep tests: %s: %s\n", o->dir, err);
    mem_free(err);
    return 2;
  }
  int wr = ts_write_all(o, od, s, r, program, iname);
  if (!wr && !ts_signal(o)) {
    /* from here a signal only sets the flag (lib/sigwatch.h): the suite
     * is put in place whole */
    if (outdir_commit(od, &err)) {
      esc_fprintf(o->msg, 0, "erep tests: %s\n", err);
      rc = 1;
    } else if (err) {
      esc_fprintf(o->msg, 0, "erep tests: warning: %s\n", err);
    }
    mem_free(err);
    return rc;
  }
  outdir_abort(od);
  if (wr > 0) return 1;
  esc_fprintf(o->msg, 0, "erep tests: stopped by a signal; %s is unchanged\n",
              o->dir);
  *stopped = true;
  return 1;
}

/* The program of the report, checked against its hash: *program and
 * *iname (mem_free each; NULL when the program is not found, then the
 * tests that need it are unfed). ST_BAD_INPUT when it changed and
 * no_hash_check is not given. */
static erep_status ts_program(const ts_options *o, const rep_report *r,
                              tc_suite *s, char **program, char **iname) {
  *iname = NULL;
  *program = ts_find_program(r->program_path, o->report);
  if (!*program && r->program_text && r->program_path) {
    /* a report moved without its program: the source it carries */
    struct stat st;
    if (stat(r->program_path, &st) == 0) /* something else is there */
      esc_fprintf(o->msg, 0,
                  "erep tests: warning: program %s is not a regular file: "
                  "the source the report carries is used\n",
                  r->program_path);
    else
      esc_fprintf(o->msg, 0,
                  "erep tests: note: program %s is not here: the source the "
                  "report carries is used\n",
                  r->program_path);
    *program = mem_strdup(r->program_path);
    *iname = file_derived_name(*program, "program", ".erep.c");
    return ST_OK;
  }
  if (!*program) {
    ts_no_program(s);
    struct stat st;
    bool there = r->program_path && stat(r->program_path, &st) == 0;
    esc_fprintf(o->msg, 0,
                "erep tests: warning: program %s %s: no instrumented copy; "
                "run.sh then wants the program named\n",
                r->program_path ? r->program_path : "(none)",
                there ? "is not a regular file"
                      : "not found (nor next to the report)");
    return ST_OK;
  }
  /* as dot and browse: a changed program is refused, since its lines no
   * longer are the report's, unless no_hash_check (then every file of the
   * suite says so) */
  char *h = rep_sha256_file(*program);
  if (h && (!r->program_sha256 || strcmp(h, r->program_sha256))) {
    char *why =
        mem_printf("the program %s has changed since the report "
                   "was made (sha256 %.12s, the report has %.12s): "
                   "lines may not match",
                   *program, h, r->program_sha256 ? r->program_sha256 : "none");
    mem_free(h);
    if (!o->no_hash_check) {
      esc_fprintf(o->msg, 0,
                  "erep tests: %s: %s; --no-hash-check exports anyway\n",
                  o->report, why);
      mem_free(why);
      mem_free(*program);
      *program = NULL;
      return ST_BAD_INPUT;
    }
    esc_fprintf(o->msg, 0, "erep tests: warning: %s\n", why);
    s->caution = tc_strdup(s, why);
    mem_free(why);
  } else {
    mem_free(h);
  }
  /* "dir/prog.c" -> "prog.erep.c" (run.sh names it) */
  *iname = file_derived_name(*program, "program", ".erep.c");
  return ST_OK;
}

/* The suite's warnings, the tests that cannot be fed (a few; run.sh says
 * all) and, when it was written, the summary. */
static void ts_say(const ts_options *o, const tc_suite *s, bool written,
                   size_t left_out) {
  for (size_t i = 0; i < s->warnings.len; i++)
    esc_fprintf(o->msg, 0, "erep tests: warning: %s\n", s->warnings.data[i]);
  size_t said = 0, more = 0;
  for (size_t i = 0; i < s->tests.len && written; i++) {
    const tc_test *t = &s->tests.data[i];
    if (!t->unfed) continue;
    if (said++ < 10)
      esc_fprintf(o->msg, 0, "erep tests: note: %s cannot be fed: %s\n", t->id,
                  t->unfed);
    else
      more++;
  }
  if (more)
    fprintf(o->msg,
            "erep tests: note: %zu more cannot be fed (run.sh says "
            "why)\n",
            more);
  if (!written) return;
  size_t nf = 0, ns = 0, unfed = 0;
  for (size_t i = 0; i < s->tests.len; i++) {
    if (*s->tests.data[i].component == 'f')
      nf++;
    else
      ns++;
    unfed += s->tests.data[i].unfed != NULL;
  }
  esc_fprintf(o->out, 0, "%zu test%s (%zu frontier, %zu safe) written to %s",
              s->tests.len, s->tests.len == 1 ? "" : "s", nf, ns, o->dir);
  if (unfed) fprintf(o->out, "; %zu cannot be fed (run.sh says why)", unfed);
  fputc('\n', o->out);
  esc_fprintf(o->out, 0, "run them: sh %s/run.sh\n", o->dir);
  if (left_out)
    fprintf(o->out,
            "%zu unknown trace%s (not proved feasible) left out; --unknown "
            "lists %s in the suite, marked, never run\n",
            left_out, left_out == 1 ? "" : "s", left_out == 1 ? "it" : "them");
}

struct ts_plan {
  const ts_options *o;
  rep_report *r;
  tc_suite *s;
  char *program, *iname; /* NULL when the program was not found */
  size_t left_out;       /* unknown traces of the components, not exported */
};

void ts_plan_free(ts_plan *p) {
  if (!p) return;
  mem_free(p->program);
  mem_free(p->iname);
  tc_suite_free(p->s);
  rep_free(p->r);
  mem_free(p);
}

ts_plan *ts_plan_new(const ts_options *o, erep_status *st) {
  *st = ST_BAD_INPUT;
  char *err = NULL;
  ts_plan *p = mem_calloc(1, sizeof *p);
  p->o = o;
  p->r = rj_read(o->report, &err);
  if (!p->r) {
    esc_fprintf(o->msg, 0, "erep tests: %s\n", err);
    mem_free(err);
    ts_plan_free(p);
    return NULL;
  }
  /* proved traces only, unless asked: an unknown one is no test */
  unsigned comps = o->components;
  for (size_t i = 0; i < p->r->unknown.len; i++)
    p->left_out += (comps & (1u << p->r->unknown.data[i]->component)) != 0;
  if (o->unknown) {
    comps |= TV_UNKNOWN;
    p->left_out = 0;
  }
  p->s = tv_suite(p->r, o->report, comps, &err);
  if (!p->s) {
    esc_fprintf(o->msg, 0, "erep tests: %s: %s\n", o->report, err);
    mem_free(err);
    ts_plan_free(p);
    return NULL;
  }
  if (ts_program(o, p->r, p->s, &p->program, &p->iname) != ST_OK) {
    ts_plan_free(p);
    return NULL;
  }
  *st = ST_OK;
  return p;
}

erep_status ts_plan_write(ts_plan *p, bool *stopped) {
  bool stop_seen = false;
  if (!stopped) stopped = &stop_seen;
  *stopped = false;
  /* 0, 1 or 2 */
  int rc = ts_write(p->o, p->s, p->r, p->program, p->iname, stopped);
  /* stopped: nothing more is said, the caller ends by the signal */
  if (!*stopped) ts_say(p->o, p->s, rc == 0, p->left_out);
  return rc == 2 ? ST_BAD_INPUT : rc ? ST_FAILED : ST_OK;
}

erep_status ts_export(const ts_options *o, bool *stopped) {
  if (stopped) *stopped = false;
  erep_status st;
  ts_plan *p = ts_plan_new(o, &st);
  if (p) st = ts_plan_write(p, stopped);
  ts_plan_free(p);
  return st;
}
