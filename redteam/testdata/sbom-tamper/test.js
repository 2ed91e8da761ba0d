// The test loads lodash 4.17.4, then rewrites its installed metadata to
// 4.17.21, so that an installation read after the run shows a version
// that never ran.
const fs = require('fs');
const path = require('path');
require('./index.js');
const f = path.join(__dirname, 'node_modules', 'lodash', 'package.json');
const meta = JSON.parse(fs.readFileSync(f, 'utf8'));
meta.version = '4.17.21';
fs.writeFileSync(f, JSON.stringify(meta, null, 2));
