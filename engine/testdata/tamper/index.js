const debug = require('debug')('fixture');
const ms = require('ms');
const _ = require('lodash');
module.exports = () => debug(_.join(['waited', ms(1500)], ' '));
