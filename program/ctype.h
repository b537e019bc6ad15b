/* ctype: C types as the analyses see them. Types are built by the front
 * end from libclang's canonical types and live in the CFA's arena; they are
 * immutable once built. Sizes follow the chosen data model (ILP32/LP64). */
#ifndef EREP_CTYPE_H
#define EREP_CTYPE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum {
  TY_VOID,
  TY_BOOL,  /* _Bool: integer of width 8 holding 0/1 */
  TY_INT,   /* every integer type, char and enum included */
  TY_FLOAT, /* float, double, long double: not modelled bit-precisely */
  TY_POINTER,
  TY_ARRAY,
  TY_STRUCT,
  TY_UNION,
  TY_FUNCTION,
  TY_UNKNOWN /* anything libclang gave us that we cannot describe */
} ty_kind;

typedef struct ty ty;

typedef struct {
  const char *name; /* NULL for anonymous members */
  const ty *type;
  uint64_t offset; /* in bits from the start of the record */
  int bitfield;    /* width in bits, or -1 when not a bit-field */
} ty_field;

struct ty {
  ty_kind kind;
  bool is_signed;       /* TY_INT only */
  bool is_complete;     /* size known */
  uint64_t size;        /* bytes (0 for void, functions, incomplete types) */
  const char *spelling; /* canonical spelling, e.g. "unsigned int" */
  const ty *elem;       /* pointee, array element or function result */
  int64_t count;        /* array length, -1 when unknown or flexible */
  unsigned nfields;     /* TY_STRUCT / TY_UNION */
  const ty_field *fields;
  bool variadic; /* TY_FUNCTION */
};

/* Width in bits of an integer or pointer type. */
unsigned ty_bits(const ty *t);
bool ty_is_integer(const ty *t); /* TY_INT or TY_BOOL */
bool ty_is_scalar(const ty *t);  /* integer, pointer or float */
const ty_field *ty_field_find(const ty *record, const char *name);

#endif
