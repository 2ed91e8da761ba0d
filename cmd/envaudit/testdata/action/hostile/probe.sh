# The pull request's test command: it reads the environment block of every
# ancestor it can, into $DUMP.
pid=$$
while pid=$(awk '$1 == "PPid:" {print $2}' "/proc/$pid/status") && [ "$pid" -gt 0 ]; do
  cat "/proc/$pid/environ" > "$DUMP/ancestor-$pid.env" 2>/dev/null || rm -f "$DUMP/ancestor-$pid.env"
  cat "/proc/$pid/comm" > "$DUMP/ancestor-$pid.comm"
done
env > "$DUMP/traced.env"
