/* Bit-fields: gcc's layout (checked byte by byte through a union with a
 * char array), signed and unsigned, truncation on write, neighbours kept,
 * :0, a copy by value; layouts that differ between ILP32 and LP64.
 * depth: 18 */
struct S1 { int a : 3; unsigned b : 3; _Bool c : 1; int d : 9; };
struct S2 { char c; int x : 20; short s; unsigned y : 12, : 0, z : 7; };
struct S5 { char c; long long x : 60; };
union U1 { struct S1 s; unsigned char c[4]; };
union U2 { struct S2 s; unsigned char c[12]; };
union U5 { struct S5 s; unsigned char c[sizeof(struct S5)]; };
int k;
int main() {
  union U1 u1 = {{0, 0, 0, 0}};
  u1.s.a = -1; u1.s.d = 0x155; u1.s.c = 1;
  if (!(u1.c[0] == 199)) return 1;
  if (!(u1.c[1] == 170)) return 2;
  u1.s.b = 13;
  if (!(u1.s.b == 5)) return 3;
  if (!(u1.s.a == -1)) return 4;
  if (!(u1.s.d == -171)) return 5;
  struct S1 t = u1.s;
  t.a = 3;
  if (!(t.a + t.b == 8)) return 6;
  if (!(u1.s.a == -1)) return 7;
  static union U2 u2;
  u2.s.c = 1; u2.s.x = -2; u2.s.s = 3; u2.s.y = 0xabc; u2.s.z = 0x55;
  if (!(sizeof(struct S2) == 12)) return 8;
  if (!(u2.c[1] == 254)) return 9;
  if (!((u2.c[3] & 15) == 15)) return 10;
  if (!(u2.c[4] == 3)) return 11;
  if (!(u2.c[6] == 188)) return 12;
  if (!((u2.c[7] & 15) == 10)) return 13;
  if (!((u2.c[8] & 127) == 85)) return 14;
  if (!(u2.s.x == -2)) return 15;
  static union U5 u5;
  u5.s.c = 1; u5.s.x = 0x123456789abcdefLL;
#ifdef __LP64__
  if (!(sizeof(struct S5) == 16)) return 16;
  if (!(u5.c[8] == 239)) return 17;
  if (!((u5.c[15] & 15) == 1)) return 18;
#else
  if (!(sizeof(struct S5) == 12)) return 16;
  if (!(u5.c[4] == 239)) return 17;
  if (!((u5.c[11] & 15) == 1)) return 18;
#endif
  if (!(u5.s.x == 0x123456789abcdefLL)) return 19;
  if (k) return 0; /* target */
  return 0;
}
