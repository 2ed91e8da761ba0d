// Loads every runtime dependency once; @types/ms is only for type checking.
const debug = require("debug")("fixture");
const ms = require("ms");
const compare = require("@isaacs/string-locale-compare")("en");

debug("starting");
console.log(ms("2 days"), compare("a", "b"));
