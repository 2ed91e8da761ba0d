# evasion/test.sh HOW loads lodash's lodash.js in a way that hides which
# package the file belongs to.
set -e
node test.js
case "$1" in
procSelfRoot)
  node -e "require('/proc/self/root' + process.cwd() + '/node_modules/lodash/lodash.js')" ;;
procSelfFd)
  # An O_PATH descriptor, then the file opened again through /proc/self/fd.
  python3 -c "import os; fd = os.open('node_modules/lodash/lodash.js', os.O_PATH); open('/proc/self/fd/%d' % fd).read()" ;;
hardLink)
  ln node_modules/lodash/lodash.js ./l.js
  node -e "require('./l.js')" ;;
renamedDir)
  mv node_modules/lodash node_modules/.l
  node -e "require('./node_modules/.l')" ;;
esac
