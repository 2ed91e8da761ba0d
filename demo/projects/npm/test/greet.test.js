'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { greet, since } = require('..');

test('greets by name', () => {
  assert.strictEqual(greet('Ada'), 'Hello, Ada!');
});

test('pads to a width', () => {
  assert.strictEqual(greet('Ada', { width: 14 }), '   Hello, Ada!');
});

test('says how long ago', () => {
  assert.strictEqual(since(0, 90 * 1000), '2m ago');
});
