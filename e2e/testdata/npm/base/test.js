'use strict';
// Records the environment the test command ran with, where the end-to-end
// tests read it (@EVIDENCE@ is replaced when the repository is made): the
// token must never be in it, and the toolchain must be the job's own.
const fs = require('fs');
const path = require('path');
const e = process.env;
const out = path.join('@EVIDENCE@', `${e.GITHUB_JOB}-${e.GITHUB_RUN_ID}-${e.GITHUB_RUN_ATTEMPT}.json`);
fs.writeFileSync(out, JSON.stringify({ env: e, tool: process.version, program: process.execPath }));

const greet = require('./index.js');
if (greet('world') !== 'hello world') {
  throw new Error('greet is broken');
}
console.log('ok');
