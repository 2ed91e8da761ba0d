'use strict';
const debug = require('debug')('webapp');
const ms = require('ms');
const isNumber = require('is-number');

// wait formats a delay for the log; it accepts only numbers.
function wait(delay) {
  if (!isNumber(delay)) throw new TypeError('delay must be a number');
  debug('waiting %s', ms(delay));
  return ms(delay, { long: true });
}

module.exports = { wait };
