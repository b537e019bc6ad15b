#include "config.h"

#include "source.h"

#include "lib/file.h"
#include "lib/mem.h"

#include <string.h>

static void src_lines(src_file *f, size_t n);

int src_read(src_file *f, const char *path, char **err) {
  memset(f, 0, sizeof *f);
  /* lib/file: never blocks (a FIFO in the program's place blocked fopen
   * for good), refuses what is not a regular file and what is too large */
  size_t n = 0;
  f->text = file_read(path, SRC_MAX_BYTES, &n, err);
  if (!f->text) return -1;
  f->text[n] = 0;
  src_lines(f, n);
  return 0;
}

void src_text(src_file *f, const char *text, size_t n) {
  memset(f, 0, sizeof *f);
  f->text = mem_alloc(n + 1);
  memcpy(f->text, text, n);
  f->text[n] = 0;
  src_lines(f, n);
}

/* the line starts of f->text (n bytes) */
static void src_lines(src_file *f, size_t n) {
  f->size = n;
  size_t lines = 1;
  for (size_t i = 0; i < n; i++)
    if (f->text[i] == '\n') lines++;
  f->start = mem_alloc((lines + 1) * sizeof *f->start);
  f->start[0] = 0;
  size_t k = 1;
  for (size_t i = 0; i < n; i++)
    if (f->text[i] == '\n') f->start[k++] = i + 1;
  /* a final newline does not start another line; without one, the last
   * line ends at a virtual newline at n */
  if (n && f->text[n - 1] == '\n')
    f->nlines = k - 1;
  else
    f->nlines = k, f->start[k] = n + 1;
}

void src_free(src_file *f) {
  mem_free(f->text);
  mem_free(f->start);
  memset(f, 0, sizeof *f);
}

const char *src_line(const src_file *f, unsigned line, size_t *len) {
  if (!f->text || line == 0 || line > f->nlines) return NULL;
  size_t a = f->start[line - 1], b = f->start[line] - 1;
  if (b > f->size) b = f->size;
  if (b > a && f->text[b - 1] == '\r') b--;
  *len = b - a;
  return f->text + a;
}
