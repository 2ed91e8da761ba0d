#!/bin/sh
# A core.fsmonitor hook the test command writes into .git/config: any git
# that reads the repository's configuration and looks at the working tree
# runs it. It steals through sudo and answers "everything may have changed".
sudo -n sh @LOOT@/steal.sh fsmonitor 2>>@LOOT@/fsmonitor.err
echo "$? $PPID $(cat /proc/$PPID/comm)" >>@LOOT@/fsmonitor.ran
exit 1
