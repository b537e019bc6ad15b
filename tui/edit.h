/* edit: the browser's `e`, a program's line in the user's editor.
 *
 * The editor is $VISUAL, else $EDITOR, else vi, run as git runs it
 * (`sh -c '<editor> "$@"'`, so an editor with arguments works) with
 * `+LINE FILE`. The browser's screen is put away while it runs and the
 * browser ignores SIGINT and SIGQUIT meanwhile, as system(3) does; the
 * editor gets them as usual. */
#ifndef EREP_TUI_EDIT_H
#define EREP_TUI_EDIT_H

#include <stddef.h>

/* A read-only copy of text[0..n) in a fresh directory of its own (mode
 * 0700 under $TMPDIR or /tmp), named `name` when that is a plain file
 * name of [A-Za-z0-9._-] (else program.c): the report's source when the
 * file it names is not the one analysed. Returns its path (mem_free), the
 * directory in *dir (mem_free; ed_remove takes both), or NULL with *err
 * (mem_free). */
char *ed_copy(const char *name, const char *text, size_t n, char **dir,
              char **err);
/* Remove a copy and its directory. */
void ed_remove(const char *path, const char *dir);
/* Run the editor on path at line (1 when 0) with curses put away and
 * restored after. Returns the editor's exit status, or -1 with *err
 * (mem_free) when it could not be started or was killed. */
int ed_run(const char *path, unsigned line, char **err);

#endif
