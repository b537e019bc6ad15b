/* rjson: the report's JSON form (doc/report.md, version 1), one
 * writer and one reader through jansson, with every key name in one table
 * (rjson.c) so that the two cannot drift apart. Later commands (tests,
 * browse, dot, diff) read reports only through rj_read.
 *
 * Reading is strict: a file that is not JSON, not an erep report, of
 * another version, larger than RJ_MAX_BYTES, or with a field of the wrong
 * type is refused with a message that names the file and the JSON path of
 * the problem ("r.json: $.components.safe.traces[2].steps[0].line: expected
 * an integer"). Unknown keys are ignored (later minor versions may add
 * fields). Writing then reading then writing gives the same bytes. */
#ifndef EREP_RJSON_H
#define EREP_RJSON_H

#include "report.h"

#include <jansson.h>

#define RJ_MAX_BYTES (512u << 20) /* larger reports are refused */

/* A JSON string of text from the program, the automaton or the command
 * line (JSON null for NULL): jansson refuses a string that is not valid
 * UTF-8 and the field would silently be missing (a near-miss warning lost
 * its message so), so such bytes are written as \xNN (lib/esc). */
json_t *rj_text(const char *s);

/* A step kind's name in the report JSON ("declaration", "statement",
 * "assume", "call", "return", "blank"): the one table of them, which
 * others show too. */
const char *rj_step_kind_name(rep_step_kind k);

/* The JSON of limits, as in the report's analysis.limits (new
 * reference). */
json_t *rj_limits_json(const rep_limits *l);

/* The limits as one line, in the JSON's order and words: "time 30 s,
 * memory 7230 MB, states -, 1 trace/location, bfs, ILP32" (mem_free). */
char *rj_limits_text(const rep_limits *l);
/* The JSON of r (new reference). */
json_t *rj_to_json(const rep_report *r);
/* Write r to path atomically; -1 with *err (mem_free) on failure, leaving
 * an existing file untouched. */
int rj_write(const rep_report *r, const char *path, char **err);

/* Read a report; NULL with *err (mem_free) naming the file and what is
 * wrong. The report owns everything it points to (rep_free). */
rep_report *rj_read(const char *path, char **err);
/* Open a report for a command that shows it: rj_read, then the program it
 * was made for must exist and have the recorded sha256, unless the report
 * carries its source (program_text) and no file is at its path (a report
 * copied elsewhere: its views use that source). With
 * `no_hash_check` a missing or changed program is not an error: *warning
 * (mem_free) says what is wrong instead. NULL with *err otherwise. */
rep_report *rj_open(const char *path, bool no_hash_check, char **warning,
                    char **err);
/* The paths a report names for its program and its automaton, as
 * recorded (mem_free each; NULL when absent), read without building the
 * model. -1 when the file is no readable JSON object (the command that
 * reads it says why). */
int rj_named(const char *path, char **program, char **automaton);

#endif
