import { test, describe, it } from 'node:test';
import assert from 'node:assert';

test('adds numbers', () => { assert.strictEqual(1 + 1, 2); });
test('compares strings', () => { assert.strictEqual('apple', 'apples'); });
test('skipped on purpose', { skip: 'not on this platform' }, () => {});
test('todo later', { todo: 'write it' }, () => { throw new Error('not done'); });
describe('parser', () => {
  it('reads a header', () => {});
  describe('nested', () => {
    it('reads deep values', () => { assert.deepStrictEqual({ a: 1 }, { a: 2 }); });
    it('passes deep', () => {});
  });
});
test('with subtests', async (t) => {
  await t.test('first step', () => {});
  await t.test('second step', () => {});
});
