const debug = require('debug')('pnpm')
debug('hello')
require('@isaacs/string-locale-compare')
