const assert = require("assert");
const { words, classify } = require("./tally");
for (let i = 0; i < 3; i++) assert.strictEqual(words("a b c"), 3);
assert.strictEqual(classify(5), "positive");
assert.strictEqual(classify(0), "zero");
