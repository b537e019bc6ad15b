int main() {
  int a = -7; int b = 2;
  unsigned ua = (unsigned)a;
  if (a / b == -3 && a % b == -1 && ua / 2u == 2147483644u)
    reach_error();
  return 0;
}
