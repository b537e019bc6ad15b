/* A union written through one member and read through others; gcc's
 * bytes (little-endian x86), checked by tests/union_replay.sh. depth: 10 */
union U { int i; unsigned char c[4]; signed char sc[4]; short s[2]; };
int k;
int main() {
  union U u;
  u.i = 0x12345678;
  if (!(u.c[0] == 0x78)) return 1;
  if (!(u.c[3] == 0x12)) return 2;
  if (!(u.s[1] == 0x1234)) return 3;
  u.s[0] = -2;
  if (!(u.i == 0x1234fffe)) return 4;
  if (!(u.sc[1] == -1)) return 5;
  u.c[3] = 0x80;
  if (!(u.i < 0)) return 6;
  if (!(u.s[1] == -32716)) return 7;
  union U v = u;
  v.sc[2] = 1;
  if (!(v.i == (int)0x8001fffe)) return 8;
  if (!(u.i == (int)0x8034fffe)) return 9;
  if (!(sizeof(union U) == 4)) return 10;
  if (k) return 0; /* target */
  return 0;
}
