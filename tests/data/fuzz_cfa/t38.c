int f(int a) { return a + 1; }
int main() {
  int (*fp)(int) = f;
  int x = fp(3);
  if (x == 4) reach_error();
  return 0;
}
