'use strict';
const debug = require('debug')('app');

module.exports = function greet(name) {
  debug('greeting %s', name);
  return 'hello ' + name;
};
