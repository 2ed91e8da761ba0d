const assert = require("assert");
const toMs = require("..");

describe("toMs", () => {
  it("parses seconds", () => {
    assert.strictEqual(toMs("1s"), 1000);
  });
});
