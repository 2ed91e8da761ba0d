module.exports = (t) => require('ms')(t)
