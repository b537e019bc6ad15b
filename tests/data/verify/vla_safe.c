/* A variable-length array of an input's size and a malloc of one (TRUE):
 * every element read was written before. The previous build: UNKNOWN
 * "variable-length array". */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void *malloc(unsigned long);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 4)
    return 0;
  int a[n];
  int *b = malloc(n * sizeof(int));
  for (unsigned i = 0; i < n; i++) {
    a[i] = (int)i;
    b[i] = 2 * a[i];
  }
  if (a[n - 1] != (int)n - 1 || b[n - 1] != 2 * a[n - 1])
    reach_error();
  return 0;
}
