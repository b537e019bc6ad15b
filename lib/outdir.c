#include "outdir.h"

#include "lib/mem.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct outdir {
  char *dir;   /* the target, without trailing slashes */
  char *stage; /* the staging directory */
  char *parent;
  char *base;
  bool force;
};

/* dir without trailing slashes ("/" stays "/"). */
static char *outdir_trim(const char *dir) {
  char *d = mem_strdup(dir);
  size_t n = strlen(d);
  while (n > 1 && d[n - 1] == '/')
    d[--n] = 0;
  return d;
}

/* The parent directory of a trimmed path and its last component. */
static void outdir_split(const char *d, char **parent, char **base) {
  const char *slash = strrchr(d, '/');
  if (!slash) {
    *parent = mem_strdup(".");
    *base = mem_strdup(d);
  } else {
    *parent = mem_strndup(d, slash == d ? 1 : (size_t)(slash - d));
    *base = mem_strdup(slash + 1);
  }
}

/* 1: empty directory, 0: not empty, -1: cannot be read (errno). */
static int outdir_empty(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  int empty = 1;
  struct dirent *e;
  while (empty && (e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) empty = 0;
  closedir(d);
  return empty;
}

/* Is `path` the directory `dir` or inside it? Both resolved. */
static bool outdir_inside(const char *dir, const char *path) {
  char *rd = mem_alloc(PATH_MAX), *rp = mem_alloc(PATH_MAX);
  bool in = false;
  if (realpath(dir, rd) && realpath(path, rp)) {
    size_t n = strlen(rd);
    in = !strncmp(rp, rd, n) && (rp[n] == '/' || !rp[n] || n == 1);
  }
  mem_free(rd);
  mem_free(rp);
  return in;
}

int outdir_check(const char *dir, bool force, const char *const *inputs,
                 size_t ninputs, char **err) {
  *err = NULL;
  if (!*dir) {
    *err = mem_strdup("empty output directory name");
    return -1;
  }
  char *d = outdir_trim(dir);
  struct stat st;
  int rc = 0;
  char *parent0, *base0;
  outdir_split(d, &parent0, &base0);
  /* the staging directory goes next to it, under the parent: "." or
   * ".." has none that one rename could use */
  bool named = *base0 && strcmp(base0, ".") && strcmp(base0, "..");
  mem_free(parent0);
  mem_free(base0);
  if (!named) {
    *err = mem_printf("%s: name the directory by its own name (not /, . or "
                      "..)",
                      d);
    rc = -1;
  } else if (lstat(d, &st)) {
    if (errno != ENOENT) {
      *err = mem_printf("%s: %s", d, strerror(errno));
      rc = -1;
    } else {
      char *parent, *base;
      outdir_split(d, &parent, &base);
      if (stat(parent, &st) || !S_ISDIR(st.st_mode)) {
        *err = mem_printf("%s: the directory %s does not exist", d, parent);
        rc = -1;
      } else if (access(parent, W_OK | X_OK)) {
        *err = mem_printf("%s: cannot create a directory in %s: %s", d, parent,
                          strerror(errno));
        rc = -1;
      }
      mem_free(parent);
      mem_free(base);
    }
  } else if (S_ISLNK(st.st_mode)) {
    *err = mem_printf("%s is a symbolic link: name the directory itself", d);
    rc = -1;
  } else if (!S_ISDIR(st.st_mode)) {
    *err = mem_printf("%s exists and is not a directory", d);
    rc = -1;
  } else {
    int empty = outdir_empty(d);
    if (empty < 0) {
      *err = mem_printf("%s: %s", d, strerror(errno));
      rc = -1;
    } else if (!empty && !force) {
      *err = mem_printf("%s exists and is not empty", d);
      rc = OUTDIR_NOT_EMPTY;
    } else if (!empty) {
      for (size_t i = 0; i < ninputs && !rc; i++)
        if (inputs[i] && outdir_inside(d, inputs[i])) {
          *err = mem_printf("%s holds the input %s: refusing to replace it", d,
                            inputs[i]);
          rc = -1;
        }
      if (!rc && outdir_inside(d, ".")) {
        *err = mem_printf("%s holds the working directory: refusing to "
                          "replace it",
                          d);
        rc = -1;
      }
    }
  }
  mem_free(d);
  return rc;
}

outdir *outdir_begin(const char *dir, bool force, char **err) {
  *err = NULL;
  outdir *o = mem_calloc(1, sizeof *o);
  o->dir = outdir_trim(dir);
  o->force = force;
  outdir_split(o->dir, &o->parent, &o->base);
  o->stage = mem_printf("%s/.%s.erep-XXXXXX", o->parent, o->base);
  if (!mkdtemp(o->stage)) {
    *err = mem_printf("cannot create a directory in %s: %s", o->parent,
                      strerror(errno));
    mem_free(o->stage);
    o->stage = NULL;
    outdir_abort(o);
    return NULL;
  }
  return o;
}

char *outdir_path(const outdir *d, const char *name) {
  return mem_printf("%s/%s", d->stage, name);
}

/* Remove path and, if it is a directory, everything below it (symbolic
 * links are removed, never followed). Returns the number of failures. */
static unsigned outdir_rm(const char *path, unsigned depth) {
  struct stat st;
  if (lstat(path, &st)) return errno == ENOENT ? 0 : 1;
  if (!S_ISDIR(st.st_mode)) return unlink(path) ? 1 : 0;
  unsigned bad = 0;
  DIR *d = depth < 256 ? opendir(path) : NULL;
  if (!d) return 1;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    char *p = mem_printf("%s/%s", path, e->d_name);
    bad += outdir_rm(p, depth + 1);
    mem_free(p);
  }
  closedir(d);
  return bad + (rmdir(path) ? 1u : 0u);
}

static void outdir_free(outdir *o) {
  mem_free(o->dir);
  mem_free(o->stage);
  mem_free(o->parent);
  mem_free(o->base);
  mem_free(o);
}

unsigned outdir_remove_staging(const char *dir) {
  char *t = outdir_trim(dir), *parent = NULL, *base = NULL;
  outdir_split(t, &parent, &base);
  char *prefix = mem_printf(".%s.erep-", base);
  unsigned n = 0;
  DIR *d = opendir(parent);
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (strncmp(e->d_name, prefix, strlen(prefix))) continue;
    char *p = mem_printf("%s/%s", parent, e->d_name);
    n += !outdir_rm(p, 0);
    mem_free(p);
  }
  if (d) closedir(d);
  mem_free(prefix);
  mem_free(parent);
  mem_free(base);
  mem_free(t);
  return n;
}

void outdir_abort(outdir *o) {
  if (!o) return;
  if (o->stage) outdir_rm(o->stage, 0);
  outdir_free(o);
}

int outdir_commit(outdir *o, char **err) {
  *err = NULL;
  /* mkdtemp made it private; the suite gets the usual permissions */
  mode_t mask = umask(0);
  umask(mask);
  chmod(o->stage, 0777 & ~mask);
  char *old = NULL;
  struct stat st;
  if (o->force && lstat(o->dir, &st) == 0 && S_ISDIR(st.st_mode) &&
      outdir_empty(o->dir) == 0) {
    /* rename(2) replaces only an empty directory: move the old one aside
     * (onto an empty directory of our own) first */
    old = mem_printf("%s/.%s.erep-old-XXXXXX", o->parent, o->base);
    if (!mkdtemp(old) || rename(o->dir, old)) {
      *err = mem_printf("%s: cannot move the old directory aside: %s", o->dir,
                        strerror(errno));
      rmdir(old);
      mem_free(old);
      outdir_abort(o);
      return -1;
    }
  }
  if (rename(o->stage, o->dir)) {
    int e = errno;
    if (old && rename(old, o->dir)) /* put the old one back */
      *err = mem_printf("%s: %s (the old directory is now %s)", o->dir,
                        strerror(e), old);
    else
      *err = mem_printf("%s: %s", o->dir,
                        e == ENOTEMPTY || e == EEXIST ? "it is no longer empty"
                                                      : strerror(e));
    mem_free(old);
    outdir_abort(o);
    return -1;
  }
  mem_free(o->stage);
  o->stage = NULL;
  if (old && outdir_rm(old, 0))
    *err = mem_printf("the old %s, moved to %s, could not be removed "
                      "completely",
                      o->dir, old);
  mem_free(old);
  outdir_free(o);
  return 0;
}
