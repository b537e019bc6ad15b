int __VERIFIER_nondet_int();
int main() {
    int x = 1;
    while(1) {
LOOP_HEAD:
        x = __VERIFIER_nondet_int();
        if (!x) goto out;
        if (x == 7) {
            break;
        }
        continue;
    }
out:
    goto LOOP_HEAD;
    return 0;
}
