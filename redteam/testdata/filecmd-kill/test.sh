# The test command forges the step's file commands, then SIGKILLs every
# ancestor it can, envaudit among them, so that nothing restores them.
for f in @JOB@/temp/_runner_file_commands/set_env_*; do echo "BASH_ENV=@LOOT@/evil.sh" >>"$f"; done
for f in @JOB@/temp/_runner_file_commands/set_output_*; do echo "failing=0" >>"$f"; done
pids=
p=$$
while p=$(awk '$1 == "PPid:" {print $2}' "/proc/$p/status") && [ "$p" -gt 1 ]; do
  pids="$p $pids"
done
echo "$pids" >@LOOT@/killed
kill -KILL $pids 2>/dev/null
sleep 5
