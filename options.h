/* options: every command-line option of erep in one X-macro table, which
 * also produces `--help`. Each option names the commands that accept it. */
#ifndef EREP_OPTIONS_H
#define EREP_OPTIONS_H

#include <stdbool.h>

/* Commands (bit set). */
#define CMD_REPORT (1u << 0)
#define CMD_BROWSE (1u << 1)
#define CMD_DOT (1u << 2)
#define CMD_TESTS (1u << 3)
#define CMD_DIFF (1u << 4)
#define CMD_VERIFY (1u << 5)
#define CMD_CONVERT (1u << 6)
#define CMD_MATCH (1u << 7)
#define CMD_CFA (1u << 8)

/* X(field, long name, short letter or 0, argument name or NULL, commands,
 *   help text). A name may have a row per command where the meaning
 *   differs; the row of the command at hand is used. */
#define EREP_OPTIONS(X)                                                        \
  X(output, "output", 'o', "FILE",                                             \
    CMD_REPORT | CMD_DOT | CMD_TESTS | CMD_VERIFY | CMD_CONVERT,               \
    "write the result to FILE")                                                \
  X(data_model, "data-model", 0, "ILP32|LP64",                                 \
    CMD_REPORT | CMD_VERIFY | CMD_MATCH | CMD_CFA,                             \
    "data model of the program (default ILP32)")                               \
  X(dot, "dot", 0, NULL, CMD_CFA, "write the CFA as DOT instead of a summary") \
  X(json, "json", 0, NULL, CMD_MATCH | CMD_DIFF, "print JSON")                 \
  X(analysis, "analysis", 0, "NAME", CMD_REPORT | CMD_VERIFY,                  \
    "explicit or predicate")                                                   \
  X(component, "component", 0, "NAME", CMD_REPORT, "safe, frontier or both")   \
  X(time_limit, "time-limit", 0, "SEC", CMD_REPORT | CMD_VERIFY,               \
    "stop the search after SEC seconds (soft)")                                \
  X(memory_limit, "memory-limit", 0, "MB", CMD_REPORT | CMD_VERIFY,            \
    "stop the search at MB megabytes (soft)")                                  \
  X(traces_per_location, "traces-per-location", 0, "N", CMD_REPORT,            \
    "keep up to N traces per end location (default 1)")                        \
  X(state_limit, "state-limit", 0, "N", CMD_REPORT,                            \
    "stop the search after N abstract states (soft)")                          \
  X(order, "order", 0, "bfs|dfs", CMD_REPORT,                                  \
    "wait-list order of the search (default bfs: shortest traces first)")      \
  X(force, "force", 0, NULL, CMD_REPORT,                                       \
    "report even when the automaton does not fit the program (partial)")       \
  X(tests_component, "component", 0, "NAME", CMD_TESTS,                        \
    "frontier (default), safe or both: whose traces become tests")             \
  X(tests_force, "force", 0, NULL, CMD_TESTS,                                  \
    "replace DIR even if it is not empty (only once the new suite is done)")   \
  X(allow_program_change, "allow-program-change", 0, NULL, CMD_DIFF,            \
    "compare reports of different programs (by function and source text)")    \
  X(view, "view", 0, "aa|cfa|trace:ID", CMD_DOT, "what to draw")               \
  X(no_hash_check, "no-hash-check", 0, NULL, CMD_BROWSE | CMD_DOT,             \
    "open the report even if its program is missing or has changed")          \
  X(verbose, "verbose", 'v', NULL, ~0u,                                        \
    "more detail (cfa: every edge; report: phases on stderr)")

typedef struct {
#define EREP_OPT_FIELD(field, name, letter, arg, cmds, help) const char *field;
  EREP_OPTIONS(EREP_OPT_FIELD)
#undef EREP_OPT_FIELD
  const char *pos[4]; /* positional arguments */
  int npos;
} erep_opts;

/* Parse argv (after the command word) for command `cmd` (a CMD_* bit).
 * Returns 0, 1 when help was printed, or 2 after printing a usage error. */
int opt_parse(unsigned cmd, const char *cmdname, int argc, char **argv,
              erep_opts *o);
void opt_print_help(unsigned cmd, const char *cmdname, const char *synopsis,
                    const char *what);
/* Integer value of a numeric option, or `dflt` when absent; exits with status
 * 2 and a message when the text is not a number in [min, max]. */
long opt_long(const char *cmdname, const char *name, const char *val, long dflt,
              long min, long max);
/* Seconds of a time option, or 0 when absent; a finite decimal number in
 * (0, max] (no nan, inf, hexadecimal or blanks), else exits with status 2
 * and a message. */
double opt_seconds(const char *cmdname, const char *name, const char *val,
                   double max);

#endif
