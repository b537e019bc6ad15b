/* hmap: open-addressing hash map from 64-bit keys to pointers, and a
 * string-keyed variant on top of it. Values are borrowed; the map owns only
 * its table (and, for strings, copies of the keys). */
#ifndef EREP_HMAP_H
#define EREP_HMAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint64_t *keys;
  void **vals;
  char **skeys; /* string maps only */
  size_t cap, len;
} hmap;

void *hmap_get(const hmap *m, uint64_t key);
void hmap_put(hmap *m, uint64_t key, void *val); /* val must not be NULL */
void *hmap_sget(const hmap *m, const char *key);
void hmap_sput(hmap *m, const char *key, void *val);
void hmap_free(hmap *m);
/* FNV-1a of n bytes of s: the string maps' hash. */
uint64_t hmap_hash(const char *s, size_t n);

#endif
