/* Conditions of erep verify (tests/cmc.sh): two branches on an input, a
 * loop of three rounds, an error location that no path reaches. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x > 0)
    y = 1;
  else
    y = 2;
  for (int i = 0; i < 3; i++)
    y = y + 1;
  if (y == 7)
    reach_error();
  return 0;
}
