/* aa_graphml: erep's GraphML form of an assumption automaton (the SV-COMP
 * witness format 1.0, graph data witness-type "assumption_automaton"),
 * written with libxml2's xmlTextWriter and read with its tree API. The SV-COMP witness keys carry what GraphML tools understand (entry,
 * sourcecode); aa.* keys carry the rest so that every transition
 * round-trips exactly (trigger, ASSERTs, ASSUME, actions, ERROR/STOP/BREAK,
 * state modes and types, automaton name, kind and LOCALs).
 *
 * Reading is defensive: no network, no entity expansion, no DTD loading,
 * and a document whose DOCTYPE declares entities is rejected before any
 * expansion could happen (billion laughs). */
#include "config.h"
#include "formats/aa.h"
#include "lib/hmap.h"
#include "lib/mem.h"
#include "lib/sbuf.h"

#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- keys ---------------------------------------------------------------- */

enum {
  AG_WITNESS_TYPE,
  AG_SOURCECODELANG,
  AG_PRODUCER,
  AG_PROGRAMFILE,
  AG_PROGRAMHASH,
  AG_NAME,
  AG_KIND,
  AG_LOCALS,
  AG_DIALECT,
  AG_ENTRY,
  AG_SINK,
  AG_USEFIRST,
  AG_STATETYPE,
  AG_SOURCECODE,
  AG_CATCHALL,
  AG_ASSUME,
  AG_TRIGGER,
  AG_ASSERTS,
  AG_ACTIONS,
  AG_GOTO,
  AG_NWRITTEN, /* the keys above: erep's form; those below it only reads */
  AG_VIOLATION = AG_NWRITTEN,
  AG_WSINK,
  AG_STARTLINE,
  AG_CONTROL,
  AG_ENTER,
  AG_RETURN,
  AG_NEGATED, /* the control of witnesses before format 1.0 */
  AG_NFIELDS
};

static const struct {
  const char *id, *name, *domain, *type, *dflt;
} ag_keys[AG_NFIELDS] = {
    [AG_WITNESS_TYPE] = {"witness-type", "witness-type", "graph", "string", 0},
    [AG_SOURCECODELANG] = {"sourcecodelang", "sourcecodelang", "graph",
                           "string", 0},
    [AG_PRODUCER] = {"producer", "producer", "graph", "string", 0},
    [AG_PROGRAMFILE] = {"programfile", "programfile", "graph", "string", 0},
    [AG_PROGRAMHASH] = {"programhash", "programhash", "graph", "string", 0},
    [AG_NAME] = {"aa.name", "aa.name", "graph", "string", 0},
    [AG_KIND] = {"aa.kind", "aa.kind", "graph", "string", 0},
    [AG_LOCALS] = {"aa.locals", "aa.locals", "graph", "string", 0},
    [AG_DIALECT] = {"aa.dialect", "aa.dialect", "graph", "string", 0},
    [AG_ENTRY] = {"entry", "isEntryNode", "node", "boolean", "false"},
    [AG_SINK] = {"aa.sink", "aa.sink", "node", "string", 0},
    [AG_USEFIRST] = {"aa.usefirst", "aa.usefirst", "node", "boolean", 0},
    [AG_STATETYPE] = {"aa.statetype", "aa.statetype", "node", "string", 0},
    [AG_SOURCECODE] = {"sourcecode", "sourcecode", "edge", "string", 0},
    [AG_CATCHALL] = {"aa.catchall", "aa.catchall", "edge", "boolean", "false"},
    [AG_ASSUME] = {"aa.assume", "aa.assume", "edge", "string", 0},
    [AG_TRIGGER] = {"aa.trigger", "aa.trigger", "edge", "string", 0},
    [AG_ASSERTS] = {"aa.asserts", "aa.asserts", "edge", "string", 0},
    [AG_ACTIONS] = {"aa.actions", "aa.actions", "edge", "string", 0},
    [AG_GOTO] = {"aa.goto", "aa.goto", "edge", "string", 0},
    /* a violation witness's (SV-COMP format 1.0) */
    [AG_VIOLATION] = {"violation", "isViolationNode", "node", "boolean",
                      "false"},
    [AG_WSINK] = {"sink", "isSinkNode", "node", "boolean", "false"},
    [AG_STARTLINE] = {"startline", "startline", "edge", "int", 0},
    [AG_CONTROL] = {"control", "control", "edge", "string", 0},
    [AG_ENTER] = {"enterFunction", "enterFunction", "edge", "string", 0},
    [AG_RETURN] = {"returnFrom", "returnFromFunction", "edge", "string", 0},
    [AG_NEGATED] = {"negated", "negated", "edge", "boolean", "false"},
};

static const char *const ag_stype_words[] = {NULL, "target", "non_target",
                                             "unknown"};

/* ---- writer ---------------------------------------------------------------
 */

/* XML 1.0 can carry only valid UTF-8 of its Char production. */
bool aa_xml_text_ok(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    unsigned c = *p;
    if (c < 0x80) {
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return false;
      p++;
      continue;
    }
    int n = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : -1;
    if (n < 0 || c > 0xf4) return false;
    unsigned cp = c & (0x3f >> n);
    for (int i = 1; i <= n; i++) {
      if ((p[i] & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (p[i] & 0x3f);
    }
    if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) ||
        (n == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
        (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe || cp == 0xffff)
      return false;
    p += n + 1;
  }
  return true;
}

typedef struct {
  xmlTextWriterPtr w;
  const aa_automaton *a;
  int failed; /* a libxml2 call failed (I/O) */
  char *err;  /* a text XML cannot carry */
} ag_writer;

#define AG_W(g, call)                                                          \
  do {                                                                         \
    if (!(g)->failed && !(g)->err && (call) < 0) (g)->failed = 1;              \
  } while (0)

static void ag_data(ag_writer *g, int field, const char *text,
                    const char *where) {
  if (g->err || g->failed) return;
  if (!aa_xml_text_ok(text)) {
    g->err =
        mem_printf("%s: %s: the %s contains a control character or invalid "
                   "UTF-8, which XML cannot carry",
                   g->a->path, where, ag_keys[field].name);
    return;
  }
  AG_W(g, xmlTextWriterStartElement(g->w, BAD_CAST "data"));
  AG_W(g, xmlTextWriterWriteAttribute(g->w, BAD_CAST "key",
                                      BAD_CAST ag_keys[field].id));
  AG_W(g, xmlTextWriterWriteString(g->w, BAD_CAST text));
  AG_W(g, xmlTextWriterFullEndElement(g->w));
}

static void ag_data_take(ag_writer *g, int field, char *text,
                         const char *where) {
  if (text) ag_data(g, field, text, where);
  mem_free(text);
}

int aa_write_graphml(const aa_automaton *a, FILE *out, char **err) {
  *err = NULL;
  errno = 0;
  xmlOutputBufferPtr ob = xmlOutputBufferCreateFile(out, NULL);
  xmlTextWriterPtr w = ob ? xmlNewTextWriter(ob) : NULL;
  if (!w) {
    if (ob) xmlOutputBufferClose(ob);
    *err = mem_printf("%s: cannot start the XML writer", a->path);
    return -1;
  }
  ag_writer g = {w, a, 0, NULL};
  AG_W(&g, xmlTextWriterSetIndent(w, 1));
  AG_W(&g, xmlTextWriterSetIndentString(w, BAD_CAST " "));
  AG_W(&g, xmlTextWriterStartDocument(w, "1.0", "UTF-8", NULL));
  AG_W(&g, xmlTextWriterStartElement(w, BAD_CAST "graphml"));
  AG_W(&g, xmlTextWriterWriteAttribute(
               w, BAD_CAST "xmlns",
               BAD_CAST "http://graphml.graphdrawing.org/xmlns"));
  AG_W(&g, xmlTextWriterWriteAttribute(
               w, BAD_CAST "xmlns:xsi",
               BAD_CAST "http://www.w3.org/2001/XMLSchema-instance"));
  for (int k = 0; k < AG_NWRITTEN; k++) {
    AG_W(&g, xmlTextWriterStartElement(w, BAD_CAST "key"));
    AG_W(&g,
         xmlTextWriterWriteAttribute(w, BAD_CAST "id", BAD_CAST ag_keys[k].id));
    AG_W(&g, xmlTextWriterWriteAttribute(w, BAD_CAST "for",
                                         BAD_CAST ag_keys[k].domain));
    AG_W(&g, xmlTextWriterWriteAttribute(w, BAD_CAST "attr.name",
                                         BAD_CAST ag_keys[k].name));
    AG_W(&g, xmlTextWriterWriteAttribute(w, BAD_CAST "attr.type",
                                         BAD_CAST ag_keys[k].type));
    if (ag_keys[k].dflt)
      AG_W(&g, xmlTextWriterWriteElement(w, BAD_CAST "default",
                                         BAD_CAST ag_keys[k].dflt));
    AG_W(&g, xmlTextWriterEndElement(w));
  }
  AG_W(&g, xmlTextWriterStartElement(w, BAD_CAST "graph"));
  AG_W(&g, xmlTextWriterWriteAttribute(w, BAD_CAST "edgedefault",
                                       BAD_CAST "directed"));
  ag_data(&g, AG_WITNESS_TYPE, "assumption_automaton", "graph");
  ag_data(&g, AG_SOURCECODELANG, "C", "graph");
  ag_data(&g, AG_PRODUCER, "erep " PACKAGE_VERSION, "graph");
  ag_data(&g, AG_PROGRAMFILE, "", "graph");
  ag_data(&g, AG_PROGRAMHASH, "", "graph");
  ag_data(&g, AG_NAME, a->name, "automaton name");
  ag_data(&g, AG_KIND,
          a->kind == AA_KIND_OBSERVER  ? "OBSERVER"
          : a->kind == AA_KIND_CONTROL ? "CONTROL"
                                       : "",
          "graph");
  ag_data_take(&g, AG_LOCALS, aa_locals_string(a), "LOCAL declarations");
  ag_data(&g, AG_DIALECT, a->dialect, "graph");
  for (uint32_t i = 0; i < a->nstates && !g.err && !g.failed; i++) {
    const aa_state *s = &a->states[i];
    if (!aa_xml_text_ok(s->name)) {
      g.err = mem_printf("%s:%u: state name '%s' is not valid UTF-8", a->path,
                         s->line, s->name);
      break;
    }
    AG_W(&g, xmlTextWriterStartElement(w, BAD_CAST "node"));
    AG_W(&g, xmlTextWriterWriteAttribute(w, BAD_CAST "id", BAD_CAST s->name));
    if ((int32_t)i == a->initial) ag_data(&g, AG_ENTRY, "true", s->name);
    if (s->sink)
      ag_data(&g, AG_SINK, s->sink == AA_SINK_TRUE ? "true" : "false", s->name);
    if (s->mode != AA_MODE_DEFAULT)
      ag_data(&g, AG_USEFIRST, s->mode == AA_MODE_USEFIRST ? "true" : "false",
              s->name);
    if (s->type != AA_STYPE_NONE)
      ag_data(&g, AG_STATETYPE, ag_stype_words[s->type], s->name);
    AG_W(&g, xmlTextWriterEndElement(w));
  }
  char where[64], id[32];
  for (uint32_t i = 0; i < a->ntransitions && !g.err && !g.failed; i++) {
    const aa_transition *t = &a->transitions[i];
    const aa_state *src = &a->states[t->source];
    snprintf(where, sizeof where, "line %u", t->line);
    snprintf(id, sizeof id, "E%u", i);
    AG_W(&g, xmlTextWriterStartElement(w, BAD_CAST "edge"));
    AG_W(&g, xmlTextWriterWriteAttribute(w, BAD_CAST "id", BAD_CAST id));
    AG_W(&g,
         xmlTextWriterWriteAttribute(w, BAD_CAST "source", BAD_CAST src->name));
    /* ERROR, STOP and BREAK have no state: the edge loops, aa.goto says */
    const char *target =
        t->go == AA_GOTO_STATE ? a->states[t->target].name : src->name;
    AG_W(&g,
         xmlTextWriterWriteAttribute(w, BAD_CAST "target", BAD_CAST target));
    if (t->trigger->kind == AA_X_MATCH)
      ag_data(&g, AG_SOURCECODE, t->trigger->text, where);
    else if (aa_transition_is_catchall(t))
      ag_data(&g, AG_CATCHALL, "true", where);
    else
      ag_data_take(&g, AG_TRIGGER, aa_expr_string(t->trigger), where);
    ag_data_take(&g, AG_ASSERTS, aa_asserts_string(t), where);
    if (t->assume) ag_data(&g, AG_ASSUME, t->assume, where);
    ag_data_take(&g, AG_ACTIONS, aa_actions_string(t), where);
    ag_data_take(&g, AG_GOTO, aa_goto_string(t), where);
    AG_W(&g, xmlTextWriterEndElement(w));
  }
  if (!g.err && !g.failed) AG_W(&g, xmlTextWriterEndDocument(w));
  if (!g.err && !g.failed) AG_W(&g, xmlTextWriterFlush(w));
  xmlFreeTextWriter(w); /* closes ob, which leaves `out` open */
  if (!g.err && !g.failed && (fflush(out) || ferror(out))) g.failed = 1;
  if (g.err) { /* a text XML cannot carry: the automaton is the problem */
    *err = g.err;
    return AA_WRITE_CONTENT;
  }
  if (g.failed) {
    *err = mem_printf("writing GraphML: %s", strerror(errno ? errno : EIO));
    return -1;
  }
  return 0;
}

/* ---- reader -----------------------------------------------------------------
 */

typedef struct {
  const char *id; /* borrowed from the document */
  int field;      /* AG_* or -1 when unknown */
  char *dflt;     /* <default> text (xmlFree) */
} ag_key;

typedef struct {
  const char *file;
  xmlDocPtr doc;
  VEC(ag_key) keys;
  char *vals[AG_NFIELDS]; /* of the element being read (xmlFree) */
  long skipped;           /* lines before the document (leading blank lines) */
  char *err;
  int entity_line; /* an <!ENTITY> was declared (0: none) */
} ag_reader;

/* Line of a node in the input as given. */
static long ag_line(const ag_reader *r, xmlNodePtr n) {
  return xmlGetLineNo(n) + r->skipped;
}

/* SAX hook: any entity declaration stops the parser before the entity can
 * be used, whatever its size or nesting. */
static void ag_entity_decl(void *ctx, const xmlChar *name, int type,
                           const xmlChar *publicId, const xmlChar *systemId,
                           xmlChar *content) {
  (void)name, (void)type, (void)publicId, (void)systemId, (void)content;
  xmlParserCtxtPtr ctxt = ctx;
  ag_reader *r = ctxt->_private;
  r->entity_line = xmlSAX2GetLineNumber(ctx);
  if (r->entity_line <= 0) r->entity_line = 1;
  r->entity_line += (int)r->skipped;
  xmlStopParser(ctxt);
}

static void ag_unparsed_entity_decl(void *ctx, const xmlChar *name,
                                    const xmlChar *publicId,
                                    const xmlChar *systemId,
                                    const xmlChar *notationName) {
  (void)notationName;
  ag_entity_decl(ctx, name, 0, publicId, systemId, NULL);
}

/* libxml2 reports some errors (e.g. of encoding conversion) through its
 * generic channel, which prints to stderr even with XML_PARSE_NOERROR;
 * the caller gets our message instead. */
static void ag_quiet(void *ctx, const char *msg, ...) {
  (void)ctx;
  (void)msg;
}

static bool ag_is(xmlNodePtr n, const char *name) {
  return n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, BAD_CAST name);
}

static int ag_field_named(const char *s) {
  for (int k = 0; k < AG_NFIELDS; k++)
    if (!strcmp(s, ag_keys[k].id) || !strcmp(s, ag_keys[k].name)) return k;
  return -1;
}

static int ag_fail(ag_reader *r, long line, const char *fmt, ...) {
  if (r->err) return -1;
  va_list ap;
  va_start(ap, fmt);
  char *m = mem_vprintf(fmt, ap);
  va_end(ap);
  r->err = line > 0 ? mem_printf("%s:%ld: %s", r->file, line, m)
                    : mem_printf("%s: %s", r->file, m);
  mem_free(m);
  return -1;
}

static char *ag_content(ag_reader *r, xmlNodePtr n) {
  xmlChar *c = xmlNodeGetContent(n);
  if (!c) c = xmlStrdup(BAD_CAST "");
  if (strlen((char *)c) > AA_MAX_LITERAL_BYTES) {
    ag_fail(r, ag_line(r, n), "<data> text longer than 1 MiB");
    xmlFree(c);
    return NULL;
  }
  return (char *)c;
}

static int ag_read_keys(ag_reader *r, xmlNodePtr root) {
  for (xmlNodePtr n = root->children; n; n = n->next) {
    if (!ag_is(n, "key")) continue;
    xmlChar *id = xmlGetProp(n, BAD_CAST "id");
    if (!id) return ag_fail(r, ag_line(r, n), "<key> without an id");
    xmlChar *name = xmlGetProp(n, BAD_CAST "attr.name");
    ag_key k = {0};
    /* the attr.name says what the data means; the id is a fallback (real
     * witnesses use ids such as "entry" for attr.name "isEntryNode") */
    k.field = name ? ag_field_named((char *)name) : -1;
    if (k.field < 0) k.field = ag_field_named((char *)id);
    xmlFree(name);
    for (xmlNodePtr d = n->children; d; d = d->next)
      if (ag_is(d, "default")) { /* the last one counts */
        char *c = ag_content(r, d);
        xmlFree(k.dflt);
        k.dflt = c;
        if (!c) {
          xmlFree(id);
          return -1;
        }
      }
    k.id = (const char *)id;
    VEC_PUSH(r->keys, k);
  }
  return 0;
}

static void ag_clear_vals(ag_reader *r) {
  for (int k = 0; k < AG_NFIELDS; k++) {
    xmlFree(r->vals[k]);
    r->vals[k] = NULL;
  }
}

/* The values of element n's <data> children, keys resolved through the
 * <key> table (by id, then by the key's attr.name), defaults applied. */
static int ag_read_data(ag_reader *r, xmlNodePtr n, const char *domain) {
  ag_clear_vals(r);
  for (size_t i = 0; i < r->keys.len; i++) {
    const ag_key *k = &r->keys.data[i];
    if (k->field >= 0 && k->dflt && !r->vals[k->field] &&
        !strcmp(ag_keys[k->field].domain, domain))
      r->vals[k->field] = (char *)xmlStrdup(BAD_CAST k->dflt);
  }
  bool seen[AG_NFIELDS] = {0};
  for (xmlNodePtr d = n->children; d; d = d->next) {
    if (!ag_is(d, "data")) continue;
    xmlChar *key = xmlGetProp(d, BAD_CAST "key");
    if (!key) return ag_fail(r, ag_line(r, d), "<data> without a key");
    int field = -1;
    bool declared = false;
    for (size_t i = 0; i < r->keys.len && !declared; i++)
      if (!strcmp(r->keys.data[i].id, (char *)key)) {
        field = r->keys.data[i].field;
        declared = true;
      }
    if (!declared) field = ag_field_named((char *)key);
    if (field >= 0 && strcmp(ag_keys[field].domain, domain)) field = -1;
    if (field < 0) { /* unknown keys are ignored, as GraphML wants */
      xmlFree(key);
      continue;
    }
    if (seen[field]) {
      ag_fail(r, ag_line(r, d), "two <data key=\"%s\"> in one <%s>",
              (char *)key, domain);
      xmlFree(key);
      return -1;
    }
    xmlFree(key);
    seen[field] = true;
    char *c = ag_content(r, d);
    if (!c) return -1;
    xmlFree(r->vals[field]);
    r->vals[field] = c;
  }
  return 0;
}

/* xsd:boolean; -1 when absent; -2 when malformed (error set). */
static int ag_bool(ag_reader *r, int field, long line) {
  const char *v = r->vals[field];
  if (!v) return -1;
  if (!strcmp(v, "true") || !strcmp(v, "1")) return 1;
  if (!strcmp(v, "false") || !strcmp(v, "0")) return 0;
  ag_fail(r, line, "%s must be true or false, not '%.40s'", ag_keys[field].name,
          v);
  return -2;
}

static char *ag_attr(xmlNodePtr n, const char *name) {
  return (char *)xmlGetProp(n, BAD_CAST name);
}

/* A C identifier (a function's name in a witness). */
static bool ag_ident_ok(const char *s) {
  if (!*s || (*s >= '0' && *s <= '9') || strlen(s) > 256) return false;
  for (; *s; s++)
    if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
          (*s >= '0' && *s <= '9')))
      return false;
  return true;
}

/* The automaton of a violation witness (SV-COMP format 1.0), which
 * follows it: a state per node (USEALL), a transition per witness edge
 * triggered by the program's edges of its startline (with its control,
 * enterFunction and returnFrom: MATCH LINE 7 && MATCH CONTROL
 * "condition-true" && MATCH ENTERFUNCTION "f" && MATCH RETURNFROM "f"; TRUE
 * without a startline), and last the stay where no witness edge matches
 * (TRUE -> GOTO the node itself), as validators read witnesses. An edge
 * into a violation node goes to __FALSE, so that erep report's frontier
 * traces are the witnessed paths to the error; into a sink node, STOP.
 * Assumptions are not used: the report proves each path with Z3. */
static aa_automaton *ag_build_witness(ag_reader *r, xmlNodePtr graph) {
  long gline = ag_line(r, graph);
  aa_builder *b = aa_builder_new(r->file);
  hmap names = {0}; /* node id -> 1 + index in kinds */
  VEC(char) kinds = {0}; /* per node: 'v' violation, 's' sink, 'n' */
  char *initial = NULL;
  long initial_line = 0;
  static const char *const sinks[2] = {"__TRUE", "__FALSE"};
  if (aa_builder_header(b, "ViolationWitness", AA_KIND_OBSERVER,
                        (uint32_t)gline, &r->err))
    goto done;
  for (int k = 0; k < 2 && !r->err; k++) {
    aa_transition_src t = {0};
    t.source = t.target = sinks[k];
    t.catchall = true;
    if (!aa_builder_state(b, sinks[k], AA_MODE_DEFAULT, AA_STYPE_NONE,
                          (uint32_t)gline, &r->err))
      aa_builder_transition(b, &t, (uint32_t)gline, &r->err);
  }
  for (xmlNodePtr n = graph->children; n && !r->err; n = n->next) {
    if (!ag_is(n, "node")) continue;
    long line = ag_line(r, n);
    if (ag_read_data(r, n, "node")) break;
    char *id = ag_attr(n, "id");
    if (!id || !*id || hmap_sget(&names, id)) {
      ag_fail(r, line, id && *id ? "a second node '%.60s'" : "<node> without an id",
              id ? id : "");
      xmlFree(id);
      break;
    }
    int entry = ag_bool(r, AG_ENTRY, line);
    int viol = ag_bool(r, AG_VIOLATION, line);
    int sink = ag_bool(r, AG_WSINK, line);
    VEC_PUSH(kinds, viol == 1 ? 'v' : sink == 1 ? 's' : 'n');
    hmap_sput(&names, id, (void *)(uintptr_t)kinds.len);
    if (entry == 1 && initial)
      ag_fail(r, line, "a second entry node '%.60s'", id);
    else if (entry == 1) {
      initial = mem_strdup(id);
      initial_line = line;
    }
    if (!r->err && kinds.data[kinds.len - 1] == 'n')
      aa_builder_state(b, id, AA_MODE_USEALL, AA_STYPE_NONE, (uint32_t)line,
                       &r->err);
    xmlFree(id);
  }
  for (xmlNodePtr n = graph->children; n && !r->err; n = n->next) {
    if (!ag_is(n, "edge")) continue;
    long line = ag_line(r, n);
    if (ag_read_data(r, n, "edge")) break;
    char *source = ag_attr(n, "source"), *target = ag_attr(n, "target");
    uintptr_t si = source ? (uintptr_t)hmap_sget(&names, source) : 0,
              ti = target ? (uintptr_t)hmap_sget(&names, target) : 0;
    if (!si || !ti)
      ag_fail(r, line, "an <edge> whose source or target is no node");
    else if (kinds.data[si - 1] == 'n') {
      /* the trigger, from the keys this edge has */
      sbuf tr = {0};
      const char *sl = r->vals[AG_STARTLINE], *ctl = r->vals[AG_CONTROL];
      /* an older witness says "negated" for the else branch (and nothing
       * for the then branch, which then is either) */
      if (!ctl && ag_bool(r, AG_NEGATED, line) == 1) ctl = "condition-false";
      char *endp = 0;
      unsigned long ln = sl ? strtoul(sl, &endp, 10) : 0;
      if (sl && (!*sl || *endp || !ln || ln > UINT32_MAX))
        ag_fail(r, line, "startline '%.20s' is not a line number", sl);
      if (ctl && strcmp(ctl, "condition-true") && strcmp(ctl, "condition-false"))
        ag_fail(r, line, "control '%.30s' is neither condition-true nor "
                         "condition-false", ctl);
      if (sl) sb_printf(&tr, "MATCH LINE %lu", ln);
      if (ctl) sb_printf(&tr, "%sMATCH CONTROL \"%s\"", tr.len ? " && " : "", ctl);
      const char *fns[2] = {r->vals[AG_ENTER], r->vals[AG_RETURN]};
      for (int k = 0; k < 2 && !r->err; k++) {
        if (!fns[k]) continue;
        if (!ag_ident_ok(fns[k]))
          ag_fail(r, line, "'%.60s' is not a function name", fns[k]);
        sb_printf(&tr, "%sMATCH %s \"%s\"", tr.len ? " && " : "",
                  k ? "RETURNFROM" : "ENTERFUNCTION", fns[k]);
      }
      aa_transition_src t = {0};
      t.source = source;
      t.trigger = tr.len ? tr.s : NULL;
      t.catchall = !tr.len;
      char k = kinds.data[ti - 1];
      t.target = k == 'v' ? "__FALSE" : k == 's' ? source : target;
      t.go = k == 's' ? "STOP" : NULL;
      if (!r->err) aa_builder_transition(b, &t, (uint32_t)line, &r->err);
      sb_free(&tr);
    }
    xmlFree(source);
    xmlFree(target);
  }
  if (!r->err && !initial)
    ag_fail(r, gline, "no node has entry=true (the witness's start)");
  if (!r->err && (!kinds.len || !memchr(kinds.data, 'v', kinds.len)))
    ag_fail(r, gline, "a violation witness without a violation node");
  /* the stay: last in each node's state */
  for (xmlNodePtr n = graph->children; n && !r->err; n = n->next) {
    if (!ag_is(n, "node")) continue;
    char *id = ag_attr(n, "id");
    if (kinds.data[(uintptr_t)hmap_sget(&names, id) - 1] == 'n') {
      aa_transition_src t = {0};
      t.source = t.target = id;
      t.catchall = true;
      aa_builder_transition(b, &t, (uint32_t)ag_line(r, n), &r->err);
    }
    xmlFree(id);
  }
done:;
  aa_automaton *a = NULL;
  if (!r->err)
    a = aa_builder_finish(b, initial, (uint32_t)initial_line, &r->err);
  else
    aa_builder_free(b);
  mem_free(initial);
  hmap_free(&names);
  VEC_FREE(kinds);
  return a;
}

static aa_automaton *ag_build(ag_reader *r, xmlNodePtr root) {
  if (!ag_is(root, "graphml")) {
    ag_fail(r, ag_line(r, root), "the root element is <%s>, not <graphml>",
            (const char *)root->name);
    return NULL;
  }
  if (ag_read_keys(r, root)) return NULL;
  xmlNodePtr graph = NULL;
  for (xmlNodePtr n = root->children; n && !graph; n = n->next)
    if (ag_is(n, "graph")) graph = n;
  if (!graph) {
    ag_fail(r, ag_line(r, root), "no <graph> element");
    return NULL;
  }
  if (ag_read_data(r, graph, "graph")) return NULL;
  long gline = ag_line(r, graph);
  const char *wt = r->vals[AG_WITNESS_TYPE];
  if (!wt) {
    /* witnesses before format 1.0 have no witness-type: one that declares
     * violation nodes is a violation witness */
    for (size_t i = 0; i < r->keys.len; i++)
      if (r->keys.data[i].field == AG_VIOLATION)
        return ag_build_witness(r, graph);
    ag_fail(r, gline, "no witness-type: not an erep assumption automaton");
    return NULL;
  }
  if (!strcmp(wt, "violation_witness")) return ag_build_witness(r, graph);
  if (strcmp(wt, "assumption_automaton")) {
    ag_fail(r, gline,
            "witness-type is '%.60s', not assumption_automaton or "
            "violation_witness (a correctness witness is not an automaton "
            "erep reads)",
            wt);
    return NULL;
  }
  aa_builder *b = aa_builder_new(r->file);
  aa_kind kind = AA_KIND_OBSERVER;
  const char *kw = r->vals[AG_KIND];
  if (kw && !strcmp(kw, "CONTROL"))
    kind = AA_KIND_CONTROL;
  else if (kw && !*kw)
    kind = AA_KIND_IMPLICIT;
  else if (kw && strcmp(kw, "OBSERVER"))
    ag_fail(r, gline,
            "aa.kind must be OBSERVER, CONTROL or empty, not "
            "'%.40s'",
            kw);
  char *initial = NULL;
  long initial_line = 0;
  if (!r->err && aa_builder_header(b,
                                   r->vals[AG_NAME] ? r->vals[AG_NAME]
                                                    : "AssumptionAutomaton",
                                   kind, (uint32_t)gline, &r->err))
    goto fail;
  if (!r->err && r->vals[AG_LOCALS] &&
      aa_builder_locals(b, r->vals[AG_LOCALS], (uint32_t)gline, &r->err))
    goto fail;
  for (xmlNodePtr n = graph->children; n && !r->err; n = n->next) {
    if (!ag_is(n, "node")) continue;
    long line = ag_line(r, n);
    if (ag_read_data(r, n, "node")) break;
    char *id = ag_attr(n, "id");
    if (!id) {
      ag_fail(r, line, "<node> without an id");
      break;
    }
    int entry = ag_bool(r, AG_ENTRY, line);
    int usefirst = ag_bool(r, AG_USEFIRST, line);
    aa_state_type type = AA_STYPE_NONE;
    const char *st = r->vals[AG_STATETYPE];
    if (st) {
      for (int k = 1; k < 4; k++)
        if (!strcmp(st, ag_stype_words[k])) type = (aa_state_type)k;
      if (type == AA_STYPE_NONE)
        ag_fail(r, line,
                "aa.statetype must be target, non_target or "
                "unknown, not '%.40s'",
                st);
    }
    const char *sink = r->vals[AG_SINK];
    if (sink && !((!strcmp(sink, "true") && !strcmp(id, "__TRUE")) ||
                  (!strcmp(sink, "false") && !strcmp(id, "__FALSE"))))
      ag_fail(r, line,
              "aa.sink='%.20s' on node '%.60s': only the states "
              "__TRUE and __FALSE are sinks",
              sink, id);
    if (!r->err && entry == 1) {
      if (initial)
        ag_fail(r, line,
                "a second entry node '%.60s' (the first is '%s' at "
                "line %ld)",
                id, initial, initial_line);
      else {
        initial = (char *)xmlStrdup(BAD_CAST id);
        initial_line = line;
      }
    }
    if (!r->err)
      aa_builder_state(b, id,
                       usefirst == 1   ? AA_MODE_USEFIRST
                       : usefirst == 0 ? AA_MODE_USEALL
                                       : AA_MODE_DEFAULT,
                       type, (uint32_t)line, &r->err);
    xmlFree(id);
  }
  for (xmlNodePtr n = graph->children; n && !r->err; n = n->next) {
    if (!ag_is(n, "edge")) continue;
    long line = ag_line(r, n);
    if (ag_read_data(r, n, "edge")) break;
    aa_transition_src t = {0};
    char *source = ag_attr(n, "source"), *target = ag_attr(n, "target");
    t.source = source;
    t.target = target;
    t.match = r->vals[AG_SOURCECODE];
    t.trigger = r->vals[AG_TRIGGER];
    int catchall = ag_bool(r, AG_CATCHALL, line);
    t.catchall = catchall == 1;
    t.asserts = r->vals[AG_ASSERTS];
    t.assume = r->vals[AG_ASSUME];
    t.actions = r->vals[AG_ACTIONS];
    t.go = r->vals[AG_GOTO];
    if (!source || !target)
      ag_fail(r, line, "<edge> without source or target");
    else if (!!t.match + !!t.trigger + t.catchall > 1)
      ag_fail(r, line,
              "the edge has more than one of sourcecode, aa.trigger "
              "and aa.catchall=true");
    if (!r->err) aa_builder_transition(b, &t, (uint32_t)line, &r->err);
    xmlFree(source);
    xmlFree(target);
  }
  if (!r->err && !initial)
    ag_fail(r, gline, "no node has entry=true (the initial state)");
  if (r->err) goto fail;
  aa_automaton *a =
      aa_builder_finish(b, initial, (uint32_t)initial_line, &r->err);
  xmlFree(initial);
  return a;
fail:
  xmlFree(initial);
  aa_builder_free(b);
  return NULL;
}

aa_automaton *aa_parse_graphml(const char *buf, size_t len, const char *name,
                               char **err) {
  *err = NULL;
  if (!name) name = "<input>";
  if (len > AA_MAX_FILE_BYTES) {
    *err = mem_printf("%s: input larger than 256 MiB (%zu bytes)", name, len);
    return NULL;
  }
  xmlInitParser();
  ag_reader r = {0};
  r.file = name;
  /* an XML declaration must come first: skip what aa_is_xml skips */
  size_t skip = len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3) ? 3 : 0;
  while (skip < len && (buf[skip] == ' ' || buf[skip] == '\t' ||
                        buf[skip] == '\n' || buf[skip] == '\r')) {
    if (buf[skip] == '\n' ||
        (buf[skip] == '\r' && (skip + 1 >= len || buf[skip + 1] != '\n')))
      r.skipped++;
    skip++;
  }
  buf += skip;
  len -= skip;
  xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
  if (!ctxt) {
    *err = mem_printf("%s: cannot create an XML parser", name);
    return NULL;
  }
  ctxt->_private = &r;
  ctxt->sax->entityDecl = ag_entity_decl;
  ctxt->sax->unparsedEntityDecl = ag_unparsed_entity_decl;
  /* NONET: no network; no NOENT, DTDLOAD or HUGE: entities stay
   * unexpanded, no external DTD is fetched, libxml2's size limits hold */
  xmlGenericErrorFunc old_handler = xmlGenericError;
  void *old_context = xmlGenericErrorContext;
  xmlSetGenericErrorFunc(NULL, ag_quiet);
  r.doc = xmlCtxtReadMemory(ctxt, buf, (int)len, name, NULL,
                            XML_PARSE_NONET | XML_PARSE_NOERROR |
                                XML_PARSE_NOWARNING | XML_PARSE_NOCDATA |
                                XML_PARSE_COMPACT | XML_PARSE_BIG_LINES);
  xmlSetGenericErrorFunc(old_context, old_handler);
  aa_automaton *a = NULL;
  if (r.entity_line) {
    *err = mem_printf("%s:%d: the DOCTYPE declares entities; erep does not "
                      "expand XML entities (they can blow up, e.g. 'billion "
                      "laughs')",
                      name, r.entity_line);
  } else if (!r.doc) {
    const xmlError *e = xmlCtxtGetLastError(ctxt);
    if (e && e->message) {
      size_t n = strlen(e->message);
      while (n && (e->message[n - 1] == '\n' || e->message[n - 1] == ' '))
        n--;
      *err = mem_printf("%s:%ld:%d: not well-formed XML: %.*s", name,
                        e->line + r.skipped, e->int2, (int)n, e->message);
    } else {
      *err = mem_printf("%s: not well-formed XML", name);
    }
  } else {
    xmlNodePtr root = xmlDocGetRootElement(r.doc);
    if (!root)
      *err = mem_printf("%s: XML document without a root element", name);
    else {
      a = ag_build(&r, root);
      if (!a) {
        *err = r.err;
        r.err = NULL;
      }
    }
  }
  ag_clear_vals(&r);
  for (size_t i = 0; i < r.keys.len; i++) {
    xmlFree((char *)r.keys.data[i].id);
    xmlFree(r.keys.data[i].dflt);
  }
  VEC_FREE(r.keys);
  mem_free(r.err);
  if (r.doc) xmlFreeDoc(r.doc);
  xmlFreeParserCtxt(ctxt);
  return a;
}
