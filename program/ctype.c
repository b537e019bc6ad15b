#include "ctype.h"

#include <string.h>

unsigned ty_bits(const ty *t) { return (unsigned)(t->size * 8); }

bool ty_is_integer(const ty *t) {
  return t->kind == TY_INT || t->kind == TY_BOOL;
}

bool ty_is_scalar(const ty *t) {
  return ty_is_integer(t) || t->kind == TY_POINTER || t->kind == TY_FLOAT;
}

const ty_field *ty_field_find(const ty *record, const char *name) {
  for (unsigned i = 0; i < record->nfields; i++)
    if (record->fields[i].name && !strcmp(record->fields[i].name, name))
      return &record->fields[i];
  return 0;
}

