/* An array used as a pointer: p may point into a, so the predicate
 * analysis refuses the program (a fresh p at a block's start would point
 * nowhere and lose a[0]); the explicit analysis decides it. */
extern void reach_error(void);
int main(void) {
  int a[2] = {1, 2};
  int *p = a;
  if (*p == 1) reach_error();
  return 0;
}
