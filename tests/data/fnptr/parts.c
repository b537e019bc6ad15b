/* What erep cfa still lists for function pointers and string literals. */
typedef int wchar_t;
int ext1(int);
int ext2(int);
int g(int x) { return x; }
int main() {
  int (*fp)(int) = ext1;
  if (g(0)) fp = ext2;
  const wchar_t *w = L"wide";
  const char *s = "narrow";
  int r = fp(2);
  return r + w[0] + s[0];
}
