/* erep: execution reports for incomplete verification runs. This file only
 * dispatches to the commands; see commands.h. */
#include "commands.h"
#include "config.h"
#include "lib/esc.h"
#include "options.h"

#include <stdio.h>
#include <string.h>

typedef struct {
  const char *name;
  unsigned bit;
  int npos; /* positional arguments wanted */
  const char *synopsis, *what;
  int (*run)(const erep_opts *);
} erep_command;

static const erep_command commands[] = {
    {"report", CMD_REPORT, 2, "PROGRAM AA [options]",
     "Compute the execution report (safe cones and frontier) of PROGRAM "
     "against the assumption automaton AA.",
     cmd_report},
    {"browse", CMD_BROWSE, 1, "REPORT.json [--no-hash-check]",
     "Browse a report in the terminal (read-only).", cmd_browse},
    {"dot", CMD_DOT, 1, "REPORT.json [--view aa|cfa|trace:ID] [-o FILE.dot]",
     "Draw a report as a DOT graph.", 0},
    {"tests", CMD_TESTS, 1,
     "REPORT.json -o DIR [--component frontier|safe|both] [--force]",
     "Write the report's traces (frontier by default) as a Test-Comp suite "
     "with a C harness, an instrumented copy of the program and run.sh, "
     "which builds them with gcov and checks that each test reaches its "
     "trace's end line.",
     cmd_tests},
    {"diff", CMD_DIFF, 2, "OLD.json NEW.json [--json] [--allow-program-change]",
     "Show what changed between two reports (exit 3: the verified region "
     "shrank).",
     cmd_diff},
    {"verify", CMD_VERIFY, 1, "PROGRAM [options] -o AA.{txt,graphml}",
     "Verify PROGRAM (conditional model checking) and write an AA.", 0},
    {"convert", CMD_CONVERT, 1, "AA -o OUT.{txt,graphml}",
     "Convert an assumption automaton between CPAchecker text and GraphML.",
     cmd_convert},
    {"match", CMD_MATCH, 2, "PROGRAM AA [--json]",
     "Show how the automaton's transitions map onto the program's CFA.",
     cmd_match},
    {"cfa", CMD_CFA, 1, "PROGRAM [--dot]",
     "Show the control-flow automaton erep builds for PROGRAM.", cmd_cfa},
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

int main(int argc, char **argv) {
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
    int r = opt_parse(c->bit, c->name, argc - 2, argv + 2, &o);
    if (r == 1) {
      opt_print_help(c->bit, c->name, c->synopsis, c->what);
      return 0;
    }
    if (r) return r;
    if (!c->run) {
      fprintf(stderr, "erep %s: this command is not available in erep %s yet\n",
              c->name, PACKAGE_VERSION);
      return 1;
    }
    if (o.npos != c->npos) {
      fprintf(stderr, "erep %s: expected %d argument%s (%s), got %d; see 'erep %s --help'\n",
              c->name, c->npos, c->npos == 1 ? "" : "s", c->synopsis, o.npos,
              c->name);
      return 2;
    }
    return c->run(&o);
  }
  esc_fprintf(stderr, 0, "erep: unknown command '%s' (see 'erep --help')\n", w);
  return 2;
}
