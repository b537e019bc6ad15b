/* A loop whose every iteration is feasible, through a pointer: the search
 * without abstraction unrolls it until a limit (report --analysis
 * predicate on a program the predicate domain does not model). */
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0, *p = &x;
  while (__VERIFIER_nondet_int())
    (*p)++;
  if (x == 7)
    return 1;
  return 0;
}
