/* smt: bit-precise feasibility of CFA paths with Z3.
 *
 * A path (edges in order, starting at g->start or at any node with an empty
 * call stack) is encoded in SSA form over bit-vectors and decided by Z3. A
 * path is FEASIBLE only when Z3 found a model of the exact encoding, in which
 * no obligation below is violated; the model gives the concrete inputs.
 * Incremental use: push edges one by one and pop them again; the encoding of
 * a shared prefix is kept and the solver keeps what it learnt.
 *
 * Modelled bit-precisely:
 *  - integers of every width as bit-vectors of the type's size (ILP32/LP64
 *    from the CFA); signed/unsigned division, remainder, comparison and
 *    right shift per type; casts by extract / sign- / zero-extension; _Bool
 *    conversion (x != 0); comparisons, !, &&, || give int 0/1; && || ?: with
 *    side effects on the skipped operand guarded (short-circuit).
 *  - signed overflow of + - * and << wraps (two's complement), as gcc
 *    -fwrapv does; nothing else of C's undefined behaviour is assumed away.
 *  - memory: every variable instance (globals and static locals once, locals
 *    and parameters per activation) is an object with its own id. Its scalar
 *    leaves (struct fields flattened; arrays as chains of guarded writes over a
 *    zero or fresh base, elements numbered row-major) are SSA values. Pointers
 * are 80-bit values (16-bit object id, 64-bit byte offset; NULL = 0; a
 * pointer from outside has the object id 0 as a constant); &x,
 * &a[i], &s.f, array decay, p + i, p - q, p->f, *p, p[i], comparisons (== !=
 * with anything, < <= >
 *    >= within one object) are exact. A read or write through a pointer with
 *    unknown target considers every live object whose address was taken.
 *    A context for blocks that start from an unknown state (smt_set_open,
 *    the predicate domain's) has open memory instead: a pointer from
 *    before may point anywhere but into an object made since, and what
 *    it reaches outside the block's objects is memory of one array per
 *    access type (smtm.h, "outer memory").
 *  - structs: member access, assignment, parameters and return values by
 *    value, initialiser lists (with brace elision, and designated elements
 *    `.f =`, `[i] =`, `.a.b[2] =`, GNU `[lo ... hi] =`, positional ones
 *    continuing after them as C says; members not named are zero); arrays
 *    of structs; multi-dimensional arrays; globals zero-initialised.
 *  - unions (up to 256 bytes) and bit-fields are modelled byte by byte
 *    (smtm.h, "byte regions"), little-endian as on x86: a write through
 *    one member and a read through another reinterpret the bytes, also
 *    through pointers of another type that land inside them (union inside
 *    struct inside array, at symbolic indices too); bit-fields follow the
 *    layout libclang gives for the data model (gcc's x86 System V layout:
 *    units of the declared type, from the least significant bit, :0), are
 *    read with sign or zero extension per declared type (int bit-fields
 *    are signed) and written truncated. A pointer member written and read
 *    back is exact, NULL's bytes are 0, an integer read as a pointer is an
 *    address outside every object; the bytes of an object's address, of a
 *    float, or of a string literal's or function's address read as an
 *    integer (or a pointer rebuilt from parts of several) are UNKNOWN
 *    ("bytes of an address or a float in <var>.<path> read as <type> at
 *    line N") through an obligation: paths that do not depend on them are
 *    decided. Padding of automatic objects is indeterminate (a fresh
 *    value), of static ones zero. Reading a float member stays undecided
 *    (see floats below). Unions larger than 256 bytes are opaque: any read
 *    or write of a value inside one is UNKNOWN "union (...) in <var> at
 *    line N", and an access through a pointer that only may land in one
 *    carries the obligation that it does not (a FEASIBLE model never
 *    touches them; INFEASIBLE needs that no execution following the path
 *    touches them before the contradiction).
 *  - functions have addresses: each function (with a body, or without one
 *    but named other than as a direct callee: cfa->extern_fns) is an
 *    object id of its own at the top of the id range, with no bytes (an
 *    access through one is invalid). &f, f, *fp, comparisons and copies of
 *    function pointers are exact.
 *  - string literals are read-only objects of type char[N] holding their
 *    bytes and the NUL, made at their first use on the path (one object per
 *    literal of the program text; whether two are distinct is unspecified,
 *    so comparing addresses in two of them is UNKNOWN "comparison of the
 *    addresses of two string literals"). Reads through pointers into
 *    them are exact, a write into one is undefined behaviour (an
 *    obligation). Char arrays initialised from a literal get its bytes.
 *    Wide literals and literals with a NUL inside are UNKNOWN when used.
 *  - dynamic memory (smtm_alloc): malloc, calloc, alloca and
 *    __builtin_alloca never fail (SV-COMP's rule: an allocation returns a
 *    valid pointer, never NULL; a report says so) and make a new object
 *    whose address is taken. A size the path does not fix (an input's)
 *    makes an object of that many bytes, 0 and a part of an element
 *    allowed: every access must end within them (undefined behaviour
 *    otherwise); its first 2^31 bytes are modelled, and an access beyond
 *    them leaves what is modelled (UNKNOWN "access beyond the first
 *    2147483648 bytes of malloc@12"). Its type is the pointee of the cast of the call (`(struct N
 *    *)malloc(...)`, also when the front end moved the call into a
 *    temporary) or of the pointer it is assigned, initialised or returned
 *    to, or an array of that type when the size is a multiple of it; for
 *    void * an array of char. calloc's object is zero, malloc's and
 *    alloca's uninitialised (its reads are inputs, as an uninitialised
 *    local's: "uninitialised:malloc@12[]", which a harness cannot set);
 *    alloca's dies when its frame returns. free(p) obliges p to be NULL, a
 *    pointer from outside (no modelled object: nothing changes) or the
 *    start of a live object of malloc or calloc (double free, free of a
 *    variable or into an object are undefined behaviour), after which
 *    every access to the object is undefined; a free whose object the
 *    path does not fix, or inside a large block under a condition, is
 *    UNKNOWN. Pointers to such objects read as "malloc@12+4". realloc,
 *    strdup and the like stay functions without a body.
 *  - variable-length arrays (`T a[n];`, T of constant size): a new object
 *    each time the declaration runs, of n elements (an input's value too,
 *    as malloc's size above); the one of the same activation before it
 *    ends. A negative n is undefined behaviour; 0 makes an array of 0
 *    bytes, as gcc does (C leaves it undefined). sizeof of one, and arrays
 *    of them, stay UNKNOWN.
 *  - calls of functions with a body (CFA_CALL/CFA_RETURN): parameters get
 *    the argument values, each activation has fresh instances (recursion).
 *  - calls through function pointers: the front end tries every function
 *    with a body whose address is taken, of the pointer's type, by an
 *    assume [p == (&f)] followed by a call of f (CPAchecker's shape, see
 *    frontend.c), so Z3 decides the choice on the pointer's value. What
 *    is left (the statement itself) is a call of the one function without
 *    a body of that type whose address is taken (obligation: p is its
 *    address; a fresh input named after it), or undefined behaviour when
 *    there is none; several such functions are UNKNOWN.
 *  - calls of functions without a body: a scalar result is a fresh input,
 *    recorded in path order with name, line and type (_Bool inputs are 0/1,
 *    pointer inputs point into no modelled object); __VERIFIER_assume(c)
 *    constrains c.
 *  - what such a callee may change follows the SV-COMP convention, an
 *    assumption about external code that the report states: it acts only
 *    on what is reachable from its arguments at that call (it keeps no
 *    address for later calls, and touches no global it was not given), and
 *    __VERIFIER_* and *nondet* functions and printf, strlen, ... change
 *    nothing. Reachable: the whole object a pointer argument points into,
 *    and transitively every object a pointer stored in a reached object
 *    points into (its value at the call). A pointer whose target is not
 *    known (a symbolic pointer) reaches each object it may point into,
 *    under the condition that it does, so a cell changes exactly when its
 *    object is reached. An integer leaf reached gets a fresh value, an
 *    input of kind SMT_INPUT_WRITTEN recorded when first read, with the
 *    callee, the call's line, the leaf written ("s.f"), which call of that
 *    function on the path it was, and the byte offsets from the argument
 *    through the pointers on the way (smt_input.via), so that a harness's
 *    definition of the function writes it. Pointer leaves reached are
 *    marked as changed: reading one is UNKNOWN "call of <f> at line N may
 *    change it (<obj>.<field> read at line M)". The same holds for every
 *    leaf reached by library functions whose writes C defines but erep
 *    does not model (memset, memcpy, read, sprintf, ...), and, as a
 *    superset, for every live object whose address was taken when what a
 *    call reaches cannot be followed exactly (a pointer inside a union, an
 *    array of more than 64 pointers, a pointer an earlier call changed, a
 *    struct with pointers passed by value).
 *  - uninitialised locals (and globals never initialised on the path, e.g.
 *    when it starts inside main): fresh inputs, recorded when first read,
 *    kind SMT_INPUT_UNINIT, function "uninitialised:<var>[.field]".
 *  - float and double are IEEE 754 binary32 and binary64 (Z3's theory of
 *    floating point; the solvers take QF_FPBV): + - * / rounded to nearest,
 *    ties to even, each operation in its type (FLT_EVAL_METHOD 0, as gcc on
 *    x86-64 with SSE; a program built for the x87 with excess precision may
 *    round otherwise); comparisons as IEEE (NaN unordered, -0 == +0);
 *    conversions from integers rounded to nearest, to integers truncated,
 *    with the obligation that the value fits (else undefined behaviour);
 *    literals as strtof / strtod read them. A float is stored as its IEEE
 *    bits, so its bytes in a union read back as an integer and the other
 *    way round. A float input is fresh bits (any pattern, NaNs too), its
 *    value rendered as text that reads back the same ("2.5", "1e+08",
 *    "nan"), which a harness gives by its bits. long double is not
 *    modelled: UNKNOWN "long double (only float and double are modelled)".
 *    A float written by a call of a function without a body is marked as
 *    changed (reading it is UNKNOWN), not an input.
 *
 * Obligations (no undefined behaviour): division or remainder by zero,
 * INT_MIN / -1, shift amounts outside [0, width), accesses outside a live
 * object (array index out of bounds, null, dangling or foreign pointers,
 * an object read through a pointer into another one), relational
 * comparison or subtraction of pointers into different objects, an
 * object's address converted to an integer, a write into a string literal,
 * a call through a pointer that holds no function of its type, and a free
 * of a variable, a string literal, a function, a freed object or a
 * pointer into the middle of an object.
 *  - FEASIBLE: Z3 found an execution that follows the whole path and meets
 *    every obligation; its inputs are the model.
 *  - INFEASIBLE: no such execution, and no execution that follows the path
 *    can violate an obligation before the contradiction (after undefined
 *    behaviour the program may do anything, so nothing is claimed then).
 *  - UNKNOWN "undefined behaviour on the path: division by zero at line 9"
 *    otherwise.
 *
 * UNKNOWN with a reason ("<construct> at line N") for everything else:
 * edges the front end marked unsupported, contents of unions over 256
 * bytes, type punning outside unions and bit-fields (an object accessed
 * through a pointer of another type), wide string literals, a call through
 * a pointer that may reach several functions without a body, calls of
 * defined functions nested in an
 * expression, undefined functions returning structs, aggregates larger than the
 * copy limit, solver timeouts. Once an edge is unsupported the path is
 * poisoned: later edges are not encoded, and a check can still answer
 * INFEASIBLE when the prefix before it is infeasible.
 *
 * Solving: one Z3 context (Z3_mk_context_rc, reference counted) and one
 * QF_BV solver (Z3's incremental bit-blasting SAT solver; its SMT core is
 * orders of magnitude slower on long paths) per smt_ctx. No array theory is
 * used: a symbolic array index costs an if-then-else over the earlier
 * writes to that array, so long loops writing at symbolic indices get slow
 * (and end as solver timeouts). Assume conditions and obligations are
 * tracking literals passed as assumptions; popped edges leave only
 * definitions of fresh constants behind, and the solver is rebuilt from the
 * live assertions when those dominate. Not thread-safe; one smt_ctx per
 * thread. Formula handles over the same encoding (for predicate
 * abstraction): smt_formula.h. */
#ifndef EREP_SMT_H
#define EREP_SMT_H

#include "program/cfa.h"
#include "smt_input.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum { SMT_FEASIBLE, SMT_INFEASIBLE, SMT_UNKNOWN } smt_result;

typedef struct {
  size_t index; /* 0, 1, ... in path order */
  smt_input_kind kind;
  char *function; /* callee name, or "uninitialised:<var>" */
  unsigned line;  /* of the call, or of the variable's declaration */
  char *type;     /* C type spelling ("int", "int[]" for arrays) */
  char *value;    /* decimal per the type's signedness; arrays: the
                   * elements the path read, "{0, -2, 0}" (up to 16
                   * elements, unread ones shown as 0) or "{[4]=7, [9]=1}" */
  size_t step;    /* index in the path of the edge that made it (written
                   * inputs: of the edge that first read the value) */
  /* SMT_INPUT_WRITTEN: what the call of `function` at `line` wrote and how
   * a harness that replays the call reaches it */
  char *object;    /* the leaf written: "x", "s.f", "a[]", "s.v[].g" */
  unsigned call;   /* the how-manieth call of `function` on the path (1..) */
  int arg;         /* the argument it is reached through; -1: no way a
                    * harness can follow is known (then via, params empty) */
  int64_t *via;    /* byte deltas: p = argument arg; p = *(char **)(p +
                    * via[i]) for i < nvia - 1; the leaf (its element 0) is
                    * at p + via[nvia - 1] */
  size_t nvia;
  unsigned ndims;  /* arrays: element k (row-major) is at the leaf plus the
                    * sum of its index in dimension d times stride[d] */
  uint64_t count[8], stride[8];
  char **params; /* C types of arguments 0..arg */
  size_t nparams;
} smt_input;

/* A value the path assigned: `name` (the C text of what was written)
 * holds `value` (decimal, per its type's signedness) after the edge at
 * index `step` of the path. Integers only: pointers and floats are not
 * shown. */
typedef struct {
  size_t step;
  char *name, *value;
} smt_value;

typedef struct smt_model {
  smt_input *inputs;
  size_t ninputs;
  smt_value *values; /* in path order */
  size_t nvalues;
} smt_model;

void smt_model_free(smt_model *m);
const char *smt_result_name(smt_result r); /* "feasible", ... */

typedef struct smt_ctx smt_ctx;

/* A context for paths of g (which must outlive it). timeout_ms bounds each
 * check; 0 means no limit. */
smt_ctx *smt_new(const cfa *g, unsigned timeout_ms);
/* The same, on the Z3 context of `with` (NULL: a new one), which the two
 * share until the last is freed, in any order. Each has its own solver
 * and path; their calls must not nest (none calls into the other). Terms
 * of one must not be passed to the other. */
smt_ctx *smt_new_sharing(const cfa *g, unsigned timeout_ms, smt_ctx *with);
void smt_free(smt_ctx *s);
/* Make the Z3 contexts of the next n smt_new (not sharing) ahead, in the
 * background: call it before loading the program. n = 0 discards what
 * was made and not taken. Main thread only (see smtz_ahead). */
void smt_ahead(unsigned n);
void smt_set_timeout(smt_ctx *s, unsigned timeout_ms);
/* No check runs past `deadline` (CLOCK_MONOTONIC seconds, the run's time
 * limit; 0: none), whatever the timeout. */
void smt_set_deadline(smt_ctx *s, double deadline);
/* With raw, the conditions of edges go into the path as encoded, not
 * through Z3's simplifier first (a tenth of the predicate analysis's time
 * on token_ring.05): for a context that only builds formulas which
 * smt_formula_abstract simplifies whole (the predicate domain's). */
void smt_set_raw(smt_ctx *s, bool raw);
/* Open memory (smtm.h, smtm_open) for a context that only builds formulas
 * of blocks starting from an unknown state (the predicate domain's):
 * pointers from before the block may point into the objects of the
 * variables `pointed` marks (by variable id; kept by the caller, NULL:
 * closed, the default) and into memory the block does not model, which
 * reads and writes through them reach. */
void smt_set_open(smt_ctx *s, const unsigned char *pointed);
/* Ask a running check to stop (async-signal-safe enough for a timer
 * handler: it only sets a flag inside Z3). The check answers UNKNOWN. */
void smt_interrupt(smt_ctx *s);

/* Append edge e to the path. Returns false when the path is now poisoned
 * (this or an earlier edge is not modelled); the edge counts as pushed
 * either way, so smt_pop stays symmetric. */
bool smt_push_edge(smt_ctx *s, const cfa_edge *e);
/* Open the frame of call->callee as if the call had been made from a state
 * about which nothing is known: no argument is evaluated, so parameters and
 * locals of the new frame are uninitialised (fresh values), and a later
 * CFA_RETURN of this call returns into the frame below. For abstractions
 * that start a block inside a called function from an arbitrary state
 * (pred.h). Counts as one pushed step (smt_pop); false when poisoned. */
bool smt_push_frame(smt_ctx *s, const cfa_edge *call);
/* Remove the last k edges (k <= smt_depth). */
void smt_pop(smt_ctx *s, size_t k);
size_t smt_depth(const smt_ctx *s);
/* Why the path is poisoned ("float arithmetic at line 12"), or NULL. */
const char *smt_poisoned(const smt_ctx *s);

/* Decide the current path. On FEASIBLE, *model_out (if model_out is not
 * NULL) gets the inputs (free with smt_model_free). On UNKNOWN, *reason_out
 * (if not NULL) gets the reason (free with mem_free). */
smt_result smt_check(smt_ctx *s, smt_model **model_out, char **reason_out);

/* Pop everything, push path[0..n) and check. The path stays pushed, so
 * smt_infeasible_core can be asked afterwards. Past the deadline
 * (smt_set_deadline), looked at every SMT_PATH_POLL edges, the encoding
 * stops: UNKNOWN with the reason, nothing pushed. */
#define SMT_PATH_POLL 1024
smt_result smt_check_path(smt_ctx *s, const cfa_edge *const *path, size_t n,
                          smt_model **model_out, char **reason_out);

/* After a check that asked for a model and answered UNKNOWN because
 * undefined behaviour is reachable on the path (its reason "undefined
 * behaviour on the path: ..."): the position in the path of the step
 * whose operation is undefined in the execution the solver found, what
 * it is ("invalid pointer dereference at line 3714"), and that
 * execution's inputs and values (NULL when the solver gave none; those
 * of steps after *step mean nothing). The path is feasible up to that
 * step and the operation there undefined: proved, bit-precisely, by the
 * model. The caller owns *what (mem_free) and *model (smt_model_free);
 * false (nothing set) after any other answer, or when taken already. */
bool smt_undefined(smt_ctx *s, size_t *step, char **what, smt_model **model);
/* As smt_undefined, the step only, and without taking anything. */
bool smt_undefined_at(const smt_ctx *s, size_t *step);
/* After a check that answered UNKNOWN: the position in the path of the
 * step where the proof stopped (what the encoding does not model, or an
 * obligation that execution violates there: the reason says which);
 * SIZE_MAX when no step is to blame (the solver gave no answer). */
size_t smt_unknown_step(const smt_ctx *s);

/* After such a check of a path with large blocks (while the path is as
 * checked): its statements, the blocks up to the undefined step as that
 * execution takes them, later ones as it takes them or else by their
 * first path, to be checked again at statement level (the undefined step
 * is then a statement). The count, *out mem_alloc'ed; 0 (NULL) when the
 * last check found no undefined behaviour or a block cannot be followed. */
size_t smt_undefined_expand(smt_ctx *s, const cfa_edge ***out);

/* After a check answered INFEASIBLE: the positions in the path (ascending)
 * of the assume edges and __VERIFIER_assume calls that together are
 * unsatisfiable with the path's statements (Z3's unsat core over tracking
 * literals, not necessarily minimal). *steps_out is mem_alloc'ed (free with
 * mem_free), NULL when the count is 0. Returns the count; 0 also when the
 * last check was not INFEASIBLE or the path changed since. */
size_t smt_infeasible_core(smt_ctx *s, size_t **steps_out);

/* A branch condition inside a large block (smt_branch_core), or (node
 * NULL) a tracked literal of the path's step: an assume edge's condition,
 * a block's reaching its target. */
typedef struct {
  size_t step;          /* the position in the path */
  const cfa_node *node; /* the node of the block whose condition it is */
} smt_branch;

/* A finer core for refinement (Newton's relaxation of a trace to its
 * unsat core, at the branches inside large blocks): path[0..n) encoded
 * again with every branch condition inside its blocks behind a literal of
 * its own (without it the branch may be taken whatever its condition),
 * checked under the path's tracked literals and those. When unsatisfiable,
 * *out (mem_alloc'ed, NULL for none) gets the branch conditions and the
 * steps' literals Z3's unsat core holds, and the count is returned: the
 * path with every other branch condition and tracked literal dropped is
 * still infeasible. SIZE_MAX when
 * the check did not answer unsatisfiable (nothing is known). Leaves s
 * empty (depth 0). */
size_t smt_branch_core(smt_ctx *s, const cfa_edge *const *path, size_t n,
                       smt_branch **out);

/* Large blocks (CFA_BLOCK edges of a CFA summarised by lbe_summarise,
 * program/lbe.h) are pushed like any edge and encoded as one step: every
 * edge of the block under the condition that the block's execution
 * reaches its source (writes, obligations and inputs conditional on it),
 * and that the execution reaches the block's target as the step's tracked
 * literal, so unsat cores name the step and smt_formula_path holds it.
 * The block stands for exactly the paths of its edges (up to what
 * smte.h lists as not guarded, which only adds executions): INFEASIBLE
 * covers every path through the blocks; a FEASIBLE answer is about some
 * path, which smt_expand_path names. Other edges of a summarised CFA
 * (copies of calls, returns, single edges) are encoded as their originals.
 * One context serves paths of the summarised CFA and of the original.
 *
 * The path the last model takes, at statement granularity: after a check
 * that answered FEASIBLE (and nothing pushed or popped since), the edges
 * of the original CFA in order, blocks replaced by the edges whose
 * conditions are true in a model of the path (copies by their originals:
 * cfa_edge.orig). Asks the solver once more for a model. *out gets a
 * mem_alloc'ed array (mem_free); returns its length, or 0 with *out NULL
 * when the path is empty, poisoned or not satisfiable now. Check the
 * expanded path again (smt_check_path) for its inputs and their steps: a
 * trace is reported at statement granularity. */
size_t smt_expand_path(smt_ctx *s, const cfa_edge ***out);

/* Number of solver calls so far (for the report's stats). */
unsigned long smt_solver_calls(const smt_ctx *s);
/* Seconds spent in them (smt_formula's checks included). */
double smt_solver_seconds(const smt_ctx *s);

#endif
