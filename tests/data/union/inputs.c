/* Inputs whose feasibility depends on reinterpreted bytes and bit-fields:
 * erep finds them, gcc's run on them takes the trace. depth: 3 */
extern int __VERIFIER_nondet_int(void);
union U { int i; unsigned char c[4]; short s[2]; };
struct B { unsigned lo : 4; int hi : 12; };
int main() {
  union U u;
  u.i = __VERIFIER_nondet_int();
  struct B b;
  b.lo = u.c[1];
  b.hi = u.s[1];
  if (u.c[0] == 0x21 && b.lo == 3)
    if (b.hi == -5) return 1; /* target */
  return 0;
}
