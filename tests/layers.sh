# The folders are layers: lib < formats < analyzer < report < (commands).
# A file may include its own folder's headers and those of lower layers,
# never a higher one, so the data flow reads in one direction and no
# include cycle between folders can form.
. "$(dirname "$0")/lib.sh"
cd "$EREP_SRCDIR" || exit 99
rank() {
  case $1 in
  lib) echo 0 ;; formats) echo 1 ;; analyzer) echo 2 ;; report) echo 3 ;; tui) echo 4 ;;
  *) echo 9 ;;
  esac
}
n=0
for f in lib/*.[ch] formats/*.[ch] analyzer/*.[ch] report/*.[ch] tui/*.[ch]; do
  [ -f "$f" ] || continue
  dir=${f%%/*}; mine=$(rank "$dir")
  for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
    case $inc in */*) to=${inc%%/*} ;; *) to=$dir ;; esac
    [ "$inc" = config.h ] && continue
    r=$(rank "$to")
    n=$((n + 1))
    [ "$r" -le "$mine" ] || fail "$f includes $inc: $dir may not use $to (layers: lib < formats < analyzer < report < tui)"
  done
done
echo "checked $n includes"
finish
