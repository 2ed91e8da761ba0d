'use strict'
const debug = require('debug')('sloppy')
const ms = require('ms') // only debug is declared: ms is there through it

// since formats the time elapsed since t.
function since(t) {
  debug('since %d', t)
  return ms(Date.now() - t)
}

// numeric is never called by the tests.
function numeric(x) {
  return require('is-number')(x)
}

module.exports = { since, numeric, report: require('./lib/report') }
