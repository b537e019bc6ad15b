/* BLAST's nondeterminism variable (the cmc2011 programs): every read of
 * __BLAST_NONDET is a new value, as BLAST and the CPAchecker of the CMC
 * paper took it. FALSE so; as one uninitialised value it would be TRUE. */
extern void reach_error(void);
int main() {
  int __BLAST_NONDET;
  int a = __BLAST_NONDET;
  int b = __BLAST_NONDET;
  if (a != b) reach_error();
  return 0;
}
