/* erep html REPORT.json -o FILE.html [--no-hash-check]: the report as one
 * self-contained HTML file to open offline and share (report/html.h),
 * written atomically: a failed run leaves no file, an existing one is
 * replaced only by a finished page. */
#include "commands.h"
#include "lib/esc.h"
#include "lib/outfile.h"
#include "report/html.h"
#include "report/rjson.h"

#include <stdio.h>
#include <string.h>

erep_status cmd_html(const erep_opts *o) {
  if (!o->output || !strcmp(o->output, "-")) {
    esc_fprintf(stderr, 0, "erep html: name the page with -o FILE.html\n");
    return ST_BAD_INPUT;
  }
  char *err = NULL, *warning = NULL;
  rep_report *r = rj_open(o->pos[0], o->no_hash_check != NULL, &warning, &err);
  if (!r) {
    esc_fprintf(stderr, 0, "erep html: %s\n", err);
    mem_free(err);
    return ST_BAD_INPUT;
  }
  if (warning) esc_fprintf(stderr, 0, "erep html: warning: %s\n", warning);
  mem_free(warning);
  outfile_cleanup_on_signals();
  outfile *out = outfile_open(o->output, &err);
  if (!out) {
    esc_fprintf(stderr, 0, "erep html: %s\n", err);
    mem_free(err);
    rep_free(r);
    return ST_BAD_INPUT;
  }
  const char *slash = strrchr(o->pos[0], '/');
  int rc = html_write(r, slash ? slash + 1 : o->pos[0], outfile_stream(out),
                      &err);
  rep_free(r);
  if (rc) {
    esc_fprintf(stderr, 0, "erep html: %s: %s\n", o->output, err);
    mem_free(err);
    outfile_abort(out);
    return ST_FAILED;
  }
  if (outfile_commit(out, &err)) {
    esc_fprintf(stderr, 0, "erep html: %s\n", err);
    mem_free(err);
    return ST_FAILED;
  }
  return ST_OK;
}
