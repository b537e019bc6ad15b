/* Only a union, no pointer: the predicate analysis names the union. */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
union U { int i; unsigned char c[4]; };
int main(void) {
  union U u;
  u.i = __VERIFIER_nondet_int();
  if (u.c[0] == 7 && u.i == 0) reach_error();
  return 0;
}
