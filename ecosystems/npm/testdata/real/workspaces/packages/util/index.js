module.exports = (s) => require("ms")(s);
