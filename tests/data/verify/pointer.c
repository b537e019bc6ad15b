/* UNKNOWN for the predicate analysis: a variable whose address is taken
 * (the domain does not model pointers); the explicit analysis finds the
 * bug. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int *p = &x;
  if (*p == 3) reach_error();
  return 0;
}
