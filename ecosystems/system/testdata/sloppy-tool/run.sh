#!/bin/sh
# A project with no manifest at all whose test shells out to sqlite3, a
# Debian tool nothing declares, and runs the toolchain beside it: Debian's
# python3 with its expat module (libexpat1), cmake (libcurl4, libxml2,
# ...) and the C compiler, whose linker reads libc6-dev's libc.so script.
# Only sqlite3 is the project's.
set -e
test "$(sqlite3 :memory: 'select 40 + 2;')" = 42
/usr/bin/python3 -c 'import xml.parsers.expat'
cmake --version >/dev/null
printf 'int main(void) { return 0; }\n' | cc -x c - -o /dev/null
echo ok
