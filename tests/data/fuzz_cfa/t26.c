int main() {
  float f = 1.5f;
  if (f > 1.0f) reach_error();
  return 0;
}
