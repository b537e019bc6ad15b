/* commands: one function per erep command. Each returns the exit status:
 * 0 success, 1 internal failure, 2 bad usage or bad input. */
#ifndef EREP_COMMANDS_H
#define EREP_COMMANDS_H

#include "options.h"

int cmd_cfa(const erep_opts *o);
int cmd_convert(const erep_opts *o);
int cmd_dot(const erep_opts *o);
int cmd_match(const erep_opts *o);
int cmd_report(const erep_opts *o);
int cmd_tests(const erep_opts *o);

#endif
