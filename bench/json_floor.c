/* json_floor: the time jansson alone takes to parse a JSON file (the floor
 * of every reader built on it, erep's report reader included): the file is
 * read into memory once, then parsed RUNS times; prints the minimum and the
 * median in milliseconds. usage: bench/json_floor FILE [RUNS] */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE [RUNS]\n", argv[0]);
    return 2;
  }
  int runs = argc > 2 ? atoi(argv[2]) : 5;
  if (runs < 1 || runs > 100) runs = 5;
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  char *b = malloc(n > 0 ? (size_t)n : 1);
  if (!b || fread(b, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "%s: cannot read\n", argv[1]);
    return 2;
  }
  fclose(f);
  double t[100];
  for (int i = 0; i < runs; i++) {
    json_error_t e;
    double t0 = now();
    json_t *j = json_loadb(b, (size_t)n, JSON_REJECT_DUPLICATES, &e);
    t[i] = now() - t0;
    if (!j) {
      fprintf(stderr, "%s:%d: %s\n", argv[1], e.line, e.text);
      return 2;
    }
    json_decref(j);
  }
  qsort(t, (size_t)runs, sizeof t[0], cmp);
  printf("%.0f ms (min %.0f ms)\n", t[(runs - 1) / 2], t[0]);
  free(b);
  return 0;
}
