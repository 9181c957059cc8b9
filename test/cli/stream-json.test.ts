/** The CLI writes its report in pieces: byte for byte what JSON.stringify writes, with no string holding more than one entry. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { tournamentTable } from '../../scripts/bench/tables';
import { writeJson } from '../../src/cli/stream-json';
import { roundNumbers } from '../../src/model/report';
import { analyze } from '../../src/rules/report/analyze';

function collector(highWaterMark = 1024) {
  const parts: string[] = [];
  const out = new Writable({
    highWaterMark,
    write(chunk, _enc, done) {
      parts.push(String(chunk));
      setImmediate(done);
    },
  });
  return { out, parts };
}

describe('writeJson', () => {
  it('a tournament report: the same bytes as JSON.stringify, in pieces of bounded size', async () => {
    const report = analyze(tournamentTable(2));
    const { out, parts } = collector();
    await writeJson(out, report, roundNumbers);
    const whole = JSON.stringify(roundNumbers(report)) + '\n';
    expect(parts.join('')).toBe(whole);
    expect(parts.length).toBeGreaterThan(5);
    const biggestEntry = Math.max(...report.attacks.map((a) => JSON.stringify(roundNumbers(a)).length));
    for (const p of parts) expect(p.length).toBeLessThan(65536 + biggestEntry + 100);
  });

  it('odd values: undefined fields left out, undefined in arrays written null, toJSON honoured, __proto__ kept as a key', async () => {
    const odd = JSON.parse('{"__proto__": {"a": 1}}');
    const value = {
      a: undefined,
      b: [undefined, 1, 'x', null, { c: undefined, d: [1, { e: 2 }] }],
      t: { toJSON: () => ({ z: 1 }) },
      p: odd,
      n: {},
    };
    const { out, parts } = collector();
    await writeJson(out, value);
    expect(parts.join('')).toBe(JSON.stringify(value) + '\n');
  });
});
