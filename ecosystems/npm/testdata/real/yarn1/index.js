const debug = require('debug')('yarn1')
debug(require('ms')(1000))
