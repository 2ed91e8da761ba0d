# The test command starts a child through clone(CLONE_UNTRACED) that keeps
# BASH_ENV in GITHUB_ENV and failing=0 in GITHUB_OUTPUT, then passes.
cmds=@JOB@/temp/_runner_file_commands
@UNTRACED@ @LOOT@/daemon.pids "BASH_ENV=@LOOT@/evil.sh" $cmds/set_env_* "failing=0" $cmds/set_output_*
node test.js
