/* erep browse REPORT.json: the read-only terminal browser (tui/browse.h).
 * This command checks that there is a terminal, gives the browser the
 * tests export (the code of `erep tests`, run in a child process so that
 * its output and any failure stay out of the screen) and maps the result
 * to the exit status: 2 for a bad report, a missing or changed program
 * (unless --no-hash-check) or no terminal. */
#include "commands.h"
#include "config.h"
#include "guard.h"
#include "lib/esc.h"
#include "lib/mem.h"
#include "tui/browse.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The first line of a file, without its newline (mem_free), or NULL. */
static char *browse_first_line(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  char line[512];
  char *r = fgets(line, sizeof line, f) ? mem_strdup(line) : NULL;
  fclose(f);
  if (r) r[strcspn(r, "\n")] = 0;
  return r;
}

static int browse_tests(const char *report, const char *dir, char **msg) {
  char *log = mem_printf("%s.log", dir);
  fflush(stdout); /* nothing of the screen may end up in the child */
  pid_t pid = fork();
  if (pid < 0) {
    *msg = mem_printf("cannot start erep tests: %s", strerror(errno));
    mem_free(log);
    return -1;
  }
  if (pid == 0) {
    /* the browser's handlers would reset the terminal from here */
    static const int sigs[] = {SIGINT,  SIGTERM,  SIGHUP, SIGQUIT,
                               SIGSEGV, SIGBUS,   SIGFPE, SIGILL,
                               SIGABRT, SIGWINCH, SIGTSTP};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
      signal(sigs[i], SIG_DFL);
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int in = open("/dev/null", O_RDONLY);
    if (fd < 0 || in < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0 ||
        dup2(in, 0) < 0)
      _exit(1);
    mem_free(log); /* the child ends with _exit: nothing else to free */
    erep_opts o;
    memset(&o, 0, sizeof o);
    o.output = dir;
    /* the trace the reader chose, whatever its component; the directory
     * is the browser's own, written again when T is pressed again */
    o.tests_component = "both";
    o.tests_force = "1";
    o.pos[0] = report;
    o.npos = 1;
    /* the same guard as every command the dispatcher runs */
    erep_status rc = gd_check(CMD_tests, "tests", &o);
    if (rc == ST_OK) rc = cmd_tests(&o);
    fflush(stdout);
    fflush(stderr);
    _exit(st_exit_code(rc));
  }
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  char *first = browse_first_line(log);
  int ok = WIFEXITED(st) && WEXITSTATUS(st) == 0;
  if (ok)
    *msg = mem_printf("%s (log %s)", first ? first : "done", log);
  else
    *msg = mem_printf("%s (log %s)", first ? first : "no message", log);
  mem_free(first);
  mem_free(log);
  return ok ? 0 : -1;
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
  br_options bo = {o->no_hash_check != NULL, browse_tests};
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
