int main() {
  int x = 1;
  if (x == 2) {
    float f = 1.5f;
    if (f > 1.0f) reach_error();
  }
  return 0;
}
