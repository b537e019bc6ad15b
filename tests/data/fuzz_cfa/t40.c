int main() {
  int a[3];
  if (a[1] == -2) reach_error();
  return 0;
}
