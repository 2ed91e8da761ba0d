const util = require("@fx/util"); const debug = require("debug")("app"); module.exports = () => util("1s");
