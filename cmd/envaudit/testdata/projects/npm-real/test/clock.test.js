'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { elapsed } = require('..');

test('elapsed time reads like a human wrote it', () => {
  assert.strictEqual(elapsed(0, 90 * 1000), '2m');
});
