/* guard: "an output is never an input", checked once for every command,
 * by the dispatcher (erep.c), before the command does any work.
 *
 * The browser checks the suite its T key writes the same way (cmd_browse.c).
 *
 * The inputs of a command are its positional arguments and, for the
 * commands that read a report and write (dot, tests), the files the
 * report names: its program and its automaton, resolved every way a reader
 * of the report resolves them (the recorded path from the working
 * directory, the recorded path from the report's directory, the file of
 * that name beside the report). The outputs are -o of report, dot,
 * convert (a file: lib/outfile.h decides, through symbolic and hard links),
 * tests (a directory that --force may replace: lib/outdir.h refuses one
 * that holds an input, and the guard also refuses one that holds a file
 * named like the report's program or automaton, since a relative path
 * recorded elsewhere cannot always be resolved) and verify (a directory
 * that must be new or empty). */
#ifndef EREP_GUARD_H
#define EREP_GUARD_H

#include "lib/status.h"
#include "options.h"

#include <stdio.h>

/* ST_OK, or ST_BAD_INPUT after printing "erep CMD: <what is wrong>" on
 * msg (the dispatcher: stderr; the browser's T key: its log). */
erep_status gd_check(unsigned cmd, const char *cmdname, const erep_opts *o,
                     FILE *msg);

#endif
