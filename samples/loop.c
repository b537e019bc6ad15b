/* A loop that reads inputs until it sees 0 or a large value. */
int __VERIFIER_nondet_int();

int main() {
    int n = 0;
    int x;
    while (1) {
        x = __VERIFIER_nondet_int();
        if (!x) goto done;
        if (x > 1000) {
            break;
        }
        n = n + 1;
    }
done:
    return n;
}
