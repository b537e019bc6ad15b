/* expr: the expression trees that edges carry and analyses interpret.
 * Built by the front end from libclang cursors (operators recovered from
 * tokens), typed with ctype, owned by the CFA's arena. Implicit conversions
 * that change the type are explicit EX_CAST nodes with `implicit` set, so an
 * interpreter never has to redo C's usual arithmetic conversions. */
#ifndef EREP_EXPR_H
#define EREP_EXPR_H

#include "ctype.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum {
  EX_INT,    /* integer literal (value in u, type gives width/sign) */
  EX_FLOAT,  /* floating literal (text kept, value not modelled) */
  EX_STRING, /* string literal */
  EX_VAR,    /* reference to a variable */
  EX_FUNC,   /* reference to a function (designator) */
  EX_UNARY,
  EX_BINARY,
  EX_ASSIGN, /* a = b, or compound a op= b (op != EX_OP_NONE) */
  EX_CAST,
  EX_CALL,
  EX_MEMBER,   /* a.f or a->f (arrow) */
  EX_INDEX,    /* a[b] */
  EX_COND,     /* a ? b : c */
  EX_SIZEOF,   /* folded by clang: value in u */
  EX_INITLIST, /* { ... } */
  EX_UNSUPPORTED
} ex_kind;

typedef enum {
  EX_OP_NONE,
  /* binary */
  EX_OP_MUL,
  EX_OP_DIV,
  EX_OP_MOD,
  EX_OP_ADD,
  EX_OP_SUB,
  EX_OP_SHL,
  EX_OP_SHR,
  EX_OP_LT,
  EX_OP_GT,
  EX_OP_LE,
  EX_OP_GE,
  EX_OP_EQ,
  EX_OP_NE,
  EX_OP_BAND,
  EX_OP_BXOR,
  EX_OP_BOR,
  EX_OP_LAND,
  EX_OP_LOR,
  EX_OP_COMMA,
  /* unary */
  EX_OP_NEG,
  EX_OP_PLUS,
  EX_OP_NOT,
  EX_OP_BNOT,
  EX_OP_DEREF,
  EX_OP_ADDR,
  EX_OP_PREINC,
  EX_OP_PREDEC,
  EX_OP_POSTINC,
  EX_OP_POSTDEC
} ex_op;

typedef struct cfa_var cfa_var;
typedef struct cfa_function cfa_function;
typedef struct ex ex;

/* A variable of the program. The CFA makes and owns them (cfa.h: its
 * `vars`); defined here, below the CFA, because expressions name them. */
struct cfa_var {
  unsigned id;
  const char *name;      /* as in the source */
  const char *qualified; /* unique: "f::x" for locals, "x" for globals */
  const ty *type;
  const cfa_function *function; /* NULL for globals */
  bool is_global, is_static, is_param, is_extern;
  bool address_taken;
  unsigned line;
};

/* One designator of an initialiser element: `.f`, `[i]` or GNU's
 * `[lo ... hi]`, resolved by the front end against the type of the object
 * it applies to (the list's type for the first, the previous designator's
 * member or element type for the next; an anonymous member's fields get
 * the implicit designator of the anonymous member first). */
typedef struct {
  const ty_field *field; /* `.f`: the member, a pointer into the fields of
                          * the record it applies to; NULL for an index */
  uint64_t lo, hi;       /* `[lo]` (hi == lo) and `[lo ... hi]` */
} ex_designator;

/* The designation `d[0] d[1] ... =` of an initialiser element (n == 0:
 * positional). C's rules apply: a designation starts at the innermost
 * braced list, positional elements continue after the (top-level) object
 * it named. */
typedef struct {
  const ex_designator *d;
  unsigned n;
} ex_designation;

struct ex {
  ex_kind kind;
  ex_op op;
  const ty *type;
  bool implicit;         /* EX_CAST inserted by the compiler */
  bool arrow;            /* EX_MEMBER: -> rather than . */
  uint64_t u;            /* EX_INT / EX_SIZEOF value (two's complement bits) */
  const char *text;      /* literal or member spelling, unsupported reason */
  const char *str;       /* EX_STRING: its bytes before the final NUL (the
                          * type char[N] gives N), NULL when not known
                          * (wide literals, embedded NULs) */
  const cfa_var *var;    /* EX_VAR */
  const char *func_name; /* EX_FUNC; EX_CALL callee name when direct */
  ex *a, *b, *c;         /* operands; EX_CALL: a = callee */
  ex **args;             /* EX_CALL arguments, EX_INITLIST elements */
  unsigned nargs;
  const ex_designation *desig; /* EX_INITLIST: one per element (nargs),
                                * NULL when no element is designated */
  const ty *cast_to; /* EX_CALL: the type an explicit cast of the call
                      * converts its result to (`(T *)malloc(n)`; the call
                      * may be moved into a temporary), else NULL */
  unsigned line;
};

const char *ex_op_text(ex_op op);
bool ex_op_is_comparison(ex_op op);
/* Strip implicit casts (not explicit ones). */
const ex *ex_strip_implicit(const ex *e);
/* CPAchecker's pre-2017 toASTString rendering, as in old assumption
 * automata: `((int)x) == 1`, `(x * x) >= 0`, `(p->f) == 0`. */
char *ex_old_text(const ex *e); /* caller frees with mem_free */
/* Set *out to the name of the first construct no analysis models, if any. */
bool ex_find_unsupported(const ex *e, const char **out);

/* Whether t is a pointer to data (not to a function). */
bool ex_is_data_pointer(const ty *t);
/* The pointer variable e is, under casts between data pointers, or NULL. */
const cfa_var *ex_pointer_var(const ex *e);
/* The parts of EX_INDEX e (a[i] or i[a]): the index in *index and the
 * operand indexed in *base; true when that operand is an array object
 * (*base: the array, under its decay to a pointer), false for a pointer. */
bool ex_index_parts(const ex *e, const ex **base, const ex **index);
/* The pointer expression through which lvalue l is reached (p of `*p`,
 * `p->f`, `p[i]`, under `.` and the indexing of arrays), or NULL when l
 * is a variable's own storage. */
const ex *ex_access_pointer(const ex *l);

/* The variables through which evaluating e surely accesses memory: the
 * pointer variable (under casts between data pointers) of each `*p`,
 * `p->f` and `p[i]` that is read or written, not one under `&` nor an
 * array or function that decays to its address, and not in an operand
 * that runs only sometimes (the right of && and ||, the arms of ?:). Up to
 * max of them go to out (a variable may come twice); their number is
 * returned (all of them, also beyond max). */
unsigned ex_deref_vars(const ex *e, const cfa_var **out, unsigned max);
/* Whether evaluating e may change v (an assignment or ++/-- of it, or a
 * call when v has static storage), so that its value before e is not the
 * one its later reads see. */
bool ex_may_write(const ex *e, const cfa_var *v);

#endif
