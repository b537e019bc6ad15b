/* source: the program text as lines, for the source panes. The file is
 * read once, whole; lines are kept as offsets into it, without their end
 * of line ("\n" or "\r\n"). Nothing here interprets the bytes: drawing
 * goes through text.h. */
#ifndef EREP_TUI_SOURCE_H
#define EREP_TUI_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#define SRC_MAX_BYTES ((size_t)256 << 20)

typedef struct {
  char *text;
  size_t size;
  size_t *start; /* line i (0-based) is text[start[i], start[i] + len) */
  size_t nlines;
} src_file;

/* Read path; -1 with *err (mem_free) when it cannot be read or is larger
 * than SRC_MAX_BYTES. */
int src_read(src_file *f, const char *path, char **err);
/* The same from text in memory (copied): a report's embedded source. */
void src_text(src_file *f, const char *text, size_t n);
void src_free(src_file *f);
/* Line `line` (1-based): its bytes and length; NULL past the end. */
const char *src_line(const src_file *f, unsigned line, size_t *len);

#endif
