int main() {
  int x, s = 0;
  for (int i = 0; i < 3; i++) s = s + i;
  switch (x) {
  case 1: s = 1; break;
  case 2: s = 2;
  default: s = 3;
  }
  return s;
}
