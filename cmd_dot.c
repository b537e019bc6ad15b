/* erep dot REPORT.json [--view aa|cfa|trace:ID] [-T dot|svg|png|pdf]
 * [-o FILE]: a picture of a report (report/dot.h). The format is -T, else
 * the extension of -o (one that names no format is refused), else DOT.
 * Without -o the picture goes to stdout (PNG and PDF only when stdout is
 * not a terminal); with -o it is written atomically,
 * so a failed run leaves no file. Everything that can be wrong with the
 * input is found before anything is written. */
#include "commands.h"
#include "lib/esc.h"
#include "lib/outfile.h"
#include "report/dot.h"
#include "report/rjson.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* dot's result as the command's status */
static erep_status dot_status_st(dot_status s) {
  return s == DOT_OK ? ST_OK : s == DOT_BAD_INPUT ? ST_BAD_INPUT : ST_FAILED;
}

/* The format: -T, else -o's extension, else (standard output) DOT. A name
 * whose extension names no format is refused: DOT under a .pdf name is a
 * file nothing opens. */
static erep_status dot_format_for(const erep_opts *o, dot_format *fmt) {
  *fmt = DOT_FMT_DOT;
  if (o->format) /* dot|svg|png|pdf, checked by opt_parse */
    return dot_format_parse(o->format, fmt) ? ST_FAILED : ST_OK;
  if (o->output && dot_format_of_path(o->output, fmt)) {
    esc_fprintf(stderr, 0,
                "erep dot: %s: the name says no format erep draws (.dot or "
                ".gv, .svg, .png, .pdf); name one with -T\n",
                o->output);
    return ST_BAD_INPUT;
  }
  return ST_OK;
}

/* --view trace:ID (not trace-cfa:ID): --depth folds its calls */
static bool opt_view_trace(const char *v) {
  return v && !strncmp(v, "trace:", 6);
}

erep_status cmd_dot(const erep_opts *o) {
  erep_opts oo = *o; /* -o - is standard output, as no -o */
  if (oo.output && !strcmp(oo.output, "-")) oo.output = NULL;
  o = &oo;
  dot_format fmt;
  erep_status st = dot_format_for(o, &fmt);
  if (st != ST_OK) return st;
  if (!o->output && (fmt == DOT_FMT_PNG || fmt == DOT_FMT_PDF) &&
      isatty(STDOUT_FILENO)) {
    esc_fprintf(stderr, 0,
                "erep dot: %s is not for a terminal: use -o FILE.%s or a "
                "pipe\n",
                fmt == DOT_FMT_PNG ? "PNG" : "PDF",
                fmt == DOT_FMT_PNG ? "png" : "pdf");
    return ST_BAD_INPUT;
  }
  char *err = NULL, *warning = NULL;
  rep_report *r = rj_open(o->pos[0], o->no_hash_check != NULL, &warning, &err);
  if (!r) {
    esc_fprintf(stderr, 0, "erep dot: %s\n", err);
    mem_free(err);
    return ST_BAD_INPUT;
  }
  if (warning) esc_fprintf(stderr, 0, "erep dot: warning: %s\n", warning);
  mem_free(warning);
  bool trace = opt_view_trace(o->val.view.text);
  dot_options opt = {o->val.view.text, o->no_hash_check != NULL,
                     o->val.around.text,
                     (unsigned)opt_num(&o->val.depth, 2),
                     trace && o->val.depth.set};
  if (opt.around && opt.view && strcmp(opt.view, "aa")) {
    esc_fprintf(stderr, 0, "erep dot: --around is for --view aa\n");
    rep_free(r);
    return ST_BAD_INPUT;
  }
  if (o->val.depth.set && !opt.around && !trace) {
    esc_fprintf(stderr, 0, "erep dot: --depth needs --around (--view aa) "
                           "or --view trace:ID\n");
    rep_free(r);
    return ST_BAD_INPUT;
  }
  dot_graph *g = NULL;
  dot_status s = dot_build(r, &opt, &g, &warning, &err);
  rep_free(r);
  if (warning) esc_fprintf(stderr, 0, "erep dot: warning: %s\n", warning);
  mem_free(warning);
  if (s != DOT_OK) {
    esc_fprintf(stderr, 0, "erep dot: %s: %s\n", o->pos[0], err);
    mem_free(err);
    return dot_status_st(s);
  }
  erep_status rc = ST_OK;
  if (!o->output) {
    s = dot_render(g, fmt, stdout, &err);
    if (s != DOT_OK) {
      esc_fprintf(stderr, 0, "erep dot: %s\n", err);
      mem_free(err);
      rc = dot_status_st(s);
    }
    dot_free(g);
    return rc;
  }
  outfile_cleanup_on_signals();
  outfile *out = outfile_open(o->output, &err);
  if (!out) {
    esc_fprintf(stderr, 0, "erep dot: %s\n", err);
    mem_free(err);
    dot_free(g);
    return ST_BAD_INPUT;
  }
  s = dot_render(g, fmt, outfile_stream(out), &err);
  dot_free(g);
  if (s != DOT_OK) {
    esc_fprintf(stderr, 0, "erep dot: %s: %s\n", o->output, err);
    mem_free(err);
    outfile_abort(out);
    return dot_status_st(s);
  }
  if (outfile_commit(out, &err)) {
    esc_fprintf(stderr, 0, "erep dot: %s\n", err);
    mem_free(err);
    return ST_FAILED;
  }
  return ST_OK;
}
