require('debug')('pnp')('hello')
