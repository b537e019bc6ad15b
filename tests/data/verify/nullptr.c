/* Pointers that never point into an object of the program: NULL, an
 * integer converted, a pointer from code without a body (an SSH-style
 * state machine's CIL temporaries). The predicate analysis models them
 * (analysis/pred_sup.c): TRUE; with BUG defined, FALSE. The previous
 * build refused the program ("the program has a pointer"). */
extern int __VERIFIER_nondet_int(void);
extern void *get_context(void);
extern void reach_error(void);
int main(void) {
  void *ctx = get_context();
  void *tmp = (void *)0;
  unsigned long addr = (unsigned long)tmp;
  int state = 0, n = 0;
  while (__VERIFIER_nondet_int()) {
    if (ctx == 0) state = 1;
    else if (addr == 0) state = 2;
    else state = 3;
    n++;
  }
#ifdef BUG
  if (n > 0 && state == 2) reach_error();
#else
  if (state == 3) reach_error();
#endif
  return 0;
}
