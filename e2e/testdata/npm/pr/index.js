'use strict';
const ms = require('ms');
const debug = require('debug')('app');

module.exports = function greet(name) {
  debug('greeting %s after %s', name, ms(60000));
  return 'hello ' + name;
};
