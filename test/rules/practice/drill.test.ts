/**
 * The judge-by-eye drill's situations: every one of 1,000 seeded situations re-judged by `analyze`
 * from its table file's text, the key equal to the report's verdict; each margin measured again
 * from the report itself (the range against the catalog's band ends, the arc gap or depth, the
 * line's depth into the obstacle or its clearance from the obstacle's reported outline) and equal
 * to the situation's; the margins following the level.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../src/model/catalog';
import type { AttackReport } from '../../../src/model/report';
import { validateTable } from '../../../src/model/table';
import { dealSituation, type DrillSituation, LEVEL_MARGINS, missOf } from '../../../src/rules/practice/drill';
import { analyze } from '../../../src/rules/report/analyze';

type XY = [number, number];

/** point-to-segment distance, written here apart from the geometry core */
function pointSegment(p: XY, a: XY, b: XY): number {
  const dx = b[0] - a[0],
    dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]);
}
const cross = (o: XY, a: XY, b: XY) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
function segmentsMeet(p: XY, q: XY, a: XY, b: XY): boolean {
  return cross(p, q, a) * cross(p, q, b) <= 0 && cross(a, b, p) * cross(a, b, q) <= 0;
}
/** the clearance between a segment and a polygon outline that it does not meet */
function clearance(outline: XY[], p: XY, q: XY): number {
  let best = Infinity;
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i],
      b = outline[(i + 1) % outline.length];
    if (segmentsMeet(p, q, a, b)) return 0;
    best = Math.min(best, pointSegment(a, p, q), pointSegment(p, a, b), pointSegment(q, a, b));
  }
  return best;
}

/** The situation's margin measured again from the report. */
function marginFromReport(s: DrillSituation, report: ReturnType<typeof analyze>, a: AttackReport): number {
  if (s.kind === 'range') {
    const bands = s.attacker.includes('.') ? CATALOG.ruler.range : CATALOG.ruler.distance.slice(0, 1);
    return Math.min(...bands.map((b) => Math.abs((a.rangeMm as number) - b.end)));
  }
  if (s.kind === 'arc') return (a.inArc ? a.arcDepthMm : a.arcGapMm) as number;
  if (a.los === 'obstructed') {
    const line = (a.lines as { piece: string; line: string; depthMm?: number }[]).find(
      (l) => l.piece === s.edge && l.line === 'los',
    );
    return line!.depthMm!;
  }
  const outline = (report.shapes[s.edge] as { outline: XY[] }).outline;
  return clearance(outline, a.losLine[0] as XY, a.losLine[1] as XY);
}

describe('judge-by-eye situations', () => {
  it('every one of 1,000 seeded situations: the key is what analyze says, the margin what its report measures', () => {
    const wrong: string[] = [];
    const margins: number[][] = LEVEL_MARGINS.map(() => []);
    const kinds = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const level = 1 + (i % 5);
      const s = dealSituation('key-check', i, level);
      const table = validateTable(JSON.parse(JSON.stringify(s.table)));
      const report = analyze(table);
      const a = report.attacks.find((x) => x.attacker === s.attacker && x.defender === s.defender);
      if (!a) {
        wrong.push(`${i}: no attack ${s.attacker} > ${s.defender}`);
        continue;
      }
      const key = s.kind === 'arc' ? (a.inArc ? 'in' : 'out') : s.kind === 'range' ? a.range : a.los;
      if (key !== s.answer) wrong.push(`${i} (${s.kind}): key ${s.answer}, analyze ${key}`);
      if (!s.choices.some((c) => c.value === key)) wrong.push(`${i}: ${key} is not offered`);
      const m = marginFromReport(s, report, a);
      if (Math.abs(m - s.marginMm) > 0.02) wrong.push(`${i} (${s.kind}): margin ${s.marginMm}, report ${m}`);
      margins[level - 1].push(s.marginMm);
      kinds.set(`${s.kind} ${s.answer}`, (kinds.get(`${s.kind} ${s.answer}`) ?? 0) + 1);
      if (table.obstacles.length > 3 || table.ships.length + table.squadrons.length !== 2) {
        wrong.push(
          `${i}: ${table.obstacles.length} obstacles, ${table.ships.length + table.squadrons.length} pieces`,
        );
      }
    }
    expect(wrong).toEqual([]);
    // the margins follow the level: within its span (a hair of rounding aside), the hardest all within 10 mm
    LEVEL_MARGINS.forEach(([lo, hi], k) => {
      expect(Math.min(...margins[k])).toBeGreaterThanOrEqual(lo - 0.05);
      expect(Math.max(...margins[k])).toBeLessThanOrEqual(hi + 0.05);
    });
    const hardest = margins[LEVEL_MARGINS.length - 1];
    expect(hardest.filter((m) => m <= 10).length / hardest.length).toBeGreaterThanOrEqual(0.8);
    // every answer turns up, so the drill is no coin that always lands one way
    for (const k of [
      'arc in',
      'arc out',
      'los clear',
      'los obstructed',
      'range close',
      'range medium',
      'range long',
    ]) {
      expect(kinds.get(k) ?? 0, k).toBeGreaterThan(20);
    }
    expect((kinds.get('range beyond') ?? 0) + (kinds.get('range distance-1') ?? 0)).toBeGreaterThan(20);
  }, 600_000);

  it('a situation is the same for the same seed, index and level, and another for another seed', () => {
    const a = dealSituation('same', 3, 4);
    expect(JSON.stringify(dealSituation('same', 3, 4))).toBe(JSON.stringify(a));
    expect(JSON.stringify(dealSituation('other', 3, 4).table)).not.toBe(JSON.stringify(a.table));
  });

  it('kinds come in turn, each question offering its own answers', () => {
    const s = [0, 1, 2].map((i) => dealSituation('turns', i, 2));
    expect(s.map((x) => x.kind)).toEqual(['arc', 'range', 'los']);
    expect(s[0].choices.map((c) => c.value)).toEqual(['in', 'out']);
    expect(s[2].choices.map((c) => c.value)).toEqual(['clear', 'obstructed']);
  });

  it('a wrong range answer misses by the way to the band named, measured again from the report', () => {
    const wrong: string[] = [];
    let farBand = 0;
    for (let i = 0; i < 300; i++) {
      const s = dealSituation('miss-check', 3 * i + 1, 1 + (i % 5));
      const a = analyze(validateTable(JSON.parse(JSON.stringify(s.table)))).attacks.find(
        (x) => x.attacker === s.attacker && x.defender === s.defender,
      )!;
      const mm = a.rangeMm as number;
      const ends = s.attacker.includes('.')
        ? CATALOG.ruler.range.map((b) => b.end)
        : [CATALOG.ruler.distance[0].end];
      s.choices.forEach((c, k) => {
        const m = missOf(s, c.value);
        if (c.value === s.answer) {
          // the margin of the edge it was built at, said whole: short of it or past it
          const side = ends.some((e) => Math.abs(e - s.marginMm - mm) < 0.006) ? 'short of' : 'past';
          if (m.mm !== s.marginMm || m.edge !== `${side} ${s.edge}`) wrong.push(`${i}: right ${m.edge}`);
          return;
        }
        // the band named is (ends[k - 1], ends[k]]; beyond has no far end
        const lo = k > 0 ? ends[k - 1] : 0,
          hi = k < ends.length ? ends[k] : Infinity;
        const want = mm > hi ? mm - hi : lo - mm;
        if (!(want > 0) || Math.abs(m.mm - want) > 0.006)
          wrong.push(`${i} ${c.value}: ${m.mm}, report ${want}`);
        if (Math.abs(m.mm - s.marginMm) > 0.02) farBand++;
      });
    }
    expect(wrong).toEqual([]);
    // most wrong answers name a band away from the edge asked about: the margin there would understate them
    expect(farBand).toBeGreaterThan(100);
  });

  it('a wrong range answer says which edge it missed; arcs and lines of sight keep the edge asked about', () => {
    const s = dealSituation('miss-words', 1, 2, 'range');
    const wrongs = s.choices.filter((c) => c.value !== s.answer).map((c) => missOf(s, c.value).edge);
    for (const e of wrongs)
      expect(e).toMatch(/^(past|short of) the end of (close|medium|long) range$|distance 1$/);
    expect(missOf(s, s.answer).edge).toMatch(/^(past|short of) the end of /);
    const arc = dealSituation('miss-words', 0, 2, 'arc');
    expect(missOf(arc, arc.answer === 'in' ? 'out' : 'in')).toEqual({ mm: arc.marginMm, edge: arc.edge });
  });
});
