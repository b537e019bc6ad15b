/* html: see html.h. */
#include "html.h"

#include "dot.h"
#include "html_app.h"
#include "lib/file.h"
#include "lib/mem.h"
#include "lib/sbuf.h"
#include "rjson.h"

#include <errno.h>
#include <jansson.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

/* Text as HTML text (for the few strings the page holds outside its
 * data: the title). */
static void html_text(FILE *out, const char *s) {
  for (; s && *s; s++) {
    switch (*s) {
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '&': fputs("&amp;", out); break;
    case '"': fputs("&quot;", out); break;
    case '\'': fputs("&#39;", out); break;
    default:
      if ((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n')
        fputs("\xef\xbf\xbd", out); /* no control characters */
      else
        fputc(*s, out);
    }
  }
}

/* The report's JSON for a <script> block: '/' escaped by jansson (no
 * "</"), and every '<' as \u003c (it occurs only inside strings), so that
 * nothing in the data can end or re-open the block. mem_free. */
static char *html_json(const rep_report *r, char **err) {
  json_t *j = rj_to_json(r);
  if (!j) {
    *err = mem_strdup("the report could not be made into JSON");
    return 0;
  }
  /* a report made before minor 3: the program's file, when it is the one
   * the report was made from */
  json_t *p = json_object_get(j, "program");
  if (!r->program_text && r->program_path && json_is_object(p)) {
    size_t n = 0;
    char *e = 0;
    char *t = file_read(r->program_path, (size_t)64 << 20, &n, &e);
    mem_free(e);
    char *h = t ? rep_sha256(t, n) : 0;
    if (h && r->program_sha256 && !strcmp(h, r->program_sha256)) {
      json_t *s = json_stringn(t, n);
      if (s) json_object_set_new(p, "source", s);
    }
    mem_free(h);
    mem_free(t);
  }
  /* the page does not show the automaton's text: not carried (the
   * drivers64 report: 4 MB less) */
  json_t *a = json_object_get(j, "automaton");
  if (json_is_object(a)) {
    json_object_del(a, "source");
    json_object_del(a, "source_base64");
  }
  char *d = json_dumps(j, JSON_COMPACT | JSON_ESCAPE_SLASH | JSON_ENSURE_ASCII);
  json_decref(j);
  if (!d) {
    *err = mem_strdup("the report's JSON could not be written");
    return 0;
  }
  size_t lt = 0, n = strlen(d);
  for (size_t i = 0; i < n; i++) lt += d[i] == '<';
  char *o = mem_alloc(n + 5 * lt + 1), *q = o;
  for (size_t i = 0; i < n; i++) {
    if (d[i] == '<') {
      memcpy(q, "\\u003c", 6);
      q += 6;
    } else
      *q++ = d[i];
  }
  *q = 0;
  free(d);
  return o;
}

/* Graphviz's SVG as SVG inside HTML, through libxml2: the root element
 * alone (the prolog and DOCTYPE are not HTML); its size in CSS pixels
 * (Graphviz writes points, which HTML's validators refuse on <svg>), and
 * each tooltip (Graphviz's xlink:title on <a>) as the <title> child that
 * SVG 2 and HTML name for it. NULL when the text is not XML. mem_free. */
static char *html_svg_inline(const char *svg, size_t len) {
  xmlDocPtr doc = xmlReadMemory(svg, (int)len, "picture.svg", NULL,
                                XML_PARSE_NONET | XML_PARSE_NOERROR |
                                    XML_PARSE_NOWARNING);
  xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
  if (!root || xmlStrcmp(root->name, BAD_CAST "svg")) {
    xmlFreeDoc(doc);
    return NULL;
  }
  static const char *const dims[2] = {"width", "height"};
  for (int i = 0; i < 2; i++) {
    xmlChar *v = xmlGetProp(root, BAD_CAST dims[i]);
    if (!v) continue;
    char *end;
    double x = strtod((const char *)v, &end);
    if (!strcmp(end, "pt")) {
      char px[32];
      snprintf(px, sizeof px, "%.0f", x * 4.0 / 3.0);
      xmlSetProp(root, BAD_CAST dims[i], BAD_CAST px);
    }
    xmlFree(v);
  }
  /* depth first, without recursion: next element in document order */
  for (xmlNodePtr n = root; n;) {
    if (n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, BAD_CAST "a")) {
      xmlAttrPtr at = n->properties;
      for (; at; at = at->next)
        if (!xmlStrcmp(at->name, BAD_CAST "title")) break;
      if (at) {
        xmlChar *t = xmlNodeGetContent((xmlNodePtr)at);
        xmlRemoveProp(at);
        xmlNodePtr title = xmlNewDocNode(doc, n->ns, BAD_CAST "title", NULL);
        xmlNodeAddContent(title, t);
        xmlFree(t);
        if (n->children)
          xmlAddPrevSibling(n->children, title);
        else
          xmlAddChild(n, title);
      }
    }
    if (n->type == XML_ELEMENT_NODE && n->children) {
      n = n->children;
      continue;
    }
    while (n && n != root && !n->next)
      n = n->parent;
    n = n && n != root ? n->next : NULL;
  }
  xmlBufferPtr b = xmlBufferCreate();
  char *out = NULL;
  if (b && xmlNodeDump(b, doc, root, 0, 0) >= 0)
    out = mem_strdup((const char *)xmlBufferContent(b));
  xmlBufferFree(b);
  xmlFreeDoc(doc);
  return out;
}

/* The SVG of trace t's picture for the page (html_svg_inline), or NULL.
 * mem_free. */
static char *html_svg(const rep_report *r, const rep_trace *t) {
  char *view = mem_printf("trace:%s", t->id);
  dot_options o = {view, true, 0, 0, false};
  dot_graph *g = 0;
  char *warning = 0, *err = 0;
  dot_status s = dot_build(r, &o, &g, &warning, &err);
  mem_free(warning);
  mem_free(err);
  mem_free(view);
  if (s != DOT_OK) return 0;
  char *buf = 0;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) {
    dot_free(g);
    return 0;
  }
  err = 0;
  s = dot_render(g, DOT_FMT_SVG, f, &err);
  mem_free(err);
  dot_free(g);
  if (fclose(f) || s != DOT_OK) {
    free(buf);
    return 0;
  }
  char *r2 = buf ? html_svg_inline(buf, len) : 0;
  free(buf);
  return r2;
}

/* Trace t's picture, while fewer than HTML_MAX_PICTURES are made. */
static void html_picture(const rep_report *r, const rep_trace *t, FILE *out,
                         size_t *made) {
  if (*made >= HTML_MAX_PICTURES || t->steps.len > HTML_MAX_PICTURE_STEPS)
    return;
  char *svg = html_svg(r, t);
  if (!svg) return;
  fputs("<template id=\"pic-", out);
  html_text(out, t->id);
  fputs("\">", out);
  fputs(svg, out);
  fputs("</template>\n", out);
  mem_free(svg);
  (*made)++;
}

/* The traces' pictures as <template id="pic-ID"> (the script clones the
 * open trace's): the first HTML_MAX_PICTURES of at most
 * HTML_MAX_PICTURE_STEPS steps, frontier first, then safe, then those
 * that reach undefined behaviour. */
static void html_pictures(const rep_report *r, FILE *out) {
  size_t made = 0;
  const rep_component_kind order[2] = {REP_FRONTIER, REP_SAFE};
  for (int k = 0; k < 2; k++) {
    const rep_component *c = &r->comp[order[k]];
    for (size_t i = 0; i < c->traces.len; i++)
      html_picture(r, c->traces.data[i], out, &made);
  }
  /* those that reach undefined behaviour: proved up to it */
  for (size_t i = 0; i < r->undefined.len; i++)
    html_picture(r, r->undefined.data[i], out, &made);
}

int html_write(const rep_report *r, const char *name, FILE *out, char **err) {
  *err = 0;
  char *data = html_json(r, err);
  if (!data) return -1;
  fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"generator\" content=\"erep\">\n"
        "<title id=\"title\">erep report of ",
        out);
  html_text(out, r->program_path ? r->program_path : "?");
  fputs("</title>\n<style>", out);
  fputs(html_style, out);
  fputs("</style>\n</head>\n<body>\n<header><h1>", out);
  html_text(out, name);
  fputs(": ", out);
  html_text(out, r->program_path ? r->program_path : "?");
  fputs("</h1><div class=\"sum\" id=\"sum\"></div>"
        "<div class=\"note\"><kbd>j</kbd>/<kbd>k</kbd> traces, then steps "
        "&middot; <kbd>Enter</kbd> the steps &middot; <kbd>Esc</kbd> back "
        "&middot; <kbd>/</kbd> search &middot; colours: verified, "
        "unexplored, visited; a framed line is on the open trace</div>"
        "</header>\n<main>\n<div id=\"list\"><input id=\"search\" "
        "placeholder=\"search traces (id, function, step text)\">"
        "<div id=\"items\"></div></div>\n<div id=\"steps\"></div>\n"
        "<div id=\"src\"></div>\n</main>\n",
        out);
  html_pictures(r, out);
  fputs("<script id=\"report\" type=\"application/json\">", out);
  fputs(data, out);
  mem_free(data);
  fputs("</script>\n<script>\n", out);
  fputs(html_script, out);
  fputs("</script>\n</body>\n</html>\n", out);
  if (fflush(out) || ferror(out)) {
    *err = mem_printf("writing the HTML: %s", strerror(errno ? errno : EIO));
    return -1;
  }
  return 0;
}
