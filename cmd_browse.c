/* erep browse REPORT.json: the read-only terminal browser (tui/browse.h).
 * This command checks that there is a terminal, gives the browser the
 * dispatcher's guard for the suites its T key writes (the suite itself is
 * report/suite.h's, called by the browser; its messages go to a log, never
 * to the screen) and maps the result to the exit status: 2 for a bad
 * report, a missing or changed program (unless --no-hash-check) or no
 * terminal. */
#include "commands.h"
#include "config.h"
#include "guard.h"
#include "lib/esc.h"
#include "lib/mem.h"
#include "tui/browse.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The check of the suite the T key writes: the dispatcher's guard, as for
 * `erep tests REPORT -o DIR --force` (guard.h), its message on msg. */
static int browse_guard(const char *report, const char *dir, FILE *msg) {
  erep_opts o;
  memset(&o, 0, sizeof o);
  o.output = dir;
  o.tests_force = "1";
  o.pos[0] = report;
  o.npos = 1;
  return gd_check(CMD_tests, "tests", &o, msg) == ST_OK ? 0 : -1;
}

erep_status cmd_browse(const erep_opts *o) {
  if (!isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO)) {
    fprintf(stderr,
            "erep browse: needs a terminal (standard %s is not one); 'erep "
            "report' prints a summary, 'erep dot' and 'erep tests' export\n",
            isatty(STDOUT_FILENO) ? "input" : "output");
    return ST_BAD_INPUT;
  }
  /* the terminal's encoding, for curses and for what counts as printable
   * (only LC_CTYPE: numbers in files stay in the C locale) */
  setlocale(LC_CTYPE, "");
  br_options bo = {o->no_hash_check != NULL, browse_guard};
  char *err = NULL;
  int rc = br_run(o->pos[0], &bo, &err); /* 0, 1 or 2 */
  if (rc) {
    /* the message names the report and may quote its text */
    esc_fprintf(stderr, 0, "erep browse: %s\n", err ? err : "failed");
    if (rc == 2 && err && strstr(err, "has changed since") && !o->no_hash_check)
      fprintf(stderr, "erep browse: --no-hash-check opens it anyway (lines "
                      "may not match)\n");
  }
  mem_free(err);
  return rc == 2 ? ST_BAD_INPUT : rc ? ST_FAILED : ST_OK;
}
