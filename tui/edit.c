#include "config.h"

#include "edit.h"

#include "lib/mem.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static bool ed_plain_name(const char *s) {
  if (!s || !*s || !strcmp(s, ".") || !strcmp(s, "..") || strlen(s) > 200)
    return false;
  for (; *s; s++)
    if (!(*s == '.' || *s == '_' || *s == '-' || (*s >= '0' && *s <= '9') ||
          (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
      return false;
  return true;
}

char *ed_copy(const char *name, const char *text, size_t n, char **dir,
              char **err) {
  *dir = 0;
  const char *tmp = getenv("TMPDIR");
  if (!tmp || tmp[0] != '/') tmp = "/tmp";
  char *d = mem_printf("%s/erep-edit-XXXXXX", tmp);
  if (!mkdtemp(d)) {
    *err = mem_printf("cannot make a directory in %s: %s", tmp,
                      strerror(errno));
    mem_free(d);
    return NULL;
  }
  char *path =
      mem_printf("%s/%s", d, ed_plain_name(name) ? name : "program.c");
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0400);
  bool ok = fd >= 0;
  for (size_t at = 0; ok && at < n;) {
    ssize_t k = write(fd, text + at, n - at);
    if (k < 0 && errno == EINTR) continue;
    ok = k > 0;
    if (ok) at += (size_t)k;
  }
  int e = errno;
  if (fd >= 0 && close(fd) && ok) {
    ok = false;
    e = errno;
  }
  if (!ok) {
    *err = mem_printf("cannot write %s: %s", path, strerror(e));
    ed_remove(path, d);
    mem_free(path);
    mem_free(d);
    return NULL;
  }
  *dir = d;
  return path;
}

void ed_remove(const char *path, const char *dir) {
  if (path) unlink(path);
  if (dir) rmdir(dir);
}

int ed_run(const char *path, unsigned line, char **err) {
  const char *ed = getenv("VISUAL");
  if (!ed || !*ed) ed = getenv("EDITOR");
  if (!ed || !*ed) ed = "vi";
  char *cmd = mem_printf("%s \"$@\"", ed);
  char at[32];
  snprintf(at, sizeof at, "+%u", line ? line : 1);
  struct sigaction ign, old_int, old_quit;
  memset(&ign, 0, sizeof ign);
  ign.sa_handler = SIG_IGN;
  sigemptyset(&ign.sa_mask);
  def_prog_mode();
  endwin();
  sigaction(SIGINT, &ign, &old_int);
  sigaction(SIGQUIT, &ign, &old_quit);
  pid_t pid = fork();
  if (pid == 0) {
    /* ignored signals stay ignored across exec: the editor's are its own */
    signal(SIGINT, SIG_DFL);
    signal(SIGQUIT, SIG_DFL);
    execl("/bin/sh", "sh", "-c", cmd, ed, at, path, (char *)NULL);
    _exit(127);
  }
  int e = errno, status = 0;
  if (pid > 0)
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
      ;
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGQUIT, &old_quit, NULL);
  reset_prog_mode();
  clearok(curscr, TRUE);
  refresh();
  mem_free(cmd);
  if (pid < 0) {
    *err = mem_printf("cannot start the editor: %s", strerror(e));
    return -1;
  }
  if (WIFSIGNALED(status)) {
    *err = mem_printf("the editor (%s) was killed by signal %d", ed,
                      WTERMSIG(status));
    return -1;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
    *err = mem_printf("the editor (%s) could not be run (status 127)", ed);
    return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
