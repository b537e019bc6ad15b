/* smtm: the memory model of the path encoding (internal to the smt modules;
 * see smt.h for what is modelled, from the user's side). Below the
 * expression encoder (smte), above the constraints (smtc) and the Z3
 * plumbing (smtz); knows types and variables of the CFA, not expressions.
 *
 * Objects: every variable instance (globals and static locals once, locals
 * and parameters per activation frame) is an object with its own id (1, 2,
 * ...; 0 is "no modelled object"). A layout lists the scalar leaves of its
 * type: struct fields flattened, arrays as one leaf per scalar of the
 * element type with dimensions (elements numbered row-major).
 *
 * Byte regions: a union (up to SMTM_MAX_REGION bytes) and the bytes of a
 * run of adjacent bit-fields are regions, modelled byte by byte: one data
 * leaf per byte (8 bits, little-endian: an access of n bytes at position p
 * is the concatenation of bytes p+n-1 ... p), and for unions also one taint
 * leaf per byte (1 bit: the byte's integer image is not modelled, because
 * it holds part of an object's address, of a float or of a string
 * literal's or function's address) and one pointer slot per offset where
 * the union's type has a pointer member (81 bits: live, then the 80-bit
 * pointer). A write of an integer replaces the bytes and clears their
 * taint; a write of a pointer p writes the integer image of p (its offset)
 * with taint "p points into an object" and, at a slot, p itself; a float
 * write taints its bytes. A read of an integer obliges (smtc_oblige_
 * modelled) that its bytes are untainted; a read of a pointer gives the
 * slot's pointer when all its bytes are tainted and the slot is live (the
 * same pointer written there), the integer's address otherwise (untainted
 * bytes), and obliges that one of the two holds. So a member written and
 * read back is exact, another member of integer type reinterprets the
 * bytes (NULL's bytes are 0), and only the bytes of an address read as an
 * integer (or a pointer rebuilt from parts) are UNKNOWN. A bit-field is a
 * bit range of its region's bytes: read by extraction and sign or zero
 * extension per its declared type, written by replacing those bits
 * (read-modify-write of the bytes it shares). Larger unions are opaque
 * leaves: they take part in declarations, copies and address
 * computations, any access of a scalar inside one fails, and an access
 * that only may land in their bytes obliges that it does not.
 *
 * Values: a cell per leaf of an instance holds its SSA value, a bit-vector
 * for scalars; for arrays a version: a zero or fresh base, or a guarded
 * write over an older version (Z3's fast bit-blasting solver has no array
 * theory). A read of a fresh base gives one fresh value per index, equal for
 * equal indices (Ackermann's constraints). The first read of a fresh
 * initial value (uninitialised variable) is recorded as an input (smtc).
 *
 * Pointers: 80-bit values, a 16-bit object id and a 64-bit byte offset
 * (NULL = 0). An lvalue (smtm_lv) is a pointer with what is known about it
 * (the instance, a constant or linear offset); an access goes to every leaf
 * it may land on (when the target is unknown: every live object whose
 * address was taken), with the obligation (smtc) that it lands on one.
 * Accesses through a pointer of another type than the leaf's fail (type
 * punning) unless they land in a byte region, as do reads of cells whose
 * value is not modelled (pointer cells a call of code without a body may
 * have changed: smtm_havoc_call). Functions have addresses (the top object
 * ids, one a function, with no bytes: an access through one is invalid);
 * string literals are read-only objects made at their first use.
 *
 * Undo: every change of the state is recorded on a trail (cells,
 * instances, flags, frames) or in an append-only vector (array versions,
 * reads), so the session undoes an edge by truncating to a mark.
 *
 * Ownership: smtm owns the layouts (a cache per type), the instances, the
 * trail, the array versions and reads (with a reference on every term they
 * hold), the calls of functions without a body and the routes by which
 * they reached objects (with references), and the reasons of havocked
 * cells. The encoder reads an instance's
 * fields and an lvalue's fields, and `ptr_bits`, but changes the state only
 * through these functions; the session reads `areads` to render array
 * inputs and undoes to marks. Failures (constructs not modelled) go through
 * smtz_fail. */
#ifndef EREP_SMTM_H
#define EREP_SMTM_H

#include "program/cfa.h"
#include "smtc.h"
#include "smtz.h"

#define SMTM_OBJ_BITS 16u
#define SMTM_OFF_BITS 64u
#define SMTM_PTR_BITS (SMTM_OBJ_BITS + SMTM_OFF_BITS)
#define SMTM_MAX_DIMS 8
#define SMTM_MAX_LEAVES 4096 /* scalar leaves of one object's layout */
#define SMTM_MAX_EXPAND 1024 /* scalars of an element-wise aggregate copy */
#define SMTM_MAX_OBJECTS 65535u
/* bytes of an object of a size the path does not fix that its layout
 * holds (an access beyond leaves what is modelled) */
#define SMTM_MAX_SYM_BYTES ((uint64_t)1 << 31)
#define SMTM_MAX_REGION CFA_UNION_MAX_BYTES /* bytes of a union modelled
                                             * byte by byte */
#define SMTM_MAX_SLOTS 64u   /* pointer slots of one union */
#define SMTM_INLINE_NODES                                                      \
  8 /* values this small (and over at most one variable) are kept as           \
     * terms, not named */

/* ---------- layouts: the scalar leaves of a type ---------- */

typedef struct smtm_leaf {
  uint64_t base; /* byte offset of the first element */
  unsigned ndims;
  uint64_t stride[SMTM_MAX_DIMS], count[SMTM_MAX_DIMS];
  uint64_t total; /* elements: product of counts, 1 for scalars */
  bool dense;     /* element k at base + k * stride[ndims - 1] */
  const ty *type; /* integer, _Bool, pointer, float; union when opaque;
                   * smtm_ty_byte / _taint / _slot in a region */
  bool opaque;    /* a union too large for a region: contents not tracked */
  uint64_t osize; /* opaque: bytes it covers from base (per element) */
  char *path;     /* ".f", "[]", "[].g"; in a region ".u+3" (byte 3) */
  /* byte regions: role 'b' a data byte, 't' its taint, 's' a pointer slot
   * (0: an ordinary leaf) */
  char role;
  bool rtaint;   /* the region has taint leaves and slots (a union) */
  unsigned rpos; /* 'b' 't': the byte's position; 's': the slot's offset */
  unsigned rlen; /* bytes of the region */
  unsigned nslots;
  size_t rfirst; /* index of the region's data byte 0; its taint bytes
                  * follow the data bytes, then its slots */
} smtm_leaf;

typedef struct smtm_layout {
  const ty *type;
  smtm_leaf *leaves;
  size_t n;
  bool has_opaque;   /* some leaf is an opaque union */
  bool has_region;   /* some leaf is in a byte region */
  char *unsupported; /* why objects of this type are not modelled */
} smtm_layout;

/* ---------- symbolic state ---------- */

/* The value of a leaf: a bit-vector for scalars; for arrays a version
 * (index + 1 into smtm.avers). Unset when val and ver are 0. */
typedef struct {
  Z3_ast val;      /* scalar value */
  Z3_ast init;     /* scalar: the fresh initial value while it may be read */
  size_t ver;      /* array: current version */
  size_t ibase;    /* array: its fresh base version while it may be read */
  bool recorded;   /* init / ibase is in the input list */
  char unmod;      /* (some element) was changed by a call of a function
                    * without a body ('h'): reading it fails */
  const char *why; /* 'h': the call, owned by smtm.whys */
  unsigned char imask; /* data byte of a region: the bits that still hold
                        * init (partial writes of bit-fields) */
  size_t route;    /* init / ibase was written by a call of a function
                    * without a body reaching the object by route
                    * smtm.routes[route - 1] (0: an uninitialised value) */
} smtm_cell;

/* Array versions: a zero or fresh base, or a guarded write on top of an
 * older version. They are immutable and made in edge order, so a pop just
 * truncates them. */
typedef enum {
  SMTM_AV_ZERO,
  SMTM_AV_FRESH,
  SMTM_AV_WRITE,
  SMTM_AV_HAVOC, /* the fresh base `fresh` when cond holds, else prev */
  /* outer memory: the fresh base `fresh` at the elements whose bytes
   * overlap the `span` bytes a write at idx (a pointer) changed when cond
   * holds (other than idx itself when `self`: that write follows), else
   * prev; the element's own bytes are `espan` */
  SMTM_AV_HAVOC_AT
} smtm_av_kind;

typedef struct {
  smtm_av_kind k;
  size_t prev;           /* SMTM_AV_WRITE: the version written over */
  Z3_ast idx, val, cond; /* SMTM_AV_WRITE: [idx] := val when cond (NULL:
                          * always) */
  bool kidx;             /* idx is the constant cidx */
  uint64_t cidx;
  uint64_t total; /* elements */
  const ty *elem;
  const char *name;
  size_t fresh; /* SMTM_AV_HAVOC(_AT): the fresh base version */
  uint64_t span, espan; /* SMTM_AV_HAVOC_AT */
  bool self;
} smtm_aver;

/* An element read from a fresh base (all reads of one index agree). A read
 * through newer writes takes the base's element only when none of them
 * hit its index: `reach` (NULL: always). A later read of an index read
 * before adds a record of its own reach with the same value (`again`). */
typedef struct {
  size_t base;
  Z3_ast idx, val, reach;
  bool kidx, again;
  uint64_t cidx;
} smtm_aread;

typedef struct smtm_inst {
  unsigned id, frame;
  const cfa_var *var;
  const smtm_layout *lay;
  smtm_cell *cells;
  struct smtm_inst *shadowed; /* older instance of the same variable */
  bool escaped, dead, initialised;
  bool rdonly; /* a string literal: writing it is undefined behaviour */
  const ex *lit; /* the string literal it is, or NULL (a variable, var) */
  /* an allocated object (smtm_alloc): the function that made it ("malloc",
   * "calloc", "alloca"; a static string) and the line; NULL otherwise */
  const char *heap;
  unsigned heap_line;
  /* bytes of an object whose size the path does not fix (a term of
   * SMTM_OFF_BITS bits, held; NULL: its layout's): its layout holds the
   * first SMTM_MAX_SYM_BYTES, and an access must end within `bytes` */
  Z3_ast bytes;
} smtm_inst;

typedef struct {
  const cfa_edge *call;
  const cfa_function *fn;
  unsigned id;
  size_t ninsts; /* instances before the call */
  bool opened;   /* opened from an unknown state (smtm_frame_opened) */
} smtm_frame;

typedef enum {
  SMTM_TR_CELL,
  SMTM_TR_INST,
  SMTM_TR_ESCAPE,
  SMTM_TR_DEAD,
  SMTM_TR_INIT,
  SMTM_TR_FPUSH,
  SMTM_TR_FPOP,
  SMTM_TR_OUTER /* the version of outer memory `leaf` was old.ver */
} smtm_tr_kind;

typedef struct {
  smtm_tr_kind k;
  smtm_inst *in;
  size_t leaf;
  smtm_cell old;
  smtm_frame fr;
} smtm_tr;

/* A call of a function without a body on the path (SV-COMP: it acts only
 * on what is reachable from its arguments at that call). */
typedef struct {
  const char *fn; /* owned by smtm.whys */
  unsigned line;
  const void *call; /* the call expression (an ex), for the session */
  Z3_ast guard;     /* when the call happens (NULL: always) */
} smtm_call;

/* How such a call reached an object: through its argument `arg` (from 0)
 * or through the pointer at byte `at` of the object of route `from`
 * (index + 1); `off` is the offset into `in` that argument or pointer
 * had, `cond` when the route exists (NULL: always). A harness that
 * replays the call finds the object's start as arg - off, or as
 * *(from's start + at) - off. */
typedef struct {
  const smtm_inst *in;
  size_t call; /* index into calls */
  size_t from;
  unsigned arg;
  uint64_t at;
  Z3_ast off, cond;
  Z3_ast any; /* when some route reaches in (NULL: always) */
} smtm_route;

/* Outer memory: what a block that starts from an unknown state (the
 * predicate domain's, smtm_open) does not model as objects: the objects
 * of earlier blocks (the heap, a caller's locals) that pointers from
 * before may point into. One array of values per access type (key: 'i'
 * integers, 'b' _Bool, 'f' floats, 'p' pointers, and their bits), indexed
 * by the whole pointer; a write havocs the elements of every key whose
 * bytes it overlaps (SMTM_AV_HAVOC_AT), so reading the bytes through
 * another type than they were written with gives a fresh value, never a
 * stale one. Reads from the fresh base are Ackermann's, as arrays'. */
#define SMTM_OUTER_KEYS 16
typedef struct {
  char k;
  unsigned bits;
  uint64_t size; /* bytes */
  const ty *type;
  size_t ver; /* the current version (0: none yet) */
} smtm_outer;

typedef struct {
  Z3_ast p, cond; /* held */
  uint64_t size;
} smtm_owrite;

typedef struct {
  smtz *z;
  smtc *c;
  unsigned ptr_bits;          /* the data model's pointer width */
  VEC(smtm_layout *) layouts; /* cache, searched by type */
  smtm_inst **top;            /* by var id: newest instance */
  size_t ntop;
  VEC(smtm_inst *) insts; /* by object id - 1 */
  VEC(smtm_frame) frames;
  unsigned next_frame;
  VEC(smtm_tr) trail;
  VEC(smtm_aver) avers;
  VEC(smtm_aread) areads;
  VEC(char *) whys; /* reasons of cells changed by opaque calls */
  unsigned nfn;     /* function addresses: the top nfn object ids */
  VEC(smtm_call) calls;   /* of functions without a body, in path order */
  VEC(smtm_route) routes; /* append-only like avers (with references) */
  VEC(ty *) htypes;       /* types made for allocated objects (owned) */
  size_t nsym;            /* instances with smtm_inst.bytes */
  /* open memory (smtm_open; NULL: closed): by variable id, whether a
   * pointer may point into the variable's objects */
  const unsigned char *pointed;
  const cfa_function *main_fn;
  const cfa *g;
  VEC(const cfa_var *) opvars; /* the pointed variables */
  VEC(Z3_ast) olds;   /* object ids of pointers from before (held) */
  VEC(unsigned) news; /* ids of objects allocated since */
  smtm_outer outer[SMTM_OUTER_KEYS];
  unsigned nouter;
  VEC(smtm_owrite) owrites; /* writes to outer memory (held), path order */
} smtm;

typedef struct {
  size_t trail, avers, areads, calls, routes, olds, news, owrites;
} smtm_mark;

void smtm_init(smtm *s, smtz *z, smtc *c, const cfa *g);
void smtm_fini(smtm *s);
smtm_mark smtm_mark_now(const smtm *s);
/* Undo the trail after m (cells, instances, flags, frames). */
void smtm_undo_trail(smtm *s, const smtm_mark *m);
/* Drop the array versions, reads, calls and routes made after m. */
void smtm_undo_arrays(smtm *s, const smtm_mark *m);

/* ---------- values ---------- */

/* A scalar value. */
typedef struct {
  Z3_ast t;
  unsigned bits;
  bool sgn;
  char k;         /* 'i' integer, 'p' pointer, 'f' float (no term), 'v' void */
  const ty *type; /* C type when known */
} smtm_val;

/* Bits of a scalar of type t (pointers: SMTM_PTR_BITS). */
unsigned smtm_bits(smtm *s, const ty *t);
bool smtm_is_agg(const ty *t); /* struct, union or array */
smtm_val smtm_v(Z3_ast t, unsigned bits, bool sgn, char k, const ty *type);
smtm_val smtm_vint(smtm *s, Z3_ast t, const ty *T);
smtm_val smtm_vvoid(void);
smtm_val smtm_vflt(const ty *T);

Z3_ast smtm_ptr_obj(smtm *s, Z3_ast p);
Z3_ast smtm_ptr_off(smtm *s, Z3_ast p);
Z3_ast smtm_mk_ptr(smtm *s, Z3_ast obj, Z3_ast off);
Z3_ast smtm_null(smtm *s);
Z3_ast smtm_ptr_add(smtm *s, Z3_ast p, Z3_ast delta64);
/* A fresh value of type t with those facts (a pointer's object is the
 * constant 0, so accesses through it are decided without the solver). */
Z3_ast smtm_fresh(smtm *s, const char *name, const ty *t);

/* ---------- open memory ---------- */

/* Open the memory model for blocks that start from an unknown state (the
 * predicate domain's; pointed: by variable id, 1 when a pointer may point
 * into the variable, kept by the caller; NULL closes it). Then:
 *  - a fresh pointer (a variable's value at the start, a value read from
 *    outer memory, a result of code without a body) may point anywhere
 *    but into an object allocated since (distinct ids both ways);
 *  - an instance of a pointed variable in an old frame (globals, the
 *    bottom frame, frames smtm_frame_opened) is escaped when made, and
 *    they are all made before the first access through an unknown
 *    pointer;
 *  - an access through a pointer whose object is none of the instances
 *    goes to outer memory (above) instead of being invalid; bit-fields
 *    and raw bytes there, calls of code without a body given pointers,
 *    and a free of such a pointer while objects of the block live fail.
 * Obligations of such accesses are not made: a context in open mode
 * builds formulas for abstraction, it never decides paths. */
void smtm_open(smtm *s, const unsigned char *pointed, const cfa_function *main_fn);
/* The top frame was opened from an unknown state (its locals are old). */
void smtm_frame_opened(smtm *s);

/* ---------- objects and frames ---------- */

const smtm_layout *smtm_layout_of(smtm *s, const ty *t);
unsigned smtm_cur_frame(const smtm *s);
/* The frame of v's instances: 0 for globals and statics. */
unsigned smtm_frame_of(const smtm *s, const cfa_var *v);
void smtm_set_initialised(smtm *s, smtm_inst *in);
/* v is declared again without initialiser in the current frame (a loop):
 * the values of its instance there, if any, are indeterminate again. */
void smtm_forget(smtm *s, const cfa_var *v);
/* Every leaf of in is zero (static storage). */
void smtm_zero_inst(smtm *s, smtm_inst *in);
/* The data bytes of the regions of in are indeterminate again (padding of
 * an automatic object; its initialiser writes the members). */
void smtm_forget_regions(smtm *s, smtm_inst *in);
/* A call of fn: a new frame; its id. */
unsigned smtm_frame_push(smtm *s, const cfa_edge *call, const cfa_function *fn);
const smtm_frame *smtm_frame_top(const smtm *s); /* NULL: none */
/* The return from the top frame: its escaped instances are dead. */
void smtm_frame_pop(smtm *s);

/* ---------- lvalues and accesses ---------- */

typedef struct {
  Z3_ast p;       /* pointer to the object designated */
  const ty *type; /* its type */
  smtm_inst *in;  /* the instance when known */
  bool invalid;   /* known to point into no live object */
  bool kof;       /* offset known: off */
  bool lin;       /* offset = off + sum lt[i] * lm[i] (kof: no terms) */
  uint64_t off;
  unsigned nlin;
  Z3_ast lt[4];     /* 64-bit index terms */
  uint64_t lm[4];   /* their multipliers (element sizes) */
  unsigned line;    /* for failure and obligation texts */
  const char *what; /* for obligation texts ("invalid access") */
  unsigned bfw;     /* a bit-field of bfw bits (0: none) at bit bfoff of the
                     * byte p points to; type is its declared type */
  unsigned bfoff;
} smtm_lv;

/* The instance of v in frame `frame` (made when new). */
smtm_lv smtm_lv_var(smtm *s, const cfa_var *v, unsigned frame, unsigned line);
/* The object of type T that pointer p points to. */
smtm_lv smtm_lv_ptr(smtm *s, Z3_ast p, const ty *T, unsigned line,
                    const char *what);
/* lv moved by t elements of m bytes (t a 64-bit index), designating T. */
smtm_lv smtm_lv_index(smtm *s, smtm_lv lv, Z3_ast t, uint64_t m, const ty *T);
/* lv moved by delta bytes, designating T. */
smtm_lv smtm_lv_offc(smtm *s, smtm_lv lv, uint64_t delta, const ty *T);

/* Read / write the scalar (or bit-field) at lv when g holds (NULL:
 * always); obligation: lv designates a live object of its type. A write
 * to a bit-field stores v truncated to its width. */
smtm_val smtm_read(smtm *s, const smtm_lv *lv, Z3_ast g);
void smtm_write(smtm *s, const smtm_lv *lv, smtm_val v, Z3_ast g);
/* The value a bit-field lv holds after v (of its declared type) is
 * written: truncated to its width and extended again; v itself for other
 * lvalues. */
smtm_val smtm_stored(smtm *s, const smtm_lv *lv, smtm_val v);
/* The nb bytes at lv, inside a region, are indeterminate again (a union
 * initialised through another member than before). */
void smtm_forget_bytes(smtm *s, const smtm_lv *lv, uint64_t nb);
/* The address of lv is taken. */
void smtm_escape(smtm *s, const smtm_lv *lv);
/* Copy the aggregate at src to dst (same type), when g holds. */
void smtm_copy(smtm *s, const smtm_lv *dst, const smtm_lv *src, Z3_ast g);
/* The object of string literal lit (type char[N], bytes lit->str and a
 * NUL), made with its contents at its first use on the path: static, read
 * only (a write into it is undefined behaviour), its address taken. Each
 * literal of the program text is an object of its own. */
smtm_lv smtm_lv_string(smtm *s, const ex *lit, unsigned line);
/* Dynamic memory. An allocation (malloc, calloc, alloca) never fails, as
 * SV-COMP's rules have it: it makes a new object of `bytes` bytes (a term
 * of SMTM_OFF_BITS bits) whose address is taken, and returns its address.
 * Its type is T, the pointee of the cast or assignment the call is the
 * operand of (`(struct node *)malloc(sizeof(struct node))`), or an array
 * of T when `bytes` is a multiple of T's size; without T (void *) an array
 * of char. A constant size that is no whole number of T's fails, as does
 * 0. A size the path does not fix makes an object of that many bytes
 * (smtm_inst.bytes: 0 or a part of a T are allowed, and every access must
 * end within them) laid out as an array of T of SMTM_MAX_SYM_BYTES bytes.
 * calloc's object (zero) is zero; malloc's is uninitialised (its reads are
 * inputs, as an uninitialised variable's); alloca's (stack) dies when the
 * current frame returns. Fails (smtz_fail) beyond SMTM_MAX_OBJECTS. */
Z3_ast smtm_alloc(smtm *s, const char *fn, const ty *T, Z3_ast bytes,
                  bool zero, bool stack, unsigned line);
/* Variable-length array v declared at `line` (in the current frame), of
 * `count` elements of v->type->elem (a term of SMTM_OFF_BITS bits, not
 * necessarily fixed by the path, 0 included; the caller obliged it not
 * negative): a new
 * instance of v, which shadows the one of this frame before it (that one
 * ends). A count the path does not fix makes bytes as smtm_alloc's; the
 * obligation (when g holds) that their number fits SMTM_OFF_BITS bits
 * keeps executions with more within what is modelled. Returns the whole
 * array. */
smtm_lv smtm_vla(smtm *s, const cfa_var *v, Z3_ast count, Z3_ast g,
                 unsigned line);
/* free(p) when g holds (NULL: always). Obligations: p is NULL, a
 * pointer into no modelled object (from outside: freeing it changes
 * nothing modelled), or the start of an object malloc or calloc made that
 * is not yet freed. After
 * it the object is dead: every access to it is undefined. A p whose object
 * the encoding cannot tell, or a free under a condition (inside a large
 * block), fails. */
void smtm_free(smtm *s, Z3_ast p, Z3_ast g, unsigned line);
/* The address of function number `index` (g->functions, then
 * g->extern_fns): an object id of its own, with no bytes to access. */
Z3_ast smtm_fn_addr(smtm *s, unsigned index);
/* A call of function `name` without a body at `line` (the call expression
 * `call`, made when g holds): noted in `calls` (every such call, so that the
 * session can count the calls of one function). */
void smtm_call_note(smtm *s, const char *name, unsigned line, const void *call,
                    Z3_ast g);
/* The noted call (the last one) got the pointers args[i] as argument
 * argi[i] (byval: and a struct holding pointers by value, which is not
 * followed: the superset below; opaque: a library function whose writes
 * are defined but not modelled, so every leaf reached is marked as
 * changed): it may write anything into every object reachable from them at
 * the call (through those pointers, and transitively through pointers
 * stored in what they reach), and nothing else. Integer leaves of an object
 * reached by route R get ite(R's condition, fresh, old), the fresh value
 * being an input (SMT_INPUT_WRITTEN) recorded when first read; pointer
 * leaves are marked as changed (reading one fails). When a pointer's
 * targets cannot be followed exactly (an array of more than
 * SMTM_HAVOC_ELEMS pointers, a pointer a call changed), every live object
 * whose address was taken is marked as changed instead (a superset). */
#define SMTM_HAVOC_ELEMS 64
void smtm_havoc_call(smtm *s, const smtm_val *args, const unsigned *argi,
                     size_t n, bool byval, bool opaque, Z3_ast g);
/* Whether values of type t may hold a pointer. */
bool smtm_may_hold_ptr(const ty *t);

/* ---------- smtm_array.c's, for smtm.c (not for other modules) ---------- */

void smtm_trail(smtm *s, smtm_tr t);
/* v, simplified, named by a fresh constant unless small. */
Z3_ast smtm_def(smtm *s, Z3_ast v, const char *name, Z3_sort so);
/* Whether T is an access type of the region copies (raw byte or slot). */
bool smtm_is_raw(const ty *T);
smtm_aver *smtm_av(smtm *s, size_t v);
/* Append array version a (its terms held); its number. */
size_t smtm_av_new(smtm *s, smtm_aver a);
size_t smtm_av_base(smtm *s, smtm_av_kind k, const smtm_leaf *lf,
                    const char *name);
/* Element i of version v. */
Z3_ast smtm_av_read(smtm *s, size_t v, Z3_ast i);
/* The condition that none of conds[0..n) holds (NULL: true). */
Z3_ast smtm_none_of(smtm *s, Z3_ast *conds, size_t n);
/* Open memory: when an access through lv goes to outer memory (NULL:
 * never); reading and writing it. */
Z3_ast smtm_outer_cond(smtm *s, const smtm_lv *lv);
Z3_ast smtm_outer_read(smtm *s, const smtm_lv *lv);
void smtm_outer_write(smtm *s, const smtm_lv *lv, Z3_ast v, Z3_ast cond);

#endif
