void assert(int cond) {
    if (!cond) {
ERROR: goto ERROR;
    }
}
int sq(int v) { return v * v; }
int main() {
  int z = sq(3);
  assert(z > 0);
  return 0;
}
