int main() {
  int x = 0;
  if (x) goto L;
  return 1;
  L: 
  x = 2;
  return x;
}
