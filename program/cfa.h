/* cfa: control-flow automata. One CFA per function plus the global
 * initialisation chain, which starts the program: it runs the global
 * declarations (and, like CPAchecker, every function header) in file order
 * and then falls into main. Everything lives in one arena owned by `cfa`.
 *
 * Edge granularity and raw texts follow CPAchecker's C front end so that
 * assumption automata, which match edges by their raw statement, map onto
 * this CFA: blank "" edges, && and || conditions split into one assume
 * edge per operand, conditions as "[c]" and "[!(c)]" in both the newer
 * source-text form (raw) and the older pretty-printed one (raw_old),
 * CPAchecker's temporaries (__CPAchecker_TMP_<n>), label and goto edges. */
#ifndef EREP_CFA_H
#define EREP_CFA_H

#include "ctype.h"
#include "expr.h"
#include "lib/mem.h"

#include <stdbool.h>
#include <stdio.h>

typedef enum {
  CFA_BLANK,       /* connectors, labels, gotos, while(1), breaks */
  CFA_DECLARATION, /* variable, type or function declaration */
  CFA_STATEMENT,   /* expression statement, return statement */
  CFA_ASSUME,      /* branch condition with a polarity */
  CFA_CALL,        /* call of a function with a body: caller -> entry */
  CFA_RETURN,      /* callee exit -> caller (after the call) */
  CFA_BLOCK        /* several edges summarised into one (program/lbe.h) */
} cfa_edge_kind;

typedef enum {
  CFA_DECL_VAR,
  CFA_DECL_FUNCTION, /* prototype or definition header */
  CFA_DECL_TYPE      /* typedef, struct/union/enum definition */
} cfa_decl_kind;

typedef struct cfa_node cfa_node;
typedef struct cfa_edge cfa_edge;

typedef struct {
  unsigned line, end_line, column;
  unsigned offset, end_offset; /* bytes, [offset, end_offset) */
} cfa_loc;

struct cfa_edge {
  unsigned id;
  cfa_edge_kind kind;
  cfa_node *from, *to;
  const char *raw;     /* raw statement, newer CPAchecker form */
  const char *raw_old; /* assumes: older pretty-printed form; else == raw */
  cfa_loc loc;
  /* CFA_ASSUME */
  bool truth;   /* which branch of the source condition */
  bool swapped; /* raw texts of `!c` style conditions were swapped */
  /* CFA_DECLARATION */
  cfa_decl_kind decl;
  const cfa_var *var; /* CFA_DECL_VAR */
  /* CFA_DECL_VAR of a variable-length array (var->type->count < 0): the
   * number of elements of its first dimension, evaluated when the
   * declaration runs (an integer expression without side effects; the
   * other dimensions are constants of the element type) */
  const ex *vla_count;
  /* CFA_DECLARATION: initialiser; CFA_STATEMENT: the expression (may be
   * NULL for `return;`); CFA_ASSUME: the condition (of the true branch);
   * CFA_CALL: the call expression */
  const ex *expr;
  bool is_return;             /* CFA_STATEMENT: a return statement */
  const ex *lhs;              /* CFA_CALL: where the result goes (or NULL) */
  const cfa_function *callee; /* CFA_CALL, CFA_RETURN */
  const cfa_edge *call;       /* CFA_RETURN: the matching call edge */
  const char *unsupported;    /* construct no analysis models, or NULL */
  /* the construct is control flow the CFA lacks (setjmp/longjmp, signal
   * handlers, vfork): no trace through the edge is feasible, and a search
   * that reaches it misses the executions it adds */
  bool unsupported_flow;
  /* CFA_ASSUME made of an automaton transition's ASSUME {psi} (psi.h),
   * taken right after the edge the transition matched: no statement of
   * the program (traces leave it out); from == to == that edge's target,
   * id and loc are that edge's */
  bool assumption;
  bool connector;     /* blank join edge with no source meaning (if/loop
                         ends): CPAchecker reroutes these at if-joins */
  /* CFA_BLOCK (only in a CFA made by lbe_summarise): the summarised edges
   * of the original CFA, a DAG from the original of `from` to that of `to`,
   * in a topological order of their source nodes (every edge comes after
   * all block edges into its source; the edges leaving one node are
   * adjacent, in the original order). raw and raw_old are "" (no automaton
   * matches a block), loc spans the lines of the block. */
  const cfa_edge *const *block;
  size_t nblock;
  /* CFA_BLOCK made in product with an automaton (analysis/pblock.h): the
   * DAG's own source and target nodes (copies: one original node may stand
   * for several automaton states); NULL: the originals of from and to.
   * Read them through cfa_block_source/cfa_block_target. */
  const cfa_node *block_from, *block_to;
  /* In a summarised CFA: the original edge this one copies (call, return
   * and edges that stand alone between kept nodes); NULL for blocks and in
   * a CFA built from source. */
  const cfa_edge *orig;
  cfa_edge *next_out; /* next edge leaving `from` (intrusive list) */
  cfa_edge *next_in;  /* next edge entering `to` */
};

struct cfa_node {
  unsigned id;
  const cfa_function *function; /* NULL in the global chain */
  cfa_edge *out;                /* first leaving edge, then ->next_out */
  cfa_edge *in;                 /* first entering edge, then ->next_in */
  unsigned nout, nin;
  unsigned line; /* best known source line */
  bool is_error; /* reaching it violates the property */
  bool is_loop_head;
  bool is_exit;     /* function exit node */
  bool is_terminal; /* abort()/exit(): no path continues */
  bool is_label;    /* target of a label */
  /* In a summarised CFA (lbe_summarise): the node of the original CFA (same
   * id), and whether it was summarised away (inside blocks: no edges, kept
   * only so that ids index g->nodes alike). NULL / false otherwise. */
  const cfa_node *orig;
  bool absorbed;
};

struct cfa_function {
  unsigned id;
  const char *name;
  const ty *type;
  cfa_var **params;
  unsigned nparams;
  cfa_var *result; /* holds the returned value, NULL for void */
  cfa_node *entry, *exit;
  unsigned line;
  bool address_taken; /* named other than as the callee of a direct call */
};

/* A function without a body whose address the program takes (an operation
 * of a driver left to the kernel, a library routine passed as a callback). */
typedef struct {
  const char *name;
  const ty *type; /* TY_FUNCTION */
} cfa_extern_fn;

typedef struct {
  const char *construct;
  unsigned line;
  const cfa_edge *edge;
} cfa_unsupported;

typedef struct cfa {
  mem_arena *arena;
  const char *path;   /* program file */
  const char *source; /* its bytes (NUL-terminated copy) */
  size_t source_len;
  bool lp64;
  cfa_node *start; /* first node of the global chain */
  cfa_function *main;
  VEC(cfa_function *) functions;
  VEC(cfa_node *) nodes;
  VEC(cfa_edge *) edges;
  VEC(cfa_var *) vars;
  VEC(cfa_unsupported) unsupported;
  VEC(cfa_extern_fn) extern_fns; /* address taken, no body; in file order */
  /* Code clang left out of the AST, so that the CFA lacks it, or NULL: the
   * calls of a function after its definition when that definition's type
   * conflicts with an earlier implicit declaration (tolerated, see the
   * front end; clang drops those calls). A verdict on such a CFA says
   * nothing about the program (`erep verify` answers UNKNOWN). */
  const char *lost;
  /* The lines where the source names such a function again with a `(`
   * after its definition (every conflict, not only the first): the calls
   * the CFA lacks are on these lines. */
  VEC(unsigned) lost_lines;
} cfa;

typedef enum { CFA_ILP32, CFA_LP64 } cfa_data_model;

/* Build the CFA of a C file. On failure returns NULL and writes a message
 * naming file and line to `err` (caller frees). */
cfa *cfa_build(const char *path, cfa_data_model dm, char **err);
/* The same for C source in memory, named `path` in messages and in the
 * CFA (headers it includes are read from the disk). */
cfa *cfa_build_source(const char *path, const char *src, size_t len,
                      cfa_data_model dm, char **err);
void cfa_free(cfa *g);

/* Construction API for the front end (and tests). */
cfa_node *cfa_node_new(cfa *g, const cfa_function *f, unsigned line);
cfa_edge *cfa_edge_new(cfa *g, cfa_edge_kind k, cfa_node *from, cfa_node *to,
                       const char *raw);
/* Point e at another target node (keeps ids). */
void cfa_edge_retarget(cfa_edge *e, cfa_node *to);
/* Let e leave from another node (appended to its leaving edges). */
void cfa_edge_move_from(cfa_edge *e, cfa_node *from);
cfa_function *cfa_function_find(const cfa *g, const char *name);
/* Whether call x may run code with a body: a direct call of a function
 * with a body, or a call through a pointer. */
bool cfa_call_has_body(const cfa *g, const ex *x);
/* Whether a function of type fn may be called through a pointer to a
 * function of type ptr (both TY_FUNCTION) with nargs arguments: the same
 * canonical type, or the same result where one has no prototype. This is
 * how calls through pointers choose their candidate targets; a call of a
 * function of another type is undefined behaviour. */
bool cfa_fn_type_match(const ty *ptr, const ty *fn);

const char *cfa_edge_kind_name(cfa_edge_kind k);
/* Summary as printed by `erep cfa`. */
void cfa_print_summary(const cfa *g, FILE *out);
/* Unions up to this size are modelled byte by byte (smt/smtm.h);
 * larger ones are opaque. */
#define CFA_UNION_MAX_BYTES 256
#define CFA_STR_(x) #x
#define CFA_STR(x) CFA_STR_(x)
/* Every edge, one a line: nodes, kind, line and quoted raw text(s). */
void cfa_print_edges(const cfa *g, FILE *out);
/* s quoted and escaped like a MATCH string (no control characters). */
void cfa_print_quoted(const char *s, FILE *out);

/* The functions holding a call clang dropped (cfa.lost_lines): an array
 * by function id (mem_free), NULL when nothing was lost; *anywhere is set
 * when a dropped call lies in no function's lines (then every function
 * counts). */
unsigned char *cfa_lost_functions(const cfa *g, bool *anywhere);

/* Whether v is a local of fn (by name: fn may be a summarised CFA's copy
 * of the function, lbe.h); false when fn is NULL. */
bool cfa_var_in(const cfa_var *v, const cfa_function *fn);
/* Whether v's name names v in fn (NULL: at file scope): no other variable
 * in scope there (a global, a local of fn) has it. For conditions written
 * as C text over the variables (the ASSUMEs of pr_domain.condition). */
bool cfa_var_named(const cfa *g, const cfa_var *v, const cfa_function *fn);
/* Whether `name` is a function that allocates memory (malloc, calloc,
 * realloc, alloca, strdup, ...): the predicate analysis does not model
 * dynamic memory, and its messages name such calls. */
bool cfa_is_alloc_fn(const char *name);
/* Whether `name` is one whose object the path encoding models (malloc,
 * calloc, alloca, __builtin_alloca: smtm_alloc), assuming, as SV-COMP's
 * rules do, that it never fails. */
bool cfa_is_modelled_alloc(const char *name);
/* Whether g has a floating-point value anywhere: a variable that holds
 * one, or an expression of such a type (the path encoding then takes
 * Z3's floating-point logic, which is slower on bit-vectors alone). */
bool cfa_uses_floats(const cfa *g);
/* The first plain edge of g (the edges large blocks hold, in their place)
 * for which `which` holds, or NULL. */
const cfa_edge *cfa_find_edge(const cfa *g,
                              bool (*which)(const cfa_edge *e, void *arg),
                              void *arg);
/* The first call in g of a function `which` holds for (its name, *line its
 * line), or NULL. */
const char *cfa_first_alloc_call(const cfa *g, bool (*which)(const char *),
                                 unsigned *line);

/* The node of the original CFA that n stands for: n itself, or what a
 * summarised CFA's node or a block's copy (pblock.h) copies. */
static inline const cfa_node *cfa_node_base(const cfa_node *n) {
  return n->orig ? n->orig : n;
}

/* Where the DAG of block b begins and ends (see cfa_edge.block). */
static inline const cfa_node *cfa_block_source(const cfa_edge *b) {
  return b->block_from ? b->block_from : b->from->orig ? b->from->orig : b->from;
}
static inline const cfa_node *cfa_block_target(const cfa_edge *b) {
  return b->block_to ? b->block_to : b->to->orig ? b->to->orig : b->to;
}

#endif
