// Uses ms; left-pad is declared but never required.
const ms = require("ms");

module.exports = (text) => ms(text);
