int main() {
  char c = 300;
  unsigned char uc = 255; uc++;
  signed char sc = 127; sc += 1;
  _Bool b = 256;
  if (c == 44 && uc == 0 && sc == -128 && b == 1) reach_error();
  return 0;
}
