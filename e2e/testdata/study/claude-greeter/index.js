'use strict';
// A greeter as one agent wrote it: it declares is-number and never
// loads it; debug loads ms, which it does not declare.
const debug = require('debug')('greeter');

debug('starting');
console.log('hello world');
