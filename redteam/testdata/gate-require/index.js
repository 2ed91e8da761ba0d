'use strict';
const debug = require('debug')('rt');
const _ = require('lodash');
const ms = require('ms');
debug('%d %s', _.sum([1, 2]), ms(60000));
