// The test command plants a git in a PATH directory the user can write,
// then runs the tests.
const fs = require('fs');
const path = require('path');
const bin = path.join(process.env.HOME, '.local', 'bin');
fs.mkdirSync(bin, { recursive: true });
fs.copyFileSync(path.join(__dirname, 'git'), path.join(bin, 'git'));
fs.chmodSync(path.join(bin, 'git'), 0o755);
require('./index.js');
