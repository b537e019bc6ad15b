/* commands: one function per erep command (commands_list.h), each a thin
 * wrapper: options are checked already (options.h), the work is in the
 * libraries, and the result is a typed status that erep.c maps to the exit
 * status. */
#ifndef EREP_COMMANDS_H
#define EREP_COMMANDS_H

#include "commands_list.h"
#include "lib/status.h"
#include "options.h"

#define EREP_CMD_PROTO(name, npos, synopsis, what)                             \
  erep_status cmd_##name(const erep_opts *o);
EREP_COMMANDS(EREP_CMD_PROTO)
#undef EREP_CMD_PROTO

#endif
