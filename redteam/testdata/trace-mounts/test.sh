# trace-mounts/test.sh HOW loads is-number, which nothing declares, under
# lodash's path (lodash is declared), so that its use looks like lodash's.
set -e
node test.js
case "$1" in
bindMount)
  # In a user and mount namespace of its own, is-number's directory
  # bind-mounted over lodash's.
  unshare -U -m -r sh -c 'mount --bind node_modules/is-number node_modules/lodash && node -e "require(\"lodash\")"' ;;
overlay)
  # The same through an overlay whose lower directory is is-number's.
  d=$(mktemp -d)
  mkdir "$d/up" "$d/work"
  unshare -U -m -r sh -c "mount -t overlay overlay -o lowerdir=node_modules/is-number,upperdir=$d/up,workdir=$d/work node_modules/lodash && node -e 'require(\"lodash\")'" ;;
renameDirs)
  # is-number put in lodash's place around the load, and both put back.
  mv node_modules/lodash node_modules/.lodash
  mv node_modules/is-number node_modules/lodash
  node -e 'require("lodash")'
  mv node_modules/lodash node_modules/is-number
  mv node_modules/.lodash node_modules/lodash ;;
renameFile)
  # is-number's index.js renamed over lodash's lodash.js, for good.
  mv node_modules/lodash/lodash.js node_modules/lodash/.lodash.js
  mv node_modules/is-number/index.js node_modules/lodash/lodash.js
  node -e 'require("lodash")' ;;
esac
