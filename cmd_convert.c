/* erep convert AA -o OUT.{txt,spc,graphml}: between CPAchecker's automaton
 * text (.txt, or .spc, CPAchecker's own extension for it) and erep's
 * GraphML form. The input format is found from the content, the output
 * format from the extension; the output is written atomically. */
#include "commands.h"
#include "formats/aa.h"
#include "lib/esc.h"
#include "lib/outfile.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static bool convert_ext(const char *path, const char *ext) {
  size_t n = strlen(path), k = strlen(ext);
  return n > k && !strcasecmp(path + n - k, ext) && path[n - k - 1] != '/';
}

erep_status cmd_convert(const erep_opts *o) {
  if (!o->output) {
    esc_fprintf(stderr, 0,
                "erep convert: missing -o OUT.txt, -o OUT.spc or -o "
                "OUT.graphml (see 'erep convert --help')\n");
    return ST_BAD_INPUT;
  }
  bool graphml = convert_ext(o->output, ".graphml");
  if (!graphml && !convert_ext(o->output, ".txt") &&
      !convert_ext(o->output, ".spc")) {
    esc_fprintf(stderr, 0,
                "erep convert: the output '%s' must end in .txt or .spc "
                "(automaton text) or .graphml (GraphML)\n",
                o->output);
    return ST_BAD_INPUT;
  }
  char *err;
  /* the output was checked before any work (guard.h) */
  aa_automaton *a = aa_load(o->pos[0], &err);
  if (!a) {
    esc_fprintf(stderr, 0, "erep convert: %s\n", err);
    mem_free(err);
    return ST_BAD_INPUT;
  }
  if (o->verbose)
    esc_fprintf(stderr, 0,
                "%s: %u states, %u transitions, %u distinct MATCH texts, "
                "dialect %s, %zu bytes in memory\n",
                a->path, a->nstates, a->ntransitions, a->nmatches, a->dialect,
                aa_memory(a));
  outfile_cleanup_on_signals();
  outfile *out = outfile_open(o->output, &err);
  if (!out) {
    esc_fprintf(stderr, 0, "erep convert: %s\n", err);
    mem_free(err);
    aa_free(a);
    return ST_BAD_INPUT;
  }
  int r = graphml ? aa_write_graphml(a, outfile_stream(out), &err)
                  : aa_write_text(a, outfile_stream(out), &err);
  aa_free(a);
  if (r) {
    /* a text XML cannot carry is bad input; anything else is I/O */
    bool io = r != AA_WRITE_CONTENT;
    esc_fprintf(stderr, 0, "erep convert: %s%s%s\n", io ? o->output : "",
                io ? ": " : "", err);
    mem_free(err);
    outfile_abort(out);
    return io ? ST_FAILED : ST_BAD_INPUT;
  }
  if (outfile_commit(out, &err)) {
    esc_fprintf(stderr, 0, "erep convert: %s\n", err);
    mem_free(err);
    return ST_FAILED;
  }
  return ST_OK;
}
