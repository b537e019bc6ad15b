int main() {
  int a, b, c;
  if (a > 0 && (b < 1 || c)) { a = 1; }
  return 0;
}
