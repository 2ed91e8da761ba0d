# The test command leaves a daemon in a session of its own, then passes.
setsid -f @LOOT@/daemon.sh </dev/null >/dev/null 2>&1
node test.js
