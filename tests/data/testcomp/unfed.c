/* Inputs a harness cannot give: every trace reads memory malloc made and
 * never wrote (its uninitialised value cannot be set), and the frontier
 * traces compare a long double (not modelled: unknown). */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int *p = malloc(sizeof(int));
  int v = *p;
  if (n > 3) {
    long double x = n;
    if (x > 5.0L)
      return 1;
    return v;
  }
  return 0;
}
