const log = require('debug')('fixture')
module.exports = (x) => { log(x); return x }
