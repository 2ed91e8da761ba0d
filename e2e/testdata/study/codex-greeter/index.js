'use strict';
// The same task as another agent wrote it: it loads ms itself without
// declaring it (debug happens to install it).
const debug = require('debug')('greeter');
const pad = require('left-pad');
const ms = require('ms');

debug('starting');
console.log(pad('hello world', 12) + ' in ' + ms(1000));
