/* outfile: atomic output files. Everything is written to a temporary file
 * in the target's directory; commit fsyncs it and renames it over the
 * target, abort unlinks it. Readers of the target therefore see either the
 * old file or the complete new one, never a part, and a failed command
 * leaves no file behind (and an existing one untouched). */
#ifndef EREP_OUTFILE_H
#define EREP_OUTFILE_H

#include <stdio.h>

typedef struct outfile outfile;

/* Creates the temporary file next to `path`; NULL with *err (allocated,
 * mem_free) naming the path and the reason. */
outfile *outfile_open(const char *path, char **err);
FILE *outfile_stream(outfile *o);
const char *outfile_path(const outfile *o); /* the target */
/* Flush, fsync, rename onto the target. Returns 0, or -1 with *err after
 * removing the temporary file. Frees o either way. */
int outfile_commit(outfile *o, char **err);
/* Close and unlink the temporary file; frees o. NULL is ignored. */
void outfile_abort(outfile *o);

/* Unlink every temporary file still open. Async-signal-safe: a command's
 * own SIGINT/SIGTERM handler may call it. */
void outfile_unlink_all(void);
/* Install handlers for SIGINT, SIGTERM and SIGHUP that unlink the
 * temporary files and then die of the signal as before. For commands that
 * have no handlers of their own. */
void outfile_cleanup_on_signals(void);

#endif
