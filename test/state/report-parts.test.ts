import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/model/report';
import { ReportAssembler, splitReport } from '../../src/state/report-parts';

const reportOf = (n: number): Report =>
  ({
    format: 'armada-report/1',
    ruleset: 'tournament',
    shapes: {},
    distances: [],
    overlaps: [],
    attacks: Array.from({ length: n }, (_, i) => ({ attacker: `a${i}.front`, defender: `d${i}.rear`, n: i })),
    rift: [],
    exogorths: [],
    proposals: [],
  }) as unknown as Report;

describe('a report handed over in parts', () => {
  it('is put back together exactly, in every size of part, with its keys in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 90 }), (n, size) => {
        const report = reportOf(n);
        const { head, parts } = splitReport(report, size);
        expect(parts.every((p) => p.length <= size && p.length > 0)).toBe(true);
        expect(head.parts).toBe(parts.length);
        expect(head.parts).toBe(n <= size ? 0 : Math.ceil(n / size));
        const a = new ReportAssembler(head);
        let whole = a.whole();
        parts.forEach((p, i) => {
          expect(whole, `whole before part ${i}`).toBeNull();
          whole = a.add(i, p);
        });
        expect(JSON.stringify(whole)).toBe(JSON.stringify(report));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the head small: its attacks travel in the parts', () => {
    const { head, parts } = splitReport(reportOf(4500), 2000);
    expect(head.report.attacks).toEqual([]);
    expect(parts.map((p) => p.length)).toEqual([2000, 2000, 500]);
  });

  it('refuses a part out of order, naming it', () => {
    const { head, parts } = splitReport(reportOf(10), 3);
    const a = new ReportAssembler(head);
    expect(() => a.add(1, parts[1])).toThrow('report part 1 came where part 0 was due');
  });

  it('refuses a part size under one', () => {
    expect(() => splitReport(reportOf(10), 0)).toThrow('at least one attack, not 0');
  });
});
