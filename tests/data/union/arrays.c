/* A union of a struct and an array; a union inside a struct inside an
 * array, written in a loop and read at other indices. depth: 13 */
union SA { struct { char a; short b; } s; unsigned char c[4]; };
struct E { int k; union { short s[2]; int i; } v; };
struct E arr[3];
int k;
int main() {
  union SA w = {{0, 0}};
  w.s.a = 1;
  w.s.b = 0x203;
  if (!(w.c[0] == 1)) return 1;
  if (!(w.c[2] == 3)) return 2;
  if (!(w.c[3] == 2)) return 3;
  for (int j = 0; j < 3; j++) {
    arr[j].k = j;
    arr[j].v.i = 0x10000 * (j + 1) + j;
  }
  if (!(arr[2].v.s[0] == 2)) return 4;
  if (!(arr[2].v.s[1] == 3)) return 5;
  if (!(arr[1].v.s[1] == 2)) return 6;
  unsigned char *p = (unsigned char *)&arr[1].v;
  if (!(p[0] == 1)) return 7;
  if (!(p[2] == 2)) return 8;
  if (k) return 0; /* target */
  return 0;
}
