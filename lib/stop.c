#include "stop.h"

#include <string.h>

static const char *const stop_names[STOP_COUNT] = {
    [STOP_SIGNAL] = "signal",
    [STOP_TIME] = "time",
    [STOP_STATES] = "states",
    [STOP_MEMORY] = "memory",
    [STOP_CYCLE] = "cycle",
    [STOP_BUDGET] = "budget",
    [STOP_REFINEMENTS] = "refinements",
    [STOP_COUNTEREXAMPLE] = "counterexample",
    [STOP_UNSUPPORTED] = "unsupported",
    [STOP_AUTOMATON] = "automaton",
    [STOP_PRECISION] = "precision",
    [STOP_RECURSION] = "recursion",
};

const char *stop_name(stop_reason s) {
  return (unsigned)s < STOP_COUNT ? stop_names[s] : 0;
}

bool stop_parse(const char *name, stop_reason *out) {
  for (unsigned i = 1; name && i < STOP_COUNT; i++)
    if (!strcmp(stop_names[i], name)) {
      *out = (stop_reason)i;
      return true;
    }
  return false;
}
