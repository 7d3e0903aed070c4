// The server's imports run one way (docs/architecture.md "What may import what"): features →
// engine → storage, and a feature reached from another only through its index.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { importsAgainstDirection } from '../../scripts/import-graph.mjs';

describe("the server's import direction", () => {
  it('no import goes up from storage or the engine, nor into another feature past its index.ts', () => {
    const against = importsAgainstDirection();
    assert.deepEqual([...against.entries()], [], 'node scripts/import-graph.mjs lists them');
  });
});
