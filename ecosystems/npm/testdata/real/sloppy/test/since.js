const { test } = require('uvu')
const assert = require('uvu/assert')
const { since } = require('..')

test('since formats a duration', () => {
  assert.match(since(Date.now() - 2000), /^\d+s$/)
})

test.run()
