#include "config.h"

#include "source.h"

#include "lib/mem.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int src_read(src_file *f, const char *path, char **err) {
  memset(f, 0, sizeof *f);
  FILE *fp = fopen(path, "rb");
  struct stat st;
  if (!fp || fstat(fileno(fp), &st)) {
    *err = mem_printf("%s: %s", path, strerror(errno));
    if (fp) fclose(fp);
    return -1;
  }
  if (!S_ISREG(st.st_mode) || (size_t)st.st_size > SRC_MAX_BYTES) {
    *err = mem_printf("%s: %s", path,
                      S_ISREG(st.st_mode) ? "larger than 256 MB"
                                          : "not a regular file");
    fclose(fp);
    return -1;
  }
  size_t cap = (size_t)st.st_size + 1, n = 0;
  f->text = mem_alloc(cap);
  /* the size may change under us: read what is there, up to cap - 1 */
  while (n < cap - 1) {
    size_t k = fread(f->text + n, 1, cap - 1 - n, fp);
    if (!k) break;
    n += k;
  }
  bool bad = ferror(fp);
  fclose(fp);
  if (bad) {
    *err = mem_printf("%s: read error", path);
    src_free(f);
    return -1;
  }
  f->text[n] = 0;
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
  return 0;
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
