'use strict';
// A greeting library. It uses debug, which package.json declares; left-pad,
// which happens to be installed on this machine but is declared nowhere; and
// ms, which is installed only because debug depends on it.
const debug = require('debug')('greeter');
const leftPad = require('left-pad');
const ms = require('ms');

function greet(name, { width = 0 } = {}) {
  debug('greeting %s', name);
  return leftPad(`Hello, ${name}!`, width);
}

function since(start, now = Date.now()) {
  return `${ms(now - start)} ago`;
}

module.exports = { greet, since };
