/* html: a report as one self-contained HTML file (`erep html`), to open
 * offline in any browser and to share: no server, no network, no script
 * or font from elsewhere.
 *
 * The file holds the report itself (its JSON, made by rjson with every '/'
 * escaped so that no "</script>" can end the block early, the program's
 * source in it) and a small script of its own that draws from it: the
 * summary and components, the source with its coverage colours and the
 * open trace's lines marked, the traces with their steps, the values they
 * assign and their inputs, search (/) and the keyboard (j/k, Enter, Esc).
 * The traces' pictures are inline SVG made by Graphviz (report/dot.h) for
 * up to HTML_MAX_PICTURES traces of at most HTML_MAX_PICTURE_STEPS steps
 * (a picture beyond that is a note: `erep dot` draws it); every text of
 * the program reaches the page through the script's textContent or
 * Graphviz's escaping, never as markup. */
#ifndef EREP_HTML_H
#define EREP_HTML_H

#include "report.h"

#include <stdio.h>

#define HTML_MAX_PICTURES 40
#define HTML_MAX_PICTURE_STEPS 2000

/* Write r (read from `name`, shown in the title) as HTML to out; 0, or -1
 * with *err (mem_free). */
int html_write(const rep_report *r, const char *name, FILE *out, char **err);

#endif
