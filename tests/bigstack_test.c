/* lib/bigstack: a deep stack for work that recurses once per nesting
 * level of its input, and an overflow that ends in a message and exit 2
 * (with temporary outputs unlinked) instead of SIGSEGV. */
#include "lib/bigstack.h"
#include "lib/mem.h"
#include "lib/outfile.h"

#include <check.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Recursion the compiler cannot flatten: 16 KiB of stack a level, of
 * which it touches one page. */
static unsigned long deep(unsigned long n) {
  volatile char pad[16384];
  pad[0] = (char)n;
  if (!n) return 0;
  return deep(n - 1) + (pad[0] != (char)n);
}

static void deep_100mb(void *arg) { *(unsigned long *)arg = deep(6400); }

__attribute__((unused)) static void forever(void *arg) {
  *(unsigned long *)arg = deep(~0ul);
}

START_TEST(deeper_than_the_main_stack) {
  unsigned long r = 1;
  bigstack_run(deep_100mb, &r); /* 100 MB: far beyond the usual 8 MiB */
  ck_assert_uint_eq(r, 0);
}
END_TEST

static void where(void *arg) { *(pthread_t *)arg = pthread_self(); }
static void nested(void *arg) {
  pthread_t *t = arg;
  t[0] = pthread_self();
  bigstack_run(where, &t[1]);
}

START_TEST(nested_runs_stay_on_the_thread) {
  pthread_t t[2];
  bigstack_run(nested, t);
  ck_assert(pthread_equal(t[0], t[1]));
  ck_assert(!pthread_equal(t[0], pthread_self()));
}
END_TEST

/* Runs fn in a child with crashes caught; its exit status and stderr. */
__attribute__((unused)) static int child(void (*fn)(void *), const char *note,
                                         char *out, size_t n) {
  int p[2];
  ck_assert_int_eq(pipe(p), 0);
  fflush(NULL);
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (!pid) {
    dup2(p[1], 2);
    close(p[0]);
    bigstack_catch_crashes();
    if (note) bigstack_note(note);
    unsigned long r;
    bigstack_run(fn, &r);
    _exit(0);
  }
  close(p[1]);
  size_t k = 0;
  ssize_t m;
  while (k + 1 < n && (m = read(p[0], out + k, n - 1 - k)) > 0)
    k += (size_t)m;
  out[k] = 0;
  close(p[0]);
  int st;
  ck_assert_int_eq(waitpid(pid, &st, 0), pid);
  return st;
}

#ifndef __SANITIZE_ADDRESS__ /* ASan owns SIGSEGV and warns on the stack */
START_TEST(overflow_is_exit_2) {
  char err[512];
  int st = child(forever, NULL, err, sizeof err);
  ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
  ck_assert_str_eq(err, "erep: out of stack: the input is nested too deeply\n");
  st = child(forever, "the C front end crashed on x.c", err, sizeof err);
  ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
  ck_assert_str_eq(err, "erep: the C front end crashed on x.c (out of stack: "
                        "nested too deeply)\n");
}
END_TEST

__attribute__((unused)) static void null_write(void *arg) {
  (void)arg;
  *(volatile int *)(uintptr_t)(getpid() > 0 ? 0 : 1) = 1;
}

START_TEST(crash_with_a_note_is_exit_2) {
  char err[512];
  int st = child(null_write, "the C front end crashed on y.c", err, sizeof err);
  ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
  ck_assert_str_eq(err, "erep: the C front end crashed on y.c (SIGSEGV)\n");
}
END_TEST
#endif

#ifndef __SANITIZE_ADDRESS__ /* ASan reports a crash its own way */
START_TEST(other_crashes_keep_their_handling) {
  char err[512];
  int st = child(null_write, NULL, err, sizeof err);
  ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV, "status %d", st);
}
END_TEST
#endif

static void overflow_while_writing(void *arg) {
  char *e;
  outfile *o = outfile_open((const char *)arg, &e);
  if (!o) _exit(3);
  fputs("partial", outfile_stream(o));
  unsigned long r;
  forever(&r);
}

START_TEST(no_temporary_left) {
  char dir[] = "/tmp/bigstack_test_XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char path[64];
  snprintf(path, sizeof path, "%s/out.json", dir);
  int p[2];
  ck_assert_int_eq(pipe(p), 0);
  fflush(NULL);
  pid_t pid = fork();
  if (!pid) {
    dup2(p[1], 2);
    bigstack_catch_crashes();
    bigstack_run(overflow_while_writing, path);
    _exit(0);
  }
  close(p[1]);
  char buf[256];
  while (read(p[0], buf, sizeof buf) > 0) {
  }
  close(p[0]);
  int st;
  waitpid(pid, &st, 0);
  ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
  ck_assert_int_eq(rmdir(dir), 0); /* empty: the temporary file is gone */
}
END_TEST

/* lib/mem's huge-page heap (mem_huge_pages): allocations of every size
 * stay usable, calloc's big blocks are zero, realloc keeps contents, and a
 * thread (the big stack's, Z3's context maker) allocates from the one heap
 * that is advised. Whether the kernel gives huge pages is its business. */
static void alloc_small(void *arg) { *(void **)arg = mem_alloc(100); }

START_TEST(huge_page_heap) {
  mem_huge_pages();
  mem_huge_pages(); /* once is enough */
  char *small = mem_alloc(100), *mid = mem_calloc(1, 8u << 20);
  for (size_t i = 0; i < 8u << 20; i += 4096)
    ck_assert_int_eq(mid[i], 0);
  memset(mid, 7, 8u << 20);
  size_t big = (size_t)40 << 20; /* above the mmap threshold */
  unsigned char *b = mem_calloc(big, 1);
  for (size_t i = 0; i < big; i += 4096)
    ck_assert_int_eq(b[i], 0);
  memset(b, 0xab, big);
  b = mem_realloc(b, 2 * big);
  ck_assert_int_eq(b[0], 0xab);
  ck_assert_int_eq(b[big - 1], 0xab);
  memset(b + big, 1, big);
  void *other = 0;
  bigstack_run(alloc_small, &other);
#ifndef __SANITIZE_ADDRESS__
  /* one arena: the thread's block lies in the heap below the break */
  ck_assert_ptr_nonnull(other);
  ck_assert((uintptr_t)other < (uintptr_t)sbrk(0));
  ck_assert((uintptr_t)small < (uintptr_t)sbrk(0));
#endif
  ck_assert_int_eq(mid[(8u << 20) - 1], 7);
  mem_free(other);
  mem_free(b);
  mem_free(mid);
  mem_free(small);
}
END_TEST

int main(void) {
  Suite *s = suite_create("bigstack");
  TCase *t = tcase_create("bigstack");
  tcase_set_timeout(t, 60);
  tcase_add_test(t, deeper_than_the_main_stack);
  tcase_add_test(t, nested_runs_stay_on_the_thread);
#ifndef __SANITIZE_ADDRESS__
  /* under ASan (make check-asan) the sanitizer owns SIGSEGV and warns on
   * stderr about the big stack, so the crash paths are tested without it */
  tcase_add_test(t, overflow_is_exit_2);
  tcase_add_test(t, crash_with_a_note_is_exit_2);
  tcase_add_test(t, other_crashes_keep_their_handling);
#endif
  tcase_add_test(t, no_temporary_left);
  tcase_add_test(t, huge_page_heap);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
