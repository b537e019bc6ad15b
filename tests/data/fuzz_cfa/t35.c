int main() {
  int z = 0;
  int y = 5 / z;
  if (y == 0) reach_error();
  return 0;
}
