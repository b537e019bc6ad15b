/* A variable-length array of an input's size (FALSE, replayed under gcc):
 * the sum of a[0..n-1] = 0..n-1 reaches 6 for n = 4. The previous build:
 * UNKNOWN "variable-length array". */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 8)
    return 0;
  int a[n];
  for (unsigned i = 0; i < n; i++)
    a[i] = (int)i;
  int s = 0;
  for (unsigned i = 0; i < n; i++)
    s += a[i];
  if (s == 6)
    reach_error();
  return 0;
}
