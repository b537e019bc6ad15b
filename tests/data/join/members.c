/* An odd and an even input write different bytes into a union and a
 * bit-field; the paths meet in one automaton state, and only the value
 * domain's view of the union member and the bit-field tells them apart. */
int __VERIFIER_nondet_int();

int main() {
  int x = __VERIFIER_nondet_int();
  union { int i; unsigned char c[4]; } u;
  struct { unsigned f : 2; int g : 3; } b;
  if (x & 1) {
    u.i = 0x0103;
    b.f = 5;
    b.g = -1;
  } else {
    u.i = 0x0204;
    b.f = 2;
    b.g = 3;
  }
  if (u.c[1] == 1) {
    if (b.f == 1 && b.g < 0) {
      return 1;
    }
  }
  return 0;
}
