int main() {
  long l = 2147483647;
  l++;
  if (l < 0 && sizeof(long) == 4) reach_error();
  return 0;
}
