#include "file.h"

#include "lib/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

static const char *file_kind(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "a special file";
}

const char *file_why(const char *path, int e) {
  struct stat st;
  if (e == EINVAL && path && stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) return "not a regular file (a directory)";
    if (S_ISFIFO(st.st_mode)) return "not a regular file (a FIFO)";
    if (S_ISCHR(st.st_mode)) return "not a regular file (a character device)";
    if (S_ISBLK(st.st_mode)) return "not a regular file (a block device)";
    if (S_ISSOCK(st.st_mode)) return "not a regular file (a socket)";
    return "not a regular file (a special file)";
  }
  return strerror(e);
}

static char *file_not_regular(const char *path, mode_t m) {
  return mem_printf("%s: not a regular file (%s)", path, file_kind(m));
}

static char *file_too_big(const char *path, size_t max, uintmax_t size) {
  return mem_printf("%s: file larger than %zu MiB (%ju bytes)", path, max >> 20,
                    size);
}

int file_open(const char *path, struct stat *st, char **err) {
  *err = NULL;
  /* stat first: opening a device or a tape can have effects of its own */
  if (stat(path, st)) {
    int e = errno;
    *err = mem_printf("%s: cannot open: %s", path, strerror(e));
    errno = e; /* for callers that print strerror themselves */
    return -1;
  }
  if (!S_ISREG(st->st_mode)) {
    *err = file_not_regular(path, st->st_mode);
    errno = EINVAL;
    return -1;
  }
  /* O_NONBLOCK: the path may have become a FIFO since the stat; open then
   * returns at once and fstat below refuses it */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    int e = errno;
    *err = mem_printf("%s: cannot open: %s", path, strerror(e));
    errno = e;
    return -1;
  }
  if (fstat(fd, st)) {
    *err = mem_printf("%s: cannot stat: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  if (!S_ISREG(st->st_mode)) {
    *err = file_not_regular(path, st->st_mode);
    close(fd);
    errno = EINVAL;
    return -1;
  }
  return fd;
}

char *file_read(const char *path, size_t max_bytes, size_t *len, char **err) {
  *len = 0;
  struct stat st;
  int fd = file_open(path, &st, err);
  if (fd < 0) return NULL;
  if ((uintmax_t)st.st_size > max_bytes) {
    *err = file_too_big(path, max_bytes, (uintmax_t)st.st_size);
    close(fd);
    return NULL;
  }
  /* one byte more than the size tells whether the file grew meanwhile */
  size_t cap = (size_t)st.st_size + 1, n = 0;
  char *buf = mem_alloc(cap + 1);
  for (;;) {
    if (n == cap) {
      if (cap > max_bytes) {
        *err = file_too_big(path, max_bytes, (uintmax_t)n);
        break;
      }
      cap = cap * 2 > max_bytes + 1 ? max_bytes + 1 : cap * 2;
      buf = mem_realloc(buf, cap + 1);
    }
    ssize_t r = read(fd, buf + n, cap - n);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      *err = mem_printf("%s: cannot read: %s", path, strerror(errno));
      break;
    }
    if (r == 0) break;
    n += (size_t)r;
  }
  close(fd);
  if (!*err && n > max_bytes) *err = file_too_big(path, max_bytes, n);
  if (*err) {
    mem_free(buf);
    return NULL;
  }
  buf[n] = 0;
  *len = n;
  return buf;
}

char *file_derived_name(const char *program, const char *fallback,
                      const char *suffix) {
  const char *b = strrchr(program, '/');
  b = b ? b + 1 : program;
  size_t n = strlen(b);
  if (n > 2 && (!strcmp(b + n - 2, ".c") || !strcmp(b + n - 2, ".i"))) n -= 2;
  if (!n || *b == '.' || *b == '-') return mem_printf("%s%s", fallback, suffix);
  char *r = mem_printf("%.*s%s", (int)n, b, suffix);
  for (char *p = r; p < r + n; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
          (*p >= '0' && *p <= '9') || *p == '.' || *p == '_' || *p == '-'))
      *p = '_';
  return r;
}

char *file_free_name(const char *program, const char *fallback,
                     const char *stem, const char *ext) {
  for (unsigned k = 1; k < 1000; k++) {
    char *suffix = k > 1 ? mem_printf("%s-%u%s", stem, k, ext)
                         : mem_printf("%s%s", stem, ext);
    char *p = file_derived_name(program, fallback, suffix);
    mem_free(suffix);
    struct stat st;
    if (lstat(p, &st) && errno == ENOENT) return p;
    mem_free(p);
  }
  return NULL;
}
