/* aa_load: an automaton file in either syntax, GraphML (aa_graphml.c) or
 * CPAchecker's automaton language (aa_text.c), told apart by its first
 * character. */
#include "formats/aa.h"
#include "lib/file.h"

#include <string.h>

bool aa_is_xml(const char *buf, size_t len) {
  size_t i = 0;
  if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) i = 3;
  while (i < len &&
         (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' || buf[i] == '\r'))
    i++;
  return i < len && buf[i] == '<';
}

aa_automaton *aa_load(const char *path, char **err) {
  size_t len;
  char *buf = file_read(path, AA_MAX_FILE_BYTES, &len, err);
  if (!buf) return NULL;
  aa_automaton *a = aa_is_xml(buf, len) ? aa_parse_graphml(buf, len, path, err)
                                        : aa_parse_text(buf, len, path, err);
  mem_free(buf);
  return a;
}
