/* realloc: dynamic memory beyond malloc, calloc and alloca is not
 * modelled; both analyses say so, naming the call and its line (8). */
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int *p = realloc(0, sizeof(int) * 4);
  if (!p) return 0;
  p[1] = n;
  if (p[1] == 42) reach_error();
  free(p);
  return 0;
}
