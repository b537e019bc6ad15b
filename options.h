/* options: every command-line option of erep in one X-macro table with
 * its type and range, which also produces `--help`. Values are checked
 * once, in opt_parse, so that commands read typed values (o->val.FIELD)
 * and never validate text by hand. Each option names the commands that
 * accept it (the CMD_* bits come from the command table, commands.h). */
#ifndef EREP_OPTIONS_H
#define EREP_OPTIONS_H

#include "commands_list.h"
#include "lib/status.h"

#include <stdbool.h>
#include <stdio.h>

typedef enum {
  OPT_FLAG,    /* no value */
  OPT_TEXT,    /* any text (a path, a view name) */
  OPT_UINT,    /* a whole number in [lo, hi] */
  OPT_SECONDS, /* a finite decimal number in (0, hi]: no nan, inf, hex */
  OPT_CHOICE,  /* one of the words of `arg`, "a|b|c": .choice is its index */
  OPT_CHOICES, /* words of `arg` joined by commas, "a,c": .num has bit k set
                * for word k */
  OPT_ANALYSIS  /* the name of a row of the analysis table
                 * (analysis/analyses.h) that the command offers: .analysis
                 * is the row; the words and their help come from the table */
} opt_type;

/* X(field, long name, short letter or 0, argument name, type, lo, hi,
 *   default, commands, help text). A name may have a row per command where
 *   the meaning differs; the row of the command at hand is used.
 * The default is the value as it would be given on the command line, or 0
 * for none: opt_parse starts every value from it (checked like a given
 * one, with `set` false), and --help and the man page add "(default D)" to
 * the help text, so that it is said here only. A default erep computes
 * when it runs (the memory limit, report's -o file, dot's format from -o)
 * has no value here: the help text says how it is found, and the command
 * computes it when the option is not set. */
#define EREP_OPTIONS(X)                                                        \
  X(output, "output", 'o', "FILE", OPT_TEXT, 0, 0, 0,                          \
    CMD_report | CMD_dot | CMD_tests | CMD_convert | CMD_html,                 \
    "write the result to FILE")                                                \
  X(verify_output, "output", 'o', "DIR", OPT_TEXT, 0, 0, 0, CMD_verify,        \
    "write into DIR (new or empty) automaton.txt and automaton.graphml (what " \
    "the run verified, as an assumption automaton), counterexample.json "      \
    "(FALSE: the counterexample as a report trace), witness.graphml (TRUE, "   \
    "FALSE: SV-COMP's witness, format 1.0) and, with --report, report.json")  \
  X(path_length, "path-length", 0, "N", OPT_UINT, 1, 1u << 30, 0, CMD_verify,  \
    "condition: cut a path after N program edges (its branch goes to "         \
    "__FALSE)")                                                                \
  X(repeat_locations, "repeat-locations", 0, "N", OPT_UINT, 1, 1u << 30, 0,    \
    CMD_verify,                                                                \
    "condition: cut a path that would stand at one location more than N "      \
    "times")                                                                   \
  X(assume_edges, "assume-edges", 0, "N", OPT_UINT, 1, 1u << 30, 0,           \
    CMD_verify,                                                                \
    "condition: cut a path after N assume edges (branch conditions)")         \
  X(omit, "omit", 0, "F,G,...", OPT_TEXT, 0, 0, 0, CMD_verify,                 \
    "feature omission: verify only the paths that never call the functions " \
    "F, G, ... (a call of one is cut, its branch goes to __FALSE)")           \
  X(condition, "condition", 0, "AA", OPT_TEXT, 0, 0, 0, CMD_verify,            \
    "verify only what the assumption automaton AA left open (paths into its "  \
    "__TRUE are cut), e.g. the automaton.txt of an earlier run")               \
  X(leave_open, "leave-open", 0, 0, OPT_FLAG, 0, 0, 0, CMD_verify,             \
    "no refinement: the finest precision from the start (explicit: every "     \
    "variable), and a path to an error location not proved feasible is left "  \
    "open (__FALSE in the automaton) while the search goes on; the first run " \
    "of a chain (auto's first phase)")                                         \
  X(assumptions, "assumptions", 0, 0, OPT_FLAG, 0, 0, 0, CMD_verify,          \
    "with -o DIR: transitions carry what the analysis knows there as "        \
    "ASSUME {x == 5 && ...} (explicit: values; predicate: its abstract "      \
    "state over the predicates) (readers then refute each negation: slower "  \
    "reports)")                                                                \
  X(no_false_automaton, "no-false-automaton", 0, 0, OPT_FLAG, 0, 0, 0,        \
    CMD_verify,                                                                \
    "with -o DIR: a FALSE run writes its counterexample and witness but no "  \
    "automaton (erep swarm's jobs: the counterexample is the answer, and "    \
    "the automaton of a large search costs more than the search)")           \
  X(verify_report, "report", 0, 0, OPT_FLAG, 0, 0, 0, CMD_verify,              \
    "with -o DIR: also DIR/report.json, the execution report of the "          \
    "automaton written, from the same run")                                    \
  X(data_model, "data-model", 0, "ILP32|LP64", OPT_CHOICE, 0, 0, "ILP32",      \
    CMD_report | CMD_verify | CMD_match | CMD_cfa,                             \
    "data model of the program")                                               \
  X(dot, "dot", 0, 0, OPT_FLAG, 0, 0, 0, CMD_cfa,                              \
    "write the CFA as DOT instead of a summary")                               \
  X(lbe, "lbe", 0, 0, OPT_FLAG, 0, 0, 0, CMD_cfa,                              \
    "summarise the CFA by large-block encoding first (figures before and "     \
    "after; with --dot the summarised graph)")                                 \
  X(json, "json", 0, 0, OPT_FLAG, 0, 0, 0, CMD_match | CMD_diff,               \
    "print JSON")                                                              \
  X(analysis, "analysis", 0, 0, OPT_ANALYSIS, 0, 0, "explicit", CMD_report,    \
    "the analysis")                                                            \
  X(fail_on, "fail-on", 0, "false|unknown", OPT_CHOICES, 0, 0, 0, CMD_verify,  \
    "exit 4 when the verdict is FALSE, 5 when UNKNOWN, if named here (both: "  \
    "--fail-on false,unknown); without it every verdict exits 0")              \
  X(swarm_analysis, "analysis", 0, 0, OPT_ANALYSIS, 0, 0, "auto",            \
    CMD_swarm, "each configuration's analysis")                               \
  X(verify_analysis, "analysis", 0, 0, OPT_ANALYSIS, 0, 0, "auto",            \
    CMD_verify,                                                                \
    "the analysis")                                                            \
  X(sbe, "sbe", 0, 0, OPT_FLAG, 0, 0, 0, CMD_verify | CMD_report,             \
    "predicate analysis: single-block encoding (abstraction at every CFA "    \
    "node) instead of large blocks")                                           \
  X(bdd, "bdd", 0, 0, OPT_FLAG, 0, 0, 0, CMD_verify | CMD_report,             \
    "predicate analysis: abstract states as BDDs (BuDDy) instead of cube "    \
    "lists")                                                                   \
  X(predicate_scope, "predicate-scope", 0, "location|function|global",      \
    OPT_CHOICE, 0, 0, "global", CMD_verify | CMD_report,                      \
    "predicate analysis: where a predicate found by refinement is tracked: "  \
    "at the location it was found for, in its whole function, or at every "   \
    "location where it is in scope")                                           \
  X(refinement, "refinement", 0, "preconditions|cuts|newton", OPT_CHOICE, 0, \
    0, "preconditions", CMD_verify | CMD_report,                               \
    "predicate analysis: the predicates a refinement adds: every atom of the " \
    "preconditions along the path, only those that the unsat core of the "    \
    "path cut at each abstraction location needs, or the preconditions of "  \
    "the path relaxed to its unsat core (Newton: branch conditions inside "   \
    "blocks that the core does not need are dropped)")                        \
  X(component, "component", 0, "safe|frontier|both", OPT_CHOICE, 0, 0, "both", \
    CMD_report, "the components to compute")                                   \
  X(time_limit, "time-limit", 0, "SEC", OPT_SECONDS, 0, 10000000, 0,           \
    CMD_report | CMD_verify | CMD_swarm,                                       \
    "stop the search after SEC seconds (soft)")                                \
  X(memory_limit, "memory-limit", 0, "MB", OPT_UINT, 1, 1u << 24, 0,           \
    CMD_report | CMD_verify,                                                   \
    "stop the search at MB megabytes (soft; default 30% of RAM or cgroup)")    \
  X(traces_per_location, "traces-per-location", 0, "N", OPT_UINT, 1, 1000000,  \
    "1", CMD_report, "keep up to N traces per end location")                   \
  X(verify_order, "order", 0, "bfs|dfs", OPT_CHOICE, 0, 0, 0, CMD_verify,     \
    "wait-list order of the search (without it the analysis's own: dfs "    \
    "for the predicate analysis, bfs for the explicit one)")                  \
  X(jobs, "jobs", 'j', "N", OPT_UINT, 1, 64, 0, CMD_verify | CMD_swarm,       \
    "processes that may run at once: with 2 or more, the analyses of auto "   \
    "after its first run side by side, the first verdict wins (default: the " \
    "cores this process may use; 1: one after the other)")                    \
  X(state_limit, "state-limit", 0, "N", OPT_UINT, 1, 1ul << 40, 0,             \
    CMD_report | CMD_verify,                                                   \
    "stop the search after N abstract states (soft)")                          \
  X(order, "order", 0, "bfs|dfs", OPT_CHOICE, 0, 0, "bfs", CMD_report,         \
    "wait-list order of the search; bfs finds the shortest traces first")      \
  X(force, "force", 0, 0, OPT_FLAG, 0, 0, 0, CMD_report,                       \
    "report even when the automaton does not fit the program (partial)")       \
  X(tests_component, "component", 0, "frontier|safe|both", OPT_CHOICE, 0, 0,   \
    "frontier", CMD_tests, "whose traces become tests")                        \
  X(tests_force, "force", 0, 0, OPT_FLAG, 0, 0, 0, CMD_tests,                  \
    "replace DIR even if it is not empty (only once the new suite is done)")   \
  X(tests_unknown, "unknown", 0, 0, OPT_FLAG, 0, 0, 0, CMD_tests,              \
    "also export the traces not proved feasible (marked unknown; run.sh "      \
    "lists them and never runs them)")                                         \
  X(allow_program_change, "allow-program-change", 0, 0, OPT_FLAG, 0, 0, 0,     \
    CMD_diff,                                                                  \
    "compare reports of different programs (by function and source text)")     \
  X(allow_kind_change, "allow-kind-change", 0, 0, OPT_FLAG, 0, 0, 0, CMD_diff, \
    "compare a verify counterexample report with an automaton's report")      \
  X(view, "view", 0, "aa|cfa|cfa:FUNCTION|trace:ID|trace-cfa:ID", OPT_TEXT, 0, 0, "aa",     \
    CMD_dot,                                                                   \
    "what to draw: the automaton, the CFA, a function's CFA, a trace by id "  \
    "or key, the trace over the CFA")                                                                  \
  X(around, "around", 0, "STATE|TRACE", OPT_TEXT, 0, 0, 0, CMD_dot,            \
    "--view aa: only the states near the state STATE or the trace TRACE (id " \
    "or key), for automata of thousands of states")                           \
  X(depth, "depth", 0, "N", OPT_UINT, 0, 1000, "2", CMD_dot,                   \
    "with --around: the states within N transitions (either way); with "    \
    "--view trace:ID: calls deeper than N are folded (default: as deep as "  \
    "60 nodes allow)")                                                       \
  X(format, "format", 'T', "dot|svg|png|pdf", OPT_CHOICE, 0, 0, 0, CMD_dot,    \
    "output format (default: -o's extension; DOT on standard output)")         \
  X(no_hash_check, "no-hash-check", 0, 0, OPT_FLAG, 0, 0, 0,                   \
    CMD_browse | CMD_dot | CMD_tests | CMD_html,                               \
    "show a report even if its program or automaton is missing or changed")    \
  X(swarm_output, "output", 'o', "DIR", OPT_TEXT, 0, 0, 0, CMD_swarm,         \
    "run the swarm in DIR (new or empty): the plan (swarm.json, jobs.txt), " \
    "each configuration's run (cN/, cN.out, cN.err) and what they verified " \
    "together (automaton.txt, automaton.graphml) (default: "                  \
    "PROGRAM.swarm, or the first free PROGRAM.swarm-N)")                      \
  X(features, "features", 0, "functions|calls|FILE", OPT_TEXT, 0, 0,          \
    "functions", CMD_swarm,                                                    \
    "the features to omit: the program's functions with a body that it "     \
    "calls, every function it calls (with or without a body), or the "        \
    "function names listed in FILE (one a line, # comments)")                 \
  X(configs, "configs", 0, "N", OPT_UINT, 1, 100000, "8", CMD_swarm,          \
    "configurations: the whole program (c1), then random sets of features "  \
    "to omit, each one once")                                                  \
  X(omit_probability, "omit-probability", 0, "P", OPT_SECONDS, 0, 1, "0.5",   \
    CMD_swarm, "the chance that a configuration omits a feature")             \
  X(bound, "bound", 0, "K", OPT_UINT, 1, 1u << 30, "1000", CMD_swarm,         \
    "each configuration is a bounded erep verify: paths cut after K program " \
    "edges (--path-length K)")                                                \
  X(seed, "seed", 0, "S", OPT_UINT, 0, 4294967295ul, 0, CMD_swarm,            \
    "the random seed of the configurations (default: from the clock, "       \
    "printed)")                                                                \
  X(plan, "plan", 0, "DIR", OPT_TEXT, 0, 0, 0, CMD_swarm,                      \
    "only write the plan into DIR (new or empty): swarm.json and jobs.txt, "  \
    "an erep verify command line a configuration, for GNU parallel, a Slurm " \
    "array or BenchExec")                                                      \
  X(collect, "collect", 0, "DIR", OPT_TEXT, 0, 0, 0, CMD_swarm,                \
    "merge the results of a plan's jobs in DIR: the verdict, and "            \
    "automaton.txt and automaton.graphml of what they verified")              \
  X(verbose, "verbose", 'v', 0, OPT_FLAG, 0, 0, 0, ~0u,                        \
    "no more detail here (accepted by every command)")

/* X(field, commands, argument name, help text): an option's words for some
 *   commands where they differ from its row in EREP_OPTIONS while the value
 *   is the same (the same field, type and range): --help and the man page
 *   use them for those commands. */
#define EREP_OPTION_WORDS(X)                                                   \
  X(output, CMD_tests, "DIR",                                                  \
    "write the suite into DIR, a new or empty directory (see --force)")        \
  X(output, CMD_dot, "FILE",                                                   \
    "write the drawing to FILE; its extension picks the format: .dot or .gv, " \
    ".svg, .png, .pdf (others need -T)")                                       \
  X(output, CMD_html, "FILE.html",                                             \
    "write the page to FILE.html (a failed run leaves no file)")              \
  X(output, CMD_convert, "FILE",                                               \
    "write the automaton to FILE: .txt or .spc as CPAchecker text, .graphml "  \
    "as GraphML")                                                              \
  X(output, CMD_report, "FILE",                                                \
    "write the report to FILE (- for standard output; default "               \
    "PROGRAM.report.json, never replacing one)")                               \
  X(no_hash_check, CMD_tests, 0,                                               \
    "export even if the program changed since the report (every file of "    \
    "the suite then says so)")                                                 \
  X(verbose, CMD_cfa, 0, "list every edge (with the ids reports use)")         \
  X(jobs, CMD_swarm, "N",                                                      \
    "configurations run at once, each an erep verify process (default: the " \
    "cores this process may use)")                                             \
  X(time_limit, CMD_swarm, "SEC",                                              \
    "each configuration's time limit (soft; the swarm ends at the first "     \
    "counterexample)")                                                         \
  X(verbose, CMD_convert, 0,                                                   \
    "print the automaton's size and dialect on stderr")                        \
  X(verbose, CMD_report | CMD_match, 0,                                        \
    "print the phases (loading, searching) on stderr")                         \
  X(verbose, CMD_verify, 0,                                                    \
    "print the phases (loading, each analysis) on stderr")

/* A checked value: `set` when given; `num` (OPT_UINT, and the set of
 * OPT_CHOICES), `sec` (OPT_SECONDS), `choice` (OPT_CHOICE) or `text`
 * (OPT_TEXT) holds it, or the default of its row when not given (zero, or
 * NULL, when the row has none). */
typedef struct {
  bool set;
  unsigned long num;
  double sec;
  int choice;
  const char *text;
  const struct an_analysis *analysis; /* OPT_ANALYSIS */
} opt_value;

typedef struct {
  /* the option's text as given, or NULL (flags: "1") */
#define EREP_OPT_FIELD(field, name, letter, arg, type, lo, hi, dflt, cmds,     \
                       help)                                                   \
  const char *field;
  EREP_OPTIONS(EREP_OPT_FIELD)
#undef EREP_OPT_FIELD
  struct {
#define EREP_OPT_VALUE(field, name, letter, arg, type, lo, hi, dflt, cmds,     \
                       help)                                                   \
  opt_value field;
    EREP_OPTIONS(EREP_OPT_VALUE)
#undef EREP_OPT_VALUE
  } val;
  const char *pos[4]; /* positional arguments */
  int npos;
} erep_opts;

/* Parse and check argv (after the command word) for command `cmd` (a CMD_*
 * bit), the values of cmd's options starting from their defaults: ST_OK,
 * ST_HELP when --help was asked for (nothing printed), or ST_BAD_INPUT
 * after printing what is wrong. */
erep_status opt_parse(unsigned cmd, const char *cmdname, int argc, char **argv,
                      erep_opts *o);
/* --help of command `cmd`: the synopsis, `what`, the options of cmd, each
 * wrapped to 80 columns. */
void opt_print_help(unsigned cmd, const char *cmdname, const char *synopsis,
                    const char *what);
/* The man page's section of command `cmd` in roff: the same words as
 * opt_print_help (erep --man, which makes erep.1). */
void opt_print_man(unsigned cmd, const char *cmdname, const char *synopsis,
                   const char *what);
/* Prints `text` wrapped to 80 columns: the first line continues at column
 * `col` (what is printed on it already), the next ones are indented by
 * `indent`; breaks at blanks outside brackets only. Ends with a newline. */
void opt_wrap(FILE *out, const char *text, unsigned col, unsigned indent);
/* The number of an OPT_UINT value, or dflt when the option was not given
 * (for a default computed at run time; a fixed one is in the table). */
static inline unsigned long opt_num(const opt_value *v, unsigned long dflt) {
  return v->set ? v->num : dflt;
}

#endif
