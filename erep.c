/* erep: execution reports for incomplete verification runs. This file only
 * dispatches to the commands; see commands.h. */
#include "commands.h"
#include "config.h"
#include "guard.h"
#include "lib/bigstack.h"
#include "lib/esc.h"
#include "lib/mem.h"
#include "options.h"

#include <stdio.h>
#include <string.h>

typedef struct {
  const char *name;
  unsigned bit;
  int npos; /* positional arguments wanted */
  const char *synopsis, *what;
  erep_status (*run)(const erep_opts *); /* NULL: not available yet */
} erep_command;

/* The command table (commands_list.h), in the order of --help. */
static const erep_command commands[] = {
#define EREP_CMD_ROW(name, npos, synopsis, what)                               \
  {#name, CMD_##name, npos, synopsis, what, cmd_##name},
    EREP_COMMANDS(EREP_CMD_ROW)
#undef EREP_CMD_ROW
#define EREP_CMD_PLANNED(name, npos, synopsis, what)                           \
  {#name, CMD_##name, npos, synopsis, what, 0},
        EREP_PLANNED(EREP_CMD_PLANNED)
#undef EREP_CMD_PLANNED
};
#define NCOMMANDS (sizeof commands / sizeof *commands)

static void usage(FILE *out) {
  fprintf(out, "usage: erep COMMAND [options] ARGS...\n\n"
               "erep reads what an incomplete verifier run proved (an "
               "assumption automaton)\nand the C program, and reports "
               "feasible traces into verified (safe cones) and\nnever "
               "explored (frontier) territory.\n\ncommands:\n");
  for (size_t i = 0; i < NCOMMANDS; i++)
    fprintf(out, "  %-8s %s%s\n", commands[i].name, commands[i].what,
            commands[i].run ? "" : " (not available yet)");
  fprintf(out, "\n'erep COMMAND --help' describes a command; 'erep --version' "
               "prints the version.\n");
}

typedef struct {
  const erep_command *c;
  const erep_opts *o;
  erep_status rc;
} erep_job;

static void erep_run(void *p) {
  erep_job *j = p;
  j->rc = j->c->run(j->o);
}

int main(int argc, char **argv) {
  /* commands run on a deep stack, and a stack overflow there (or a crash
   * in libclang) is a message and exit 2, not SIGSEGV */
  bigstack_catch_crashes();
  mem_huge_pages();
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const char *w = argv[1];
  if (!strcmp(w, "--help") || !strcmp(w, "-h") || !strcmp(w, "help")) {
    usage(stdout);
    return 0;
  }
  if (!strcmp(w, "--version") || !strcmp(w, "-V")) {
    printf("erep %s\n", PACKAGE_VERSION);
    return 0;
  }
  for (size_t i = 0; i < NCOMMANDS; i++) {
    const erep_command *c = &commands[i];
    if (strcmp(w, c->name)) continue;
    erep_opts o;
    erep_status r = opt_parse(c->bit, c->name, argc - 2, argv + 2, &o);
    if (r == ST_HELP) opt_print_help(c->bit, c->name, c->synopsis, c->what);
    if (r != ST_OK) return st_exit_code(r);
    if (!c->run) {
      fprintf(stderr, "erep %s: this command is not available in erep %s yet\n",
              c->name, PACKAGE_VERSION);
      return st_exit_code(ST_FAILED);
    }
    if (o.npos != c->npos) {
      fprintf(stderr,
              "erep %s: expected %d argument%s (%s), got %d; see 'erep %s "
              "--help'\n",
              c->name, c->npos, c->npos == 1 ? "" : "s", c->synopsis, o.npos,
              c->name);
      return st_exit_code(ST_BAD_INPUT);
    }
    /* an output is never an input: once, for every command */
    r = gd_check(c->bit, c->name, &o);
    if (r != ST_OK) return st_exit_code(r);
    erep_job job = {c, &o, ST_OK};
    bigstack_run(erep_run, &job);
    return st_exit_code(job.rc);
  }
  esc_fprintf(stderr, 0, "erep: unknown command '%s' (see 'erep --help')\n", w);
  return 2;
}
