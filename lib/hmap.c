#include "hmap.h"

#include "lib/mem.h"

#include <string.h>

uint64_t hmap_hash(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

static size_t slot(uint64_t key, size_t cap) {
  key ^= key >> 33;
  key *= 0xff51afd7ed558ccdull;
  key ^= key >> 33;
  return (size_t)key & (cap - 1);
}

/* Integer and string maps share the probing; a string map compares the
 * stored key text as well as the hash. */
static size_t find(const hmap *m, uint64_t key, const char *skey) {
  size_t i = slot(key, m->cap);
  for (;;) {
    if (!m->vals[i]) return i;
    if (m->keys[i] == key && (!skey || !strcmp(m->skeys[i], skey))) return i;
    i = (i + 1) & (m->cap - 1);
  }
}

static void grow(hmap *m, int strings) {
  hmap n = {0};
  n.cap = m->cap ? m->cap * 2 : 64;
  n.keys = mem_calloc(n.cap, sizeof *n.keys);
  n.vals = mem_calloc(n.cap, sizeof *n.vals);
  if (strings) n.skeys = mem_calloc(n.cap, sizeof *n.skeys);
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->vals[i]) continue;
    size_t j = find(&n, m->keys[i], strings ? m->skeys[i] : 0);
    n.keys[j] = m->keys[i];
    n.vals[j] = m->vals[i];
    if (strings) n.skeys[j] = m->skeys[i];
  }
  n.len = m->len;
  mem_free(m->keys);
  mem_free(m->vals);
  mem_free(m->skeys);
  *m = n;
}

void *hmap_get(const hmap *m, uint64_t key) {
  if (!m->cap) return 0;
  return m->vals[find(m, key, 0)];
}

void hmap_put(hmap *m, uint64_t key, void *val) {
  if ((m->len + 1) * 2 > m->cap) grow(m, 0);
  size_t i = find(m, key, 0);
  if (!m->vals[i]) m->len++;
  m->keys[i] = key;
  m->vals[i] = val;
}

void *hmap_sget(const hmap *m, const char *key) {
  if (!m->cap) return 0;
  return m->vals[find(m, hmap_hash(key, strlen(key)), key)];
}

void hmap_sput(hmap *m, const char *key, void *val) {
  if ((m->len + 1) * 2 > m->cap) grow(m, 1);
  uint64_t h = hmap_hash(key, strlen(key));
  size_t i = find(m, h, key);
  if (!m->vals[i]) {
    m->len++;
    m->skeys[i] = mem_strdup(key);
  }
  m->keys[i] = h;
  m->vals[i] = val;
}

void hmap_free(hmap *m) {
  if (m->skeys)
    for (size_t i = 0; i < m->cap; i++)
      if (m->vals[i]) mem_free(m->skeys[i]);
  mem_free(m->keys);
  mem_free(m->vals);
  mem_free(m->skeys);
  memset(m, 0, sizeof *m);
}
