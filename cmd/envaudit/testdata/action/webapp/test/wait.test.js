'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { wait } = require('../index.js');

test('wait formats delays', () => {
  assert.strictEqual(wait(1500), '2 seconds');
  assert.throws(() => wait('soon'), TypeError);
});
