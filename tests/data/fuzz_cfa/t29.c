int g;
int h = 3;
int main() {
  int x;
  if (x == 42 && g == 0 && h == 3) reach_error();
  return 0;
}
