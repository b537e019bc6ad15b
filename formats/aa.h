/* aa: assumption automata in CPAchecker's automaton language and in erep's
 * GraphML form (the SV-COMP witness format 1.0 with aa.* keys for what it
 * cannot say; aa_graphml.c lists them).
 *
 * The model is laid out for the product construction: states live in one
 * array (index = state id), the transitions of a state are one contiguous
 * range of one transitions array, in file order (USEFIRST semantics depend
 * on it). MATCH "..." texts are interned: equal texts share one string and
 * one trigger node, and every distinct text has a dense id. Everything of an
 * automaton lives in one arena; aa_free releases it at once.
 *
 * All structures are read-only for other modules. */
#ifndef EREP_AA_H
#define EREP_AA_H

#include "lib/mem.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Input limits; beyond them the readers fail with a message. */
#define AA_MAX_FILE_BYTES ((size_t)256 << 20)
#define AA_MAX_LITERAL_BYTES ((size_t)1 << 20) /* one string/{..}/[..] */
#define AA_MAX_TRANSITIONS 50000000u
#define AA_MAX_NESTING 200 /* parentheses and '!' in one expression */

#define AA_NONE (-1) /* no state (ERROR, STOP, BREAK targets) */

typedef enum {
  AA_KIND_IMPLICIT, /* no keyword before AUTOMATON (CPAchecker: CONTROL) */
  AA_KIND_OBSERVER,
  AA_KIND_CONTROL
} aa_kind;

typedef enum {
  AA_MODE_DEFAULT, /* no keyword: CPAchecker treats it as USEALL */
  AA_MODE_USEFIRST,
  AA_MODE_USEALL
} aa_mode;

typedef enum { AA_SINK_NONE, AA_SINK_TRUE, AA_SINK_FALSE } aa_sink;

typedef enum {
  AA_STYPE_NONE,
  AA_STYPE_TARGET,     /* TARGET STATE */
  AA_STYPE_NON_TARGET, /* NON_TARGET STATE (GIA) */
  AA_STYPE_UNKNOWN     /* UNKNOWN STATE (GIA) */
} aa_state_type;

typedef enum {
  AA_GOTO_STATE, /* GOTO name */
  AA_GOTO_ERROR, /* ERROR or ERROR("property") */
  AA_GOTO_STOP,  /* STOP: the path ends (BOTTOM) */
  AA_GOTO_BREAK  /* BREAK */
} aa_goto;

/* Expression kinds: triggers, ASSERTs, DO values and PRINT arguments. */
typedef enum {
  AA_X_TRUE,
  AA_X_FALSE,
  AA_X_MATCH,             /* MATCH "text": the raw statement equals text */
  AA_X_MATCH_AST,         /* MATCH {pattern} */
  AA_X_MATCH_REGEX,       /* MATCH [regex] */
  AA_X_MATCH_LABEL,       /* MATCH LABEL "text" */
  AA_X_MATCH_LABEL_REGEX, /* MATCH LABEL [regex] */
  AA_X_MATCH_ASSERT,      /* MATCH ASSERT */
  AA_X_MATCH_EXIT,        /* MATCH EXIT */
  AA_X_MATCH_ENTRY,       /* MATCH ENTRY */
  AA_X_MATCH_CALL,        /* MATCH FUNCTIONCALL "text" (GIA) */
  AA_X_CHECK,             /* CHECK(cpa, "text"); CHECK("text") has cpa NULL */
  AA_X_CHECK_TARGET,      /* CHECK(IS_TARGET_STATE) */
  AA_X_IS_CALL,           /* IS_CALL (execution-report fork) */
  AA_X_IS_FEASIBLE,       /* IS_FEASIBLE (execution-report fork) */
  AA_X_NOT,               /* !a */
  AA_X_AND,               /* a && b */
  AA_X_OR,                /* a || b */
  AA_X_EQ,                /* a == b (booleans or integers) */
  AA_X_NEQ,               /* a != b */
  AA_X_PAREN,             /* (a): kept so that writing gives back the text */
  AA_X_INT,               /* decimal literal, text = digits */
  AA_X_VAR,               /* LOCAL variable, text = name */
  AA_X_PLUS,              /* a + b */
  AA_X_MINUS,             /* a - b */
  AA_X_EVAL,              /* EVAL(cpa, "text") */
  AA_X_STRING,            /* "text" (PRINT argument) */
  /* erep's triggers of a violation witness read back (aa_graphml.c): */
  AA_X_MATCH_LINE,   /* MATCH LINE n: an edge of program line n */
  AA_X_MATCH_CONTROL, /* MATCH CONTROL "condition-true"|"condition-false":
                         an assume edge of that branch */
  AA_X_MATCH_RETURN, /* MATCH RETURNFROM "f": the return edge from f */
  AA_X_MATCH_ENTER   /* MATCH ENTERFUNCTION "f": the call edge into f (a
                        function with a body; CPAchecker's FUNCTIONCALL is
                        a statement calling one without) */
} aa_xkind;

typedef struct aa_expr aa_expr;
struct aa_expr {
  uint8_t kind;     /* aa_xkind */
  uint8_t is_int;   /* integer-valued (INT, VAR, PLUS, MINUS, EVAL, parens) */
  uint32_t len;     /* strlen(text) */
  uint32_t id;      /* AA_X_MATCH: dense id of the distinct text */
  const char *text; /* unescaped; NULL for kinds without text */
  const char *cpa;  /* CHECK/EVAL: the CPA name or NULL */
  const aa_expr *a, *b; /* operands (a only for NOT and PAREN) */
};

typedef enum {
  AA_ACT_DO,         /* DO var = value */
  AA_ACT_PRINT,      /* PRINT args... */
  AA_ACT_MODIFY,     /* MODIFY(cpa, "text") (deprecated) */
  AA_ACT_PRINT_CALLS /* PRINT_CALLS (execution-report fork) */
} aa_action_kind;

typedef struct {
  uint8_t kind;         /* aa_action_kind */
  uint32_t nargs;       /* PRINT */
  const char *name;     /* DO: variable; MODIFY: cpa */
  const char *text;     /* MODIFY: the query */
  const aa_expr *value; /* DO */
  const aa_expr **args; /* PRINT */
} aa_action;

/* The rarely used parts of a transition, kept apart so that the common one
 * (trigger, assume, target) stays small. */
typedef struct {
  uint32_t nasserts, nactions;
  const aa_expr **asserts; /* ASSERT conditions */
  const aa_action *actions;
  const char *property; /* ERROR("property"); NULL for plain ERROR */
} aa_transition_more;

typedef struct {
  const aa_expr *trigger;
  const char *assume;             /* ASSUME {...} content, unescaped; NULL
                                     when there is none */
  const aa_transition_more *more; /* NULL when nothing of it is present */
  int32_t source;                 /* state index */
  int32_t target;                 /* state index (AA_GOTO_STATE) or AA_NONE */
  uint32_t line;                  /* line of the trigger in the input */
  uint8_t go;                     /* aa_goto */
} aa_transition;

typedef struct {
  const char *name;      /* as written: ARG12, ARG7M3, ARG2_4_1, __TRUE... */
  uint32_t first, count; /* transitions [first, first + count) */
  uint32_t line;         /* line of the STATE keyword (or XML element) */
  uint8_t mode;          /* aa_mode */
  uint8_t sink;          /* aa_sink, from the names __TRUE / __FALSE */
  uint8_t type;          /* aa_state_type */
} aa_state;

typedef struct {
  const char *type, *name;
  const char *value; /* decimal text, NULL when there is no initialiser */
} aa_local;

typedef struct {
  const char *path;              /* file name used in messages */
  const char *name;              /* automaton name */
  const char *dialect;           /* see aa_dialect_names */
  uint8_t kind;                  /* aa_kind */
  int32_t initial;               /* state index */
  int32_t true_sink, false_sink; /* state index of __TRUE/__FALSE or AA_NONE */
  uint32_t nstates, ntransitions, nlocals, nmatches;
  const aa_state *states;
  const aa_transition *transitions;
  const aa_local *locals;
  const aa_expr **matches; /* the distinct MATCH "..." nodes, by id */
  mem_arena *arena;        /* owns everything above */
} aa_automaton;

/* The dialect names aa_automaton.dialect takes (aa_text.c tells them apart
 * by the automaton's shape: state names and types, sinks, catch-alls,
 * ASSUMEs, ERROR and STOP):
 * "gia", "counterexample", "initial-false", "hand-written", "swapped",
 * "counterexample-derived", "assumption-collector-old", "ignore-assumptions",
 * "assumption-collector-new". */
extern const char *const aa_dialect_names[];

/* Reading. On failure they return NULL and set *err to an allocated message
 * "FILE:LINE:COL: what is wrong" (LINE and COL when known); free it with
 * mem_free. `name` is the file name used in messages. */
aa_automaton *aa_load(const char *path, char **err); /* format by content */
aa_automaton *aa_parse_text(const char *buf, size_t len, const char *name,
                            char **err);
aa_automaton *aa_parse_graphml(const char *buf, size_t len, const char *name,
                               char **err);
/* True when buf looks like XML (after whitespace or a BOM, it starts with
 * '<'); aa_load then reads GraphML, otherwise the automaton language. */
bool aa_is_xml(const char *buf, size_t len);
/* Whether XML 1.0 can carry s: valid UTF-8 (no overlong forms, no
 * surrogates) of its Char production (no control characters but tab and
 * the line ends). */
bool aa_xml_text_ok(const char *s);
void aa_free(aa_automaton *a);

/* Writing. Text: canonical CPAchecker automaton text. GraphML: the witness
 * keys plus aa.* keys so that every transition round-trips.
 * Return 0, or with *err set AA_WRITE_IO (an I/O error) or, for GraphML,
 * AA_WRITE_CONTENT (a text that XML cannot carry, e.g. control characters
 * or invalid UTF-8: bad input, not a failure of erep). */
enum { AA_WRITE_IO = -1, AA_WRITE_CONTENT = -2 };
int aa_write_text(const aa_automaton *a, FILE *out, char **err);
int aa_write_graphml(const aa_automaton *a, FILE *out, char **err);

/* Queries. */
bool aa_transition_is_catchall(const aa_transition *t); /* trigger is TRUE */
bool aa_state_has_catchall(const aa_automaton *a, int32_t state);
int32_t aa_state_index(const aa_automaton *a, const char *name); /* or
                                                                    AA_NONE */
size_t aa_memory(const aa_automaton *a); /* bytes held by the arena */

/* Pieces in automaton syntax (allocated, mem_free), as the text writer
 * prints them; NULL when the piece is absent. */
char *aa_expr_string(const aa_expr *e);
char *aa_asserts_string(const aa_transition *t); /* "ASSERT a ASSERT b" */
char *aa_actions_string(const aa_transition *t); /* "DO x = 1 PRINT \"s\"" */
char *aa_goto_string(const aa_transition *t);    /* "ERROR(\"p\")", "STOP".. */
char *aa_locals_string(const aa_automaton *a);   /* "LOCAL int x = 0; ..." */

/* Construction, for readers of other formats: declare states and
 * transitions in any order, then finish. Transitions keep the order in
 * which they were added within their source state. Pieces are parsed with
 * the automaton-language grammar; errors name `file` and `line`. Each call
 * returns 0, or -1 with *err set; after an error only aa_builder_free. */
typedef struct aa_builder aa_builder;
typedef struct {
  const char *source;  /* state name */
  const char *match;   /* MATCH "match" (unescaped), or NULL */
  const char *trigger; /* else a trigger in automaton syntax, or NULL */
  bool catchall;       /* else TRUE when set */
  const char *asserts; /* "ASSERT c ..." or NULL */
  const char *assume;  /* unescaped ASSUME content or NULL */
  const char *actions; /* "DO ... PRINT ..." or NULL */
  const char *go;      /* "ERROR", "ERROR(\"p\")", "STOP", "BREAK"; NULL:
                          GOTO target */
  const char *target;  /* GOTO target state name */
} aa_transition_src;

aa_builder *aa_builder_new(const char *file);
void aa_builder_free(aa_builder *b);
int aa_builder_header(aa_builder *b, const char *name, aa_kind kind,
                      uint32_t line, char **err);
int aa_builder_locals(aa_builder *b, const char *text, uint32_t line,
                      char **err);
int aa_builder_state(aa_builder *b, const char *name, aa_mode mode,
                     aa_state_type type, uint32_t line, char **err);
int aa_builder_transition(aa_builder *b, const aa_transition_src *t,
                          uint32_t line, char **err);
/* The header of an assumption automaton as erep and CPAchecker's
 * collector write it (OBSERVER AUTOMATON AssumptionAutomaton), the sink
 * __TRUE and, with with_false, the sink __FALSE (TRUE -> ASSUME {false}
 * GOTO __FALSE). */
int aa_builder_collector(aa_builder *b, bool with_false, char **err);
/* Resolves names, checks GOTO targets, frees b (also on failure). */
aa_automaton *aa_builder_finish(aa_builder *b, const char *initial,
                                uint32_t line, char **err);

#endif
