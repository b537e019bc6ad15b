int main() {
  long l = __VERIFIER_nondet_long();
  if (l > 4294967296L && (int)l == -1) reach_error();
  return 0;
}
