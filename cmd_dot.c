/* erep dot REPORT.json [--view aa|cfa|trace:ID] [-T dot|svg|png] [-o FILE]:
 * a picture of a report (report/dot.h). The format is -T, else the
 * extension of -o, else DOT. Without -o the picture goes to stdout (PNG
 * only when stdout is not a terminal); with -o it is written atomically,
 * so a failed run leaves no file. Everything that can be wrong with the
 * input is found before anything is written. */
#include "commands.h"
#include "lib/outfile.h"
#include "report/dot.h"
#include "report/rjson.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cmd_dot(const erep_opts *o) {
  dot_format fmt = DOT_FMT_DOT;
  if (o->format) {
    if (dot_format_parse(o->format, &fmt)) {
      fprintf(stderr, "erep dot: -T wants dot, svg or png, not '%s'\n",
              o->format);
      return 2;
    }
  } else if (o->output && dot_format_of_path(o->output, &fmt)) {
    fmt = DOT_FMT_DOT; /* any other name: DOT, the format of the data */
  }
  if (!o->output && fmt == DOT_FMT_PNG && isatty(STDOUT_FILENO)) {
    fprintf(stderr, "erep dot: PNG is not for a terminal: use -o FILE.png or "
                    "a pipe\n");
    return 2;
  }
  char *err = NULL, *warning = NULL;
  rep_report *r = rj_open(o->pos[0], o->no_hash_check != NULL, &warning, &err);
  if (!r) {
    fprintf(stderr, "erep dot: %s\n", err);
    mem_free(err);
    return 2;
  }
  if (warning) fprintf(stderr, "erep dot: warning: %s\n", warning);
  mem_free(warning);
  dot_options opt = {o->view, o->no_hash_check != NULL};
  dot_graph *g = NULL;
  dot_status s = dot_build(r, &opt, &g, &warning, &err);
  rep_free(r);
  if (warning) fprintf(stderr, "erep dot: warning: %s\n", warning);
  mem_free(warning);
  if (s != DOT_OK) {
    fprintf(stderr, "erep dot: %s: %s\n", o->pos[0], err);
    mem_free(err);
    return (int)s;
  }
  int rc = 0;
  if (!o->output) {
    s = dot_render(g, fmt, stdout, &err);
    if (s != DOT_OK) {
      fprintf(stderr, "erep dot: %s\n", err);
      mem_free(err);
      rc = (int)s;
    }
    dot_free(g);
    return rc;
  }
  outfile_cleanup_on_signals();
  outfile *out = outfile_open(o->output, &err);
  if (!out) {
    fprintf(stderr, "erep dot: %s\n", err);
    mem_free(err);
    dot_free(g);
    return 2;
  }
  s = dot_render(g, fmt, outfile_stream(out), &err);
  dot_free(g);
  if (s != DOT_OK) {
    fprintf(stderr, "erep dot: %s: %s\n", o->output, err);
    mem_free(err);
    outfile_abort(out);
    return (int)s;
  }
  if (outfile_commit(out, &err)) {
    fprintf(stderr, "erep dot: %s\n", err);
    mem_free(err);
    return 1;
  }
  return 0;
}
