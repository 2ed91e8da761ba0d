const parse = require('./index')
if (parse('1s') !== 1000) process.exit(1)
