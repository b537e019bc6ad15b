/* TRUE: the error needs x > 5 and y != 1 after y was set under x > 5;
 * the predicate analysis refines twice (x > 5, y == 1), the explicit one
 * tracks y and decides x by the solver. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x > 5) y = 1;
  if (x > 5 && y != 1) reach_error();
  return 0;
}
