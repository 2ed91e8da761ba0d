'use strict';
// Uses debug, which package.json declares, and ms, which it does not: ms is
// only installed because debug depends on it.
const debug = require('debug')('clock');
const ms = require('ms');

exports.elapsed = function elapsed(start, end) {
  debug('elapsed %d', end - start);
  return ms(end - start);
};
