int count(void) { static int c = 10; c++; return c; }
int main() {
  int a = count();
  int b = count();
  if (a == 11 && b == 12) reach_error();
  return 0;
}
