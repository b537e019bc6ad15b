/* frontend_int: what the front end's files share (program/frontend*.c;
 * the interface to the rest of erep is cfa.h's cfa_build). The walk's
 * state `fe`, and the functions each file offers the others, lowest first:
 *   frontend_src.c   the program's text as libclang parses it: the parse's
 *                    errors and the prototypes inserted for implicit
 *                    declarations, locations mapped back to the program's
 *                    own text, source slices, cursor children
 *   frontend_expr.c  C types, variables, expressions (libclang -> ex)
 *   frontend_stmt.c  statements and function bodies: CFA nodes and edges
 *   frontend.c       the whole program: top-level declarations, calls
 *                    through function pointers, pruning, cfa_build
 *   frontend_cond.c  C conditions in a function's scope (cond.h)
 * One parse at a time (the front end is not reentrant). */
#ifndef EREP_FRONTEND_INT_H
#define EREP_FRONTEND_INT_H

#include "cfa.h"
#include "lib/hmap.h"
#include "lib/mem.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  cfa_node *brk, *cont; /* cont NULL for switch */
} fe_jump;

typedef struct {
  const ex *value; /* switch expression */
  const char *value_src;
  const ty *cmp_type;
  cfa_loc loc;
  cfa_node *test; /* node where the next case test starts */
  cfa_node *dflt; /* entry of `default:` */
  cfa_node *end;
} fe_switch;

/* A call through a function pointer, resolved once the whole program is
 * known (fe_resolve_ptrcalls). */
typedef struct {
  cfa_edge *e;
  const ex *call, *lhs;
} fe_ptrcall;

typedef struct {
  cfa *g;
  CXTranslationUnit tu;
  CXFile file;
  const char *src;
  size_t srclen;
  char *err;
  /* current function */
  cfa_function *fn;
  cfa_node *prev;
  hmap labels;      /* label decl offset -> cfa_node* */
  hmap labels_seen; /* label decl offset -> non-NULL once visited */
  VEC(fe_jump) jumps;
  VEC(fe_switch *) switches;
  VEC(fe_ptrcall) ptrcalls; /* statement edges calling through a pointer */
  /* whole program */
  hmap vars;  /* decl key -> cfa_var* */
  hmap types; /* canonical spelling -> ty* */
  hmap funcs; /* name -> cfa_function* */
  VEC(CXFile) files;
  unsigned nshadow;
  unsigned ntemps; /* __CPAchecker_TMP_<n> of the current function */
  hmap xlocs;      /* operator expression (its Stmt) -> cfa_loc*, see fe_xloc */
  mem_arena *xarena;
} fe;

/* The children of a cursor (fe_children); v is the caller's (mem_free). */
typedef struct {
  CXCursor *v;
  unsigned n, cap;
} fe_kids;

/* The id of an edge made in dead code (nothing runs it). */
#define FE_DETACHED UINT32_MAX

/* The program's top-level declarations in file order (fe_top_visit). */
typedef struct {
  fe *f;
  VEC(CXCursor) decls;
} fe_top;

/* frontend_src.c */
char *fe_adup(fe *f, const char *s);
unsigned fe_off(CXSourceLocation l, unsigned *line);
cfa_loc fe_loc(CXCursor c);
unsigned fe_line(CXCursor c);
uint64_t fe_key(fe *f, CXCursor c);
size_t fe_skip_space(const fe *f, size_t i);
char *fe_text_semi(fe *f, CXCursor c);
char *fe_text(fe *f, CXCursor c);
enum CXChildVisitResult fe_kid_visit(CXCursor c, CXCursor parent,
                                     CXClientData d);
fe_kids fe_children(CXCursor c);
cfa_loc fe_xloc(fe *f, CXCursor c);
unsigned fe_xline(fe *f, CXCursor c);
void fe_unsupported(fe *f, cfa_edge *e, const char *what, unsigned line);
/* Free what a walk of the AST kept besides the CFA (its maps, arenas and
 * lists); the walk state itself is the caller's. */
void fe_state_free(fe *f);
enum CXChildVisitResult fe_top_visit(CXCursor c, CXCursor parent,
                                     CXClientData d);
char *fe_top_text(fe *f, CXCursor c, unsigned start);
void fe_fix_implicit(fe *f, CXIndex idx, const char *path,
                     const char *const *args, int nargs, char **buf);
void fe_fix_done(void);
char *fe_errors(fe *f, const char *path);
/* An error that rejects the program (not one fe_errors tolerates). */
bool fe_is_error(CXDiagnostic d);

/* frontend_expr.c */
const ty *fe_type(fe *f, CXType t);
cfa_var *fe_var_new(fe *f, CXCursor c, bool global);
cfa_var *fe_var_of(fe *f, CXCursor decl);
const ex *fe_callee_target(const ex *x);
const char *fe_op_at(fe *f, size_t i, char *buf);
bool fe_is_void(CXCursor c);
void fe_addr_taken(fe *f, const char *name, const ty *t);
ex *fe_expr(fe *f, CXCursor c);

/* frontend.c */
ex *fe_ex_make(fe *f, ex_kind k, const ty *t, unsigned line);
const ty *fe_int_type(fe *f); /* C's int, made once per parse */

/* frontend_stmt.c */
cfa_node *fe_node(fe *f, unsigned line);
cfa_edge *fe_edge(fe *f, cfa_edge_kind k, cfa_node *to, const char *raw,
                  CXCursor c);
void fe_check_unsupported(fe *f, cfa_edge *e, const ex *x);
ex *fe_ex_copy(fe *f, const ex *x);
void fe_function_body(fe *f, cfa_function *fn, CXCursor def);

#endif
