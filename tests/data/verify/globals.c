/* TRUE: globals declared together (`int a, b;`) are each
 * zero-initialised; b == 2 and d != 0 are never reached. Each declarator
 * is a declaration edge of its own, as inside functions (before the fix,
 * one edge for all left b as an input: a wrong FALSE). */
extern void reach_error(void);
int a, b;
static int c = 5, d;
int main(void) {
  if (b == 2 || d != 0 || c != 5 || a != 0) reach_error();
  return 0;
}
