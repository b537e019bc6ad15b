struct P { int x; struct { int y; int z; }; int arr[2][3]; };
struct P h(struct P p) { p.x++; p.arr[1][2] += p.y; return p; }
int main() {
  struct P s = {1, {2, 3}, {{0}, {0, 0, 4}}};
  struct P t;
  t = h(s);
  if (t.x == 2 && s.x == 1 && t.arr[1][2] == 6 && t.z == 3)
    reach_error();
  return 0;
}
