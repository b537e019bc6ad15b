long l; unsigned char c; struct s { char a; long b; int v[3]; } st;
int main() { return 0; }
