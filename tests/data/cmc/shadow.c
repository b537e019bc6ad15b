/* --assumptions with the predicate analysis (tests/cmc.sh): the global x
 * is shadowed by a local x in f, so an ASSUME over the global x is never
 * written on the transitions of f, where `x` names the local. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int x;
int f(void) {
  int x = 3;
  x = x + 1;
  return x;
}
int main() {
  x = __VERIFIER_nondet_int();
  int r = 0;
  if (x > 5) r = f();
  while (__VERIFIER_nondet_int()) {
    if (r == 4) { if (x <= 5) reach_error(); }
  }
  return 0;
}
