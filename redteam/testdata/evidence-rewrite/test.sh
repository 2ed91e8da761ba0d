# evidence-rewrite/test.sh HOW: Maven builds the project and runs its test,
# whose code calls commons-lang3, which only commons-text brings (a hidden
# dependency the class-load logs show); then the command takes that
# evidence back from whatever the class-load option in MAVEN_OPTS names:
# every file or FIFO in that directory is rewritten without the lines of
# commons-lang3 ("rewritten") or deleted ("deleted").
set -e
mvn -B -o -q -Dstyle.color=never -s /etc/maven/settings-debian.xml test
log=$(printf '%s\n' "$MAVEN_OPTS" | sed -n 's/.*-Xlog:class+load=info:file=\([^:]*\):.*/\1/p')
[ -n "$log" ] || { echo "no class-load log in MAVEN_OPTS" >&2; exit 9; }
dir=$(dirname "$log")
for f in "$dir"/*; do
  [ -f "$f" ] || [ -p "$f" ] || continue
  case "$1" in
  rewritten)
    { grep -v 'org\.apache\.commons\.lang3' "$f" || :; } >/tmp/evidence.$$ || :
    cat /tmp/evidence.$$ >"$f" || echo "cannot rewrite $f" >&2
    rm -f /tmp/evidence.$$ ;;
  deleted)
    rm -f "$f" || echo "cannot delete $f" >&2 ;;
  esac
done
