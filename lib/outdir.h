/* outdir: a directory of output files written as a whole. The files go
 * into a hidden staging directory next to the target (".NAME.erep-XXXXXX"
 * in the same parent, so one rename moves them); commit renames it into
 * place, abort removes it. Readers of the target see the old directory or
 * the complete new one, and a failed command leaves no half-written one.
 *
 * The target may be missing or an empty directory. A non-empty directory
 * is replaced only when the caller says so (`force`), and then only at
 * commit: it is renamed aside, the new one takes its name, and the old one
 * is removed. A target that holds one of the command's inputs, or the
 * working directory, is never replaced. */
#ifndef EREP_OUTDIR_H
#define EREP_OUTDIR_H

#include <stdbool.h>
#include <stddef.h>

typedef struct outdir outdir;

/* Before any work: may `dir` be written? Refuses an empty name, a target
 * that exists and is not a directory, a non-empty directory unless
 * `force`, a name whose last component is ".", ".." or empty ("/"), and
 * (with `force`) a directory that holds one of the `ninputs`
 * input files or the working directory. 0, or OUTDIR_NOT_EMPTY (a
 * non-empty directory without `force`) or -1 with *err (mem_free) naming
 * the path and the reason: a usage error either way. */
#define OUTDIR_NOT_EMPTY (-2)
int outdir_check(const char *dir, bool force, const char *const *inputs,
                 size_t ninputs, char **err);

/* Creates the staging directory next to dir; NULL with *err (mem_free). */
outdir *outdir_begin(const char *dir, bool force, char **err);
/* A path inside the staging directory (mem_free). */
char *outdir_path(const outdir *d, const char *name);
/* Move the staging directory into place (replacing a non-empty target
 * only when begun with force). Returns 0, or -1 with *err when the target
 * is unchanged (the staging directory is then removed). On success *err
 * may still be set: a warning that the old directory, renamed aside,
 * could not be removed completely. Frees d either way. */
int outdir_commit(outdir *d, char **err);
/* Remove the staging directory and everything in it; frees d. NULL is
 * ignored. */
void outdir_abort(outdir *d);
/* Remove what a writer of dir that was killed left: the staging
 * directories next to it (".NAME.erep-XXXXXX"). Returns how many. */
unsigned outdir_remove_staging(const char *dir);

#endif
