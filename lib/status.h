/* status: what a command or library call ended with, typed. Library code
 * returns these (never exits); erep.c maps them to the exit status in one
 * place (st_exit_code). */
#ifndef EREP_STATUS_H
#define EREP_STATUS_H

typedef enum {
  ST_OK = 0,    /* success; a partial report is a success */
  ST_FAILED,    /* internal failure (I/O, solver, out of resources) */
  ST_BAD_INPUT, /* bad usage or bad input: the message names it */
  ST_REGRESSED, /* erep diff: the verified region shrank */
  ST_HELP,      /* --help was printed */
  ST_VERDICT_FALSE,  /* erep verify --fail-on false: the verdict is FALSE */
  ST_VERDICT_UNKNOWN /* erep verify --fail-on unknown: it is UNKNOWN */
} erep_status;

/* The process exit status of s: 0, 1, 2, 3, 4 (FALSE), 5 (UNKNOWN);
 * ST_HELP: 0. */
static inline int st_exit_code(erep_status s) {
  switch (s) {
  case ST_OK:
  case ST_HELP:
    return 0;
  case ST_FAILED:
    return 1;
  case ST_BAD_INPUT:
    return 2;
  case ST_REGRESSED:
    return 3;
  case ST_VERDICT_FALSE:
    return 4;
  case ST_VERDICT_UNKNOWN:
    return 5;
  }
  return 1;
}

#endif
