/* witness: see witness.h. */
#include "formats/witness.h"

#include "formats/aa.h"

#include "lib/mem.h"

#include <libxml/xmlwriter.h>
#include <string.h>
#include <time.h>

static const struct {
  const char *id, *domain, *type, *dflt;
} wit_keys[] = {
    {"witness-type", "graph", "string", 0},
    {"sourcecodelang", "graph", "string", 0},
    {"producer", "graph", "string", 0},
    {"specification", "graph", "string", 0},
    {"programfile", "graph", "string", 0},
    {"programhash", "graph", "string", 0},
    {"architecture", "graph", "string", 0},
    {"creationtime", "graph", "string", 0},
    {"entry", "node", "boolean", "false"},
    {"violation", "node", "boolean", "false"},
    {"startline", "edge", "int", 0},
    {"control", "edge", "string", 0},
    {"enterFunction", "edge", "string", 0},
    {"returnFrom", "edge", "string", 0},
    {"assumption", "edge", "string", 0},
    {"assumption.resultfunction", "edge", "string", 0},
};

typedef struct {
  xmlTextWriterPtr w;
  int failed;
  char *err;
} wit_w;

#define WIT(g, call)                                                           \
  do {                                                                         \
    if (!(g)->failed && !(g)->err && (call) < 0) (g)->failed = 1;              \
  } while (0)

static void wit_data(wit_w *g, const char *key, const char *text) {
  if (g->err || g->failed || !text) return;
  if (!aa_xml_text_ok(text)) {
    g->err = mem_printf("the witness's %s contains a control character or "
                        "invalid UTF-8, which XML cannot carry",
                        key);
    return;
  }
  WIT(g, xmlTextWriterStartElement(g->w, BAD_CAST "data"));
  WIT(g, xmlTextWriterWriteAttribute(g->w, BAD_CAST "key", BAD_CAST key));
  WIT(g, xmlTextWriterWriteString(g->w, BAD_CAST text));
  WIT(g, xmlTextWriterFullEndElement(g->w));
}

static void wit_node(wit_w *g, size_t i, const char *flag) {
  char id[32];
  snprintf(id, sizeof id, "N%zu", i);
  WIT(g, xmlTextWriterStartElement(g->w, BAD_CAST "node"));
  WIT(g, xmlTextWriterWriteAttribute(g->w, BAD_CAST "id", BAD_CAST id));
  if (flag) wit_data(g, flag, "true");
  WIT(g, xmlTextWriterEndElement(g->w));
}

static void wit_edge(wit_w *g, size_t i, const wit_step *s) {
  char a[32], b[32], line[32];
  snprintf(a, sizeof a, "N%zu", i);
  snprintf(b, sizeof b, "N%zu", i + 1);
  snprintf(line, sizeof line, "%u", s->line);
  WIT(g, xmlTextWriterStartElement(g->w, BAD_CAST "edge"));
  WIT(g, xmlTextWriterWriteAttribute(g->w, BAD_CAST "source", BAD_CAST a));
  WIT(g, xmlTextWriterWriteAttribute(g->w, BAD_CAST "target", BAD_CAST b));
  if (s->line) wit_data(g, "startline", line);
  if (s->control >= 0)
    wit_data(g, "control", s->control ? "condition-true" : "condition-false");
  wit_data(g, "enterFunction", s->enter);
  wit_data(g, "returnFrom", s->ret);
  if (s->assumption) {
    wit_data(g, "assumption", s->assumption);
    wit_data(g, "assumption.resultfunction", s->resultfunction);
  }
  WIT(g, xmlTextWriterEndElement(g->w));
}

int wit_write(const wit_info *info, const wit_step *steps, size_t n,
              FILE *out, char **err) {
  *err = NULL;
  xmlOutputBufferPtr ob = xmlOutputBufferCreateFile(out, NULL);
  xmlTextWriterPtr w = ob ? xmlNewTextWriter(ob) : NULL;
  if (!w) {
    if (ob) xmlOutputBufferClose(ob);
    *err = mem_strdup("cannot start the XML writer");
    return -1;
  }
  wit_w G = {w, 0, NULL}, *g = &G;
  bool correct = n == WIT_CORRECTNESS;
  WIT(g, xmlTextWriterSetIndent(w, 1));
  WIT(g, xmlTextWriterSetIndentString(w, BAD_CAST " "));
  WIT(g, xmlTextWriterStartDocument(w, "1.0", "UTF-8", NULL));
  WIT(g, xmlTextWriterStartElement(w, BAD_CAST "graphml"));
  WIT(g, xmlTextWriterWriteAttribute(
             w, BAD_CAST "xmlns", BAD_CAST "http://graphml.graphdrawing.org/xmlns"));
  WIT(g, xmlTextWriterWriteAttribute(
             w, BAD_CAST "xmlns:xsi",
             BAD_CAST "http://www.w3.org/2001/XMLSchema-instance"));
  for (size_t k = 0; k < sizeof wit_keys / sizeof *wit_keys; k++) {
    WIT(g, xmlTextWriterStartElement(w, BAD_CAST "key"));
    WIT(g, xmlTextWriterWriteAttribute(w, BAD_CAST "id", BAD_CAST wit_keys[k].id));
    WIT(g, xmlTextWriterWriteAttribute(w, BAD_CAST "for",
                                       BAD_CAST wit_keys[k].domain));
    WIT(g, xmlTextWriterWriteAttribute(w, BAD_CAST "attr.name",
                                       BAD_CAST wit_keys[k].id));
    WIT(g, xmlTextWriterWriteAttribute(w, BAD_CAST "attr.type",
                                       BAD_CAST wit_keys[k].type));
    if (wit_keys[k].dflt)
      WIT(g, xmlTextWriterWriteElement(w, BAD_CAST "default",
                                       BAD_CAST wit_keys[k].dflt));
    WIT(g, xmlTextWriterEndElement(w));
  }
  WIT(g, xmlTextWriterStartElement(w, BAD_CAST "graph"));
  WIT(g, xmlTextWriterWriteAttribute(w, BAD_CAST "edgedefault",
                                     BAD_CAST "directed"));
  wit_data(g, "witness-type",
           correct ? "correctness_witness" : "violation_witness");
  wit_data(g, "sourcecodelang", "C");
  wit_data(g, "producer", info->producer);
  char *spec = mem_printf("CHECK( init(main()), LTL(G ! call(%s())) )",
                          info->error ? info->error : "reach_error");
  wit_data(g, "specification", spec);
  mem_free(spec);
  wit_data(g, "programfile", info->program);
  wit_data(g, "programhash", info->sha256);
  wit_data(g, "architecture", info->bits == 64 ? "64bit" : "32bit");
  char when[40];
  time_t t = (time_t)info->time;
  struct tm tm;
  if (gmtime_r(&t, &tm) && strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm))
    wit_data(g, "creationtime", when);
  wit_node(g, 0, "entry");
  for (size_t i = 0; !correct && i < n; i++) {
    wit_node(g, i + 1, i + 1 == n ? "violation" : NULL);
    wit_edge(g, i, &steps[i]);
  }
  WIT(g, xmlTextWriterEndElement(w)); /* graph */
  WIT(g, xmlTextWriterEndElement(w)); /* graphml */
  WIT(g, xmlTextWriterEndDocument(w));
  xmlFreeTextWriter(w);
  if (g->err) {
    *err = g->err;
    return -1;
  }
  if (g->failed || ferror(out)) {
    *err = mem_strdup("writing the witness failed");
    return -1;
  }
  return 0;
}
