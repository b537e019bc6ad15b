/* outfile: atomic output files. Everything is written to a temporary file
 * in the target's directory; commit fsyncs it and renames it over the
 * target, abort unlinks it. Readers of the target therefore see either the
 * old file or the complete new one, never a part, and a failed command
 * leaves no file behind (and an existing one untouched).
 *
 * Targets that are not regular files are never renamed over: an existing
 * FIFO or character device (/dev/null, a terminal) is opened as it is and
 * written directly; /dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/N and
 * /proc/self/fd/N are written through erep's own descriptor (so a
 * redirected stdout gets the report where it stands); sockets and block
 * devices are refused. A symbolic link to a regular file is followed: the
 * file it points to is replaced and the link stays. A direct write cannot
 * be taken back: abort only closes it. */
#ifndef EREP_OUTFILE_H
#define EREP_OUTFILE_H

#include <stdio.h>

typedef struct outfile outfile;

/* Before any work: whether `path` can be written, so that a command fails
 * at once (usage error) rather than after its work. Refuses an empty name,
 * a directory, a socket or block device, a dangling symbolic link, an
 * existing read-only file, a missing or read-only directory, and any of the
 * `ninputs` input files (the same file by device and inode, through
 * symbolic and hard links; by name when the output does not exist yet).
 * Returns 0, or -1 with *err (allocated, mem_free) naming the path and the
 * reason. */
int outfile_check(const char *path, const char *const *inputs, size_t ninputs,
                  char **err);

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
