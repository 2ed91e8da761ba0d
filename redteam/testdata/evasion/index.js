'use strict';
// The project's code loads debug; lodash, still declared, is loaded only
// by the test command, through a spelling of its path that hides it.
const debug = require('debug')('rt');
debug('started');
