/* Load one automaton and print what it cost: wall time (best of 3 loads),
 * the arena's size and the process's peak RSS growth during the first
 * load. Used by bench/aa_load.sh. */
#include "formats/aa.h"

#include <stdio.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

static long peak_kb(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: aa_load_stat AUTOMATON\n");
    return 2;
  }
  struct stat st;
  if (stat(argv[1], &st)) {
    perror(argv[1]);
    return 2;
  }
  long before = peak_kb();
  double best = 1e9;
  size_t arena = 0;
  long grow = 0;
  unsigned ns = 0, nt = 0;
  const char *dialect = "";
  for (int i = 0; i < 3; i++) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    char *err;
    aa_automaton *a = aa_load(argv[1], &err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (!a) {
      fprintf(stderr, "%s\n", err);
      mem_free(err);
      return 2;
    }
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
                (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    if (ms < best) best = ms;
    if (i == 0) grow = peak_kb() - before;
    arena = aa_memory(a);
    ns = a->nstates;
    nt = a->ntransitions;
    dialect = a->dialect; /* static string */
    aa_free(a);
  }
  printf("%lld %.1f %zu %ld %u %u %s\n", (long long)st.st_size, best, arena,
         grow * 1024, ns, nt, dialect);
  return 0;
}
