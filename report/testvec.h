/* testvec: a report's traces as test vectors for the Test-Comp writer
 * (formats/testcomp.h). Values come from the model's parsed inputs
 * (rep_value), never from their text; what cannot be fed through a
 * harness is said per test (tc_test.unfed) instead of guessed:
 *
 *  - a trace not proved feasible (the unknown list);
 *  - a floating-point input (erep does not decide float values);
 *  - a call input of a type a function cannot return from the harness
 *    (a struct, an array), or of a function that is not a C identifier;
 *  - an uninitialised input that the instrumented copy cannot set (its
 *    variable is not a C identifier or its path not made of "[]" and
 *    ".field", or the trace has no declaration step of the variable
 *    before the read). */
#ifndef EREP_TESTVEC_H
#define EREP_TESTVEC_H

#include "formats/testcomp.h"
#include "report.h"

/* Which components (bit set), and TV_UNKNOWN for the traces not proved
 * feasible as well. */
#define TV_SAFE (1u << REP_SAFE)
#define TV_FRONTIER (1u << REP_FRONTIER)
#define TV_UNKNOWN (1u << 2)

/* The traces of the chosen components of r: the feasible frontier ones,
 * the feasible safe ones, those that reach undefined behaviour (tests that
 * end there, flagged: tc_test.undefined), then (with TV_UNKNOWN) the
 * unknown ones, which cannot be fed.
 * `report_path` is recorded for the files' comments. NULL with *err
 * (mem_free) when a trace's id cannot name a file or occurs twice, or a
 * written input's call or argument is not on its trace. */
tc_suite *tv_suite(const rep_report *r, const char *report_path,
                   unsigned components, char **err);

#endif
