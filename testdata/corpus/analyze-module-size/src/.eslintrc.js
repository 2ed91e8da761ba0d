module.exports = {
    "extends": "standard",
    "plugins": [
        "standard",
        "promise"
    ],
    rules: {
      "no-console": "warn"
    }
};
