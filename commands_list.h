/* commands_list: the command table as an X-macro, the one place that
 * names every command. It gives the CMD_* bits (options.h says which
 * options a command takes), the prototypes (commands.h) and the table that
 * dispatches and prints help (erep.c). */
#ifndef EREP_COMMANDS_LIST_H
#define EREP_COMMANDS_LIST_H

/* X(name, positional arguments, synopsis, what it does) */
#define EREP_COMMANDS(X)                                                       \
  X(report, 2, "PROGRAM AA [options]",                                         \
    "Compute the execution report (safe cones and frontier) of PROGRAM "       \
    "against the assumption automaton AA. A transition's ASSUME {c} (a C "     \
    "condition over the variables in scope after the edge it matches) is "     \
    "honoured: a trace follows it only where c holds, and ends on the "        \
    "frontier at that edge where no taken transition's condition holds.")     \
  X(browse, 1, "REPORT.json [--no-hash-check]",                                \
    "Browse a report in the terminal.")                                        \
  X(tests, 1, "REPORT.json -o DIR [--component frontier|safe|both] [--force]", \
    "Write the report's traces as a Test-Comp suite, a C harness and run.sh, " \
    "which runs them with gcov.")                                              \
  X(dot, 1,                                                                    \
    "REPORT.json [--view aa|cfa|cfa:FUNCTION|trace:ID|trace-cfa:ID] [-T dot|svg|png|pdf] " \
    "[-o FILE]",                                                               \
    "Draw a report as a DOT graph, SVG, PNG or PDF.")                          \
  X(html, 1, "REPORT.json -o FILE.html [--no-hash-check]",                    \
    "Write a report as one self-contained HTML page (source with coverage, "  \
    "traces with their steps, values and inputs, their pictures, search) "    \
    "to open offline in any browser.")                                         \
  X(diff, 2, "OLD.json NEW.json [--json] [--allow-program-change]",            \
    "Show what changed between two reports (exit 3: the verified region "      \
    "shrank).")                                                                \
  X(convert, 1, "AA -o OUT.{txt,spc,graphml}",                                 \
    "Convert an assumption automaton between CPAchecker text and GraphML.")    \
  X(match, 2, "PROGRAM AA [--json]",                                           \
    "Show how the automaton's transitions map onto the program's CFA.")        \
  X(cfa, 1, "PROGRAM [--dot] [--lbe]",                                         \
    "Show the control-flow automaton erep builds for PROGRAM.")                \
  X(verify, 1,                                                                 \
    "PROGRAM [--analysis NAME] [--sbe] [--time-limit S] "                    \
    "[--memory-limit M] [--path-length N] [--condition AA] [-o DIR "          \
    "[--report]] [--fail-on false,unknown]",                                   \
    "Verify that no error location of PROGRAM is reachable: TRUE, FALSE with " \
    "a counterexample proved feasible, or UNKNOWN with the reason, on the "    \
    "first line of standard output. With -o DIR, what the run verified is "   \
    "written as an assumption automaton (DIR/automaton.txt) that erep report " \
    "shows and --condition continues from (conditional model checking). "    \
    "Exit status: 0 for every verdict (4 for FALSE, 5 for UNKNOWN with "       \
    "--fail-on), 1 an internal failure, 2 bad usage or input.")                \
  X(swarm, 1,                                                                  \
    "PROGRAM [--features functions|calls|FILE] [--jobs N] [--configs N] "     \
    "[--omit-probability P] [--bound K] [--time-limit SEC] [--seed S] "       \
    "[-o DIR | --plan DIR | --collect DIR]",                                   \
    "Swarm verification with feature omission (Alipour and Groce): bounded "  \
    "erep verify runs side by side, each with a random set of features "      \
    "(functions) omitted, a call of one cutting its path. The first "         \
    "counterexample ends the swarm and is proved again on the whole "         \
    "program; without one, what the runs verified together is written as an " \
    "assumption automaton that erep report shows. Same verdict line and exit " \
    "status as erep verify.")

/* Listed in --help, refused as not available yet. */
#define EREP_PLANNED(X)

enum {
#define EREP_CMD_INDEX(name, npos, synopsis, what) CMD_INDEX_##name,
  EREP_COMMANDS(EREP_CMD_INDEX) EREP_PLANNED(EREP_CMD_INDEX)
#undef EREP_CMD_INDEX
};

/* CMD_report, CMD_browse, ...: one bit per command */
enum {
#define EREP_CMD_BIT(name, npos, synopsis, what)                               \
  CMD_##name = 1u << CMD_INDEX_##name,
  EREP_COMMANDS(EREP_CMD_BIT) EREP_PLANNED(EREP_CMD_BIT)
#undef EREP_CMD_BIT
};

#endif
