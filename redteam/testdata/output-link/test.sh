# output-link/test.sh puts a symbolic link to the runner's file-command
# directory in the place of the directory the SBOM input names, which
# envaudit checked before the run: written there, the SBOM would land
# among the step's file commands.
set -e
node test.js
mv out out.orig
ln -s @JOB@/temp/_runner_file_commands out
