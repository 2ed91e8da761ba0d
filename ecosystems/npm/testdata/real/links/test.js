const f = require('./index')
if (f(1) !== 1) process.exit(1)
