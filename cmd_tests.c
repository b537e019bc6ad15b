/* erep tests REPORT.json -o DIR [--component frontier|safe|both] [--force]:
 * the traces of a report (frontier by default) as a Test-Comp suite with a
 * C harness, written by report/suite.h (which says what DIR gets).
 *
 * DIR must be new or empty; a non-empty one is replaced only with --force,
 * and never when it holds the report or the program (the dispatcher's
 * guard, guard.h, checked that before). The suite is written to a hidden
 * directory next to DIR and renamed into place at the end, so a failure,
 * a bad report or a signal leaves DIR as it was and no staging directory
 * behind. Signals are watched as in every command (lib/sigwatch.h): one
 * stops the writing, and erep then ends by it. */
#include "commands.h"
#include "lib/esc.h"
#include "lib/mem.h"
#include "lib/sigwatch.h"
#include "report/suite.h"
#include "report/testvec.h"

#include <stdio.h>

erep_status cmd_tests(const erep_opts *o) {
  if (!o->output) {
    esc_fprintf(stderr, 0,
                "erep tests: missing -o DIR (see 'erep tests --help')\n");
    return ST_BAD_INPUT;
  }
  /* frontier|safe|both, checked by opt_parse; default frontier */
  static const unsigned comps[3] = {TV_FRONTIER, TV_SAFE,
                                    TV_SAFE | TV_FRONTIER};
  ts_options to = {
      .report = o->pos[0],
      .dir = o->output,
      .components = comps[o->val.tests_component.choice],
      .unknown = o->tests_unknown != NULL,
      .force = o->tests_force != NULL,
      .no_hash_check = o->no_hash_check != NULL,
      .stop = sigwatch_flag(),
      .out = stdout,
      .msg = stderr,
  };
  /* until the suite is begun a signal ends erep at once (nothing is
   * written yet); from then on it stops the writing, which cleans up */
  char *err = NULL;
  if (sigwatch_start("erep tests",
                     "before the suite was begun: stopped, nothing written",
                     &err)) {
    esc_fprintf(stderr, 0, "erep tests: %s\n", err);
    mem_free(err);
    return ST_FAILED;
  }
  erep_status rc;
  bool stopped = false;
  ts_plan *p = ts_plan_new(&to, &rc);
  if (p) {
    sigwatch_catch(NULL, 0); /* ts_plan_write polls the flag */
    rc = ts_plan_write(p, &stopped);
    ts_plan_free(p);
  }
  sigwatch_end();
  int sig = atomic_load(sigwatch_flag());
  if (stopped) {
    fflush(stdout);
    sigwatch_end_by(sig);
  }
  return rc;
}
