import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tournamentTable } from '../../scripts/bench/tables';
import { CATALOG } from '../../src/model/catalog';
import type { AttackReport, Report } from '../../src/model/report';
import { parseTableText, type Table } from '../../src/model/table';
import { Polygon } from '../../src/geometry/polygon';
import { relateDistance } from '../../src/geometry/relate';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { layoutLabelsPlain, segmentHitsBoxPlain } from './label-layout-reference';
import {
  beside,
  BESIDE_GAPS,
  boxPolygonGap,
  type Box,
  estimateBox,
  type Footprints,
  LABEL_REACH_PX,
  type LabelRequest,
  layoutLabels,
  type Place,
  placeBox,
  type Segment,
  segmentHitsBox,
  withinReach,
} from '../../src/render/label-layout';
import { footprints, sceneLabels, samePieces } from '../../src/render/scene-labels';
import { fitView, toScreen, type View, zoomAt } from '../../src/render/view';
import { analyzeWorld } from '../../src/rules/report/analyze';
import { World } from '../../src/rules/world';

// The label check: no two drawn labels' boxes overlap, and no label covers the judged
// line, on the demo table, a fleet table and a crowded one, at the fitted zoom and at 2x, on a
// desktop canvas and a phone's (turned). The checks below are written apart from the layout's own
// tests (interval overlap, points sampled along the line), so a layout bug cannot hide in both.

/** Whether two boxes share any area (an independent form: the overlap's width and height). */
const overlapArea = (a: Box, b: Box) =>
  Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) *
  Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
/** Whether a segment, `pad` px thick each side, comes into the box: points every 0.25 px along it. */
function covers(box: Box, s: Segment): boolean {
  const len = Math.hypot(s.b[0] - s.a[0], s.b[1] - s.a[1]);
  const n = Math.max(1, Math.ceil(len / 0.25));
  for (let i = 0; i <= n; i++) {
    const x = s.a[0] + ((s.b[0] - s.a[0]) * i) / n,
      y = s.a[1] + ((s.b[1] - s.a[1]) * i) / n;
    if (x > box[0] - s.pad && x < box[2] + s.pad && y > box[1] - s.pad && y < box[3] + s.pad) return true;
  }
  return false;
}

/**
 * A piece on screen as the checks below see it, apart from the layout's own tests: a disc, or a polygon
 * (corners x, y run together).
 */
type Piece = { id: string; disc?: [number, number, number]; xy?: number[] };
/** The area a box and a convex polygon share (the polygon clipped to the box, Sutherland-Hodgman). */
function sharedArea(b: Box, xy: number[]): number {
  let pts: [number, number][] = [];
  for (let i = 0; i < xy.length; i += 2) pts.push([xy[i], xy[i + 1]]);
  const clip = (
    inside: (p: [number, number]) => boolean,
    cut: (p: [number, number], q: [number, number]) => [number, number],
  ) => {
    const out: [number, number][] = [];
    pts.forEach((p, i) => {
      const q = pts[(i + 1) % pts.length];
      if (inside(p)) out.push(p);
      if (inside(p) !== inside(q)) out.push(cut(p, q));
    });
    pts = out;
  };
  const atX =
    (x: number) =>
    (p: [number, number], q: [number, number]): [number, number] => [
      x,
      p[1] + ((q[1] - p[1]) * (x - p[0])) / (q[0] - p[0]),
    ];
  const atY =
    (y: number) =>
    (p: [number, number], q: [number, number]): [number, number] => [
      p[0] + ((q[0] - p[0]) * (y - p[1])) / (q[1] - p[1]),
      y,
    ];
  clip((p) => p[0] >= b[0], atX(b[0]));
  clip((p) => p[0] <= b[2], atX(b[2]));
  clip((p) => p[1] >= b[1], atY(b[1]));
  clip((p) => p[1] <= b[3], atY(b[3]));
  let a = 0;
  pts.forEach((p, i) => {
    const q = pts[(i + 1) % pts.length];
    a += p[0] * q[1] - q[0] * p[1];
  });
  return Math.abs(a) / 2;
}
/** Whether a box covers a piece: shares area with it (a disc: its centre nearer the box than r). */
function coversPiece(b: Box, p: Piece): boolean {
  if (p.disc) {
    const [cx, cy, r] = p.disc;
    return Math.hypot(Math.max(b[0] - cx, 0, cx - b[2]), Math.max(b[1] - cy, 0, cy - b[3])) < r - 1e-6;
  }
  return sharedArea(b, p.xy!) > 1e-6;
}
/** How far a box lies from a piece (px): points every 0.25 px along its outline, or its disc's edge. */
function gapTo(b: Box, p: Piece): number {
  const pointGap = (x: number, y: number) =>
    Math.hypot(Math.max(b[0] - x, 0, x - b[2]), Math.max(b[1] - y, 0, y - b[3]));
  if (p.disc) return Math.max(0, pointGap(p.disc[0], p.disc[1]) - p.disc[2]);
  if (coversPiece(b, p)) return 0;
  const xy = p.xy!;
  let best = Infinity;
  for (let i = 0; i < xy.length; i += 2) {
    const j = (i + 2) % xy.length;
    const n = Math.max(1, Math.ceil(Math.hypot(xy[j] - xy[i], xy[j + 1] - xy[i + 1]) / 0.25));
    for (let k = 0; k <= n; k++)
      best = Math.min(
        best,
        pointGap(xy[i] + ((xy[j] - xy[i]) * k) / n, xy[i + 1] + ((xy[j + 1] - xy[i + 1]) * k) / n),
      );
  }
  return best;
}
/** The squadrons' discs and ships' bases of a world on screen. */
function screenPieces(world: World, view: View): Piece[] {
  return [
    ...world.squadrons.map((q) => {
      const [x, y] = toScreen(view, q.circle.cx, q.circle.cy);
      return { id: q.id, disc: [x, y, q.circle.r * view.scale] as [number, number, number] };
    }),
    ...world.ships.map((s) => {
      const xy: number[] = [];
      for (let i = 0; i < s.shapes.base.xy.length; i += 2)
        xy.push(...toScreen(view, s.shapes.base.xy[i], s.shapes.base.xy[i + 1]));
      return { id: s.id, xy };
    }),
  ];
}

const COLOURS = {
  player: { 1: 0x4dabf7, 2: 0xff6b6b },
  overlap: 0xff00ff,
  los: { clear: 1, obstructed: 2, blocked: 3, dust: 4 },
};
const load = (path: string) => parseTableText(readFileSync(path, 'utf8'));
const TABLES: [string, Table][] = [
  ['demo', load('assets/demo-table.json')],
  ['fleet (attacks-fleet)', load('test/tables/attacks-fleet.json')],
  ['crowded (10 ships, 24 squadrons, 12 obstacles)', tournamentTable(1)],
];
const CANVASES = [
  { name: 'desktop 880x776', w: 880, h: 776, turn: false, margin: 24 },
  { name: 'phone 390x600 turned', w: 390, h: 600, turn: true, margin: 6 },
];

/** The judged attack: an obstructed one if the table has one in arc and range, else any possible one, else the nearest. */
function judged(r: Report): AttackReport {
  const possible = r.attacks.filter((a) => a.inArc && a.range !== 'beyond' && a.rangeLine);
  const nearest = r.attacks
    .filter((a) => a.rangeLine)
    .sort((a, b) => (a.rangeMm ?? 1e9) - (b.rangeMm ?? 1e9))[0];
  return possible.find((a) => a.los === 'obstructed') ?? possible[0] ?? nearest;
}

describe('label layout on real tables', () => {
  for (const [name, table] of TABLES) {
    const world = new World(table, CATALOG);
    const report = analyzeWorld(world);
    const chosen = judged(report);
    const spec = CATALOG.tables[table.table];
    for (const c of CANVASES) {
      const fitted = fitView(c.w, c.h, spec.width, spec.height, c.margin, c.turn);
      const mid = toScreen(
        fitted,
        (chosen.losLine[0][0] + chosen.losLine[1][0]) / 2,
        (chosen.losLine[0][1] + chosen.losLine[1][1]) / 2,
      );
      const views: [string, View][] = [
        ['fitted', fitted],
        ['2x', zoomAt(fitted, mid[0], mid[1], 2)],
      ];
      for (const [zoom, view] of views) {
        it(`${name}, ${c.name}, ${zoom}: no two labels overlap, none covers ${chosen.attacker} -> ${chosen.defender}'s lines`, () => {
          const { layout, requests, segments } = sceneLabels({
            world,
            report,
            attacker: chosen.attacker,
            defender: chosen.defender,
            selected: chosen.attacker.split('.')[0],
            rings: false,
            view,
            width: c.w,
            height: c.h,
            overlapped: new Set(report.overlaps.map((o) => o.piece)),
            ghosts: [],
            colours: COLOURS,
            measure: estimateBox,
          });
          const placed = layout.placed;
          // the verdict's labels are drawn, and most others are (the check is not met by drawing nothing)
          expect(placed.map((p) => p.id)).toContain('chosen:los');
          expect(placed.map((p) => p.id)).toContain('chosen:range');
          expect(placed.length).toBeGreaterThan(Math.min(12, requests.length / 3));
          expect(segments.length).toBe(2);
          for (let i = 0; i < placed.length; i++) {
            for (let j = i + 1; j < placed.length; j++) {
              expect(overlapArea(placed[i].box, placed[j].box), `${placed[i].text} / ${placed[j].text}`).toBe(
                0,
              );
            }
            // the judged line as drawn: 6.5 px wide (its black outline), so 3.25 px each side
            for (const s of segments)
              expect(covers(placed[i].box, { ...s, pad: 3.25 }), `${placed[i].text} on the judged line`).toBe(
                false,
              );
            const b = placed[i].box;
            expect(b[0] >= 0 && b[1] >= 0 && b[2] <= c.w && b[3] <= c.h).toBe(true);
          }
          // every request is placed or dropped, once
          expect(placed.length + layout.dropped.length).toBe(requests.length);
          // ship labels are names (a class's short name), never the full class name nor the id of a classed ship
          for (const p of placed) {
            const ship = table.ships.find((s) => s.id === p.id);
            if (ship?.class && !ship.name) expect(p.text).not.toContain(CATALOG.shipClasses[ship.class].name);
          }
          // a squadron's name covers no squadron's disc nor ship's base (its own disc neither); a piece's name
          // lies within reach of its piece
          const pieces = screenPieces(world, view);
          for (const p of placed) {
            const own = pieces.find((q) => q.id === p.id);
            if (own)
              expect(gapTo(p.box, own), `${p.text} from its piece`).toBeLessThanOrEqual(
                LABEL_REACH_PX + 0.01,
              );
            if (!world.squadrons.some((q) => q.id === p.id)) continue;
            for (const q of pieces) expect(coversPiece(p.box, q), `${p.text} over ${q.id}`).toBe(false);
          }
        });
      }
    }
  }

  it('the crowded table at the fitted zoom would pile labels up if each were drawn where it was asked (so the check above can fail)', () => {
    const table = tournamentTable(1);
    const world = new World(table, CATALOG);
    const report = analyzeWorld(world);
    const chosen = judged(report);
    const view = fitView(880, 776, 1828.8, 914.4, 24);
    const { requests } = sceneLabels({
      world,
      report,
      attacker: chosen.attacker,
      defender: chosen.defender,
      selected: null,
      rings: false,
      view,
      width: 880,
      height: 776,
      overlapped: new Set(),
      ghosts: [],
      colours: COLOURS,
      measure: estimateBox,
    });
    const naive = requests.map((r) => {
      const m = estimateBox(r.texts[0]);
      const [x, y] = r.at[0];
      return [x - m.w / 2, y - m.h / 2, x + m.w / 2, y + m.h / 2] as Box;
    });
    let clashes = 0;
    for (let i = 0; i < naive.length; i++)
      for (let j = i + 1; j < naive.length; j++) if (overlapArea(naive[i], naive[j]) > 0) clashes++;
    expect(clashes).toBeGreaterThan(3);
  });
});

describe('label layout, any requests', () => {
  const req = fc.record({
    priority: fc.integer({ min: 0, max: 5 }),
    at: fc.array(
      fc.tuple(
        fc.double({ min: -20, max: 420, noNaN: true }),
        fc.double({ min: -20, max: 320, noNaN: true }),
      ),
      { minLength: 1, maxLength: 6 },
    ),
    texts: fc.array(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 3 }),
  });
  const seg = fc.record({
    a: fc.tuple(fc.double({ min: 0, max: 400, noNaN: true }), fc.double({ min: 0, max: 300, noNaN: true })),
    b: fc.tuple(fc.double({ min: 0, max: 400, noNaN: true }), fc.double({ min: 0, max: 300, noNaN: true })),
    pad: fc.double({ min: 0, max: 5, noNaN: true }),
  });

  it('placed boxes never overlap, never meet a segment, stay inside; higher priorities are never dropped for lower ones', () => {
    fc.assert(
      fc.property(fc.array(req, { maxLength: 40 }), fc.array(seg, { maxLength: 3 }), (rs, segs) => {
        const requests: LabelRequest[] = rs.map((r, i) => ({ ...r, id: `l${i}`, color: 0 }));
        const out = layoutLabels(requests, {
          measure: estimateBox,
          bounds: [0, 0, 400, 300],
          segments: segs,
          gap: 0,
        });
        for (let i = 0; i < out.placed.length; i++) {
          const b = out.placed[i].box;
          expect(b[0] >= 0 && b[1] >= 0 && b[2] <= 400 && b[3] <= 300).toBe(true);
          for (let j = i + 1; j < out.placed.length; j++) expect(overlapArea(b, out.placed[j].box)).toBe(0);
          for (const s of segs) expect(covers(b, { ...s, pad: Math.max(0, s.pad - 0.3) })).toBe(false);
        }
        expect(out.placed.length + out.dropped.length).toBe(requests.length);
        // the top priority's first request is placed whenever one of its places fits on the empty canvas, away from the segments
        const top = [...requests].sort((p, q) => q.priority - p.priority)[0];
        if (top && out.dropped.includes(top.id)) {
          for (const t of top.texts)
            for (const [x, y] of top.at) {
              const m = estimateBox(t);
              const b: Box = [x - m.w / 2, y - m.h / 2, x + m.w / 2, y + m.h / 2];
              const inside = b[0] >= 0 && b[1] >= 0 && b[2] <= 400 && b[3] <= 300;
              if (inside) expect(segs.some((s) => covers(b, { ...s, pad: s.pad + 0.3 }))).toBe(true);
            }
        }
      }),
      { numRuns: 300 },
    );
  });
});

// pieces on screen: discs, and rectangles and diamonds (ships' bases, turned)
const disc = fc
  .tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 3, max: 30 }))
  .map(([x, y, r]): Piece => ({ id: '', disc: [x, y, r] }));
const quad = fc
  .tuple(
    fc.integer({ min: 0, max: 400 }),
    fc.integer({ min: 0, max: 300 }),
    fc.integer({ min: 4, max: 60 }),
    fc.integer({ min: 4, max: 60 }),
    fc.boolean(),
  )
  .map(
    ([x, y, a, b, turned]): Piece => ({
      id: '',
      xy: turned
        ? [x - a, y, x, y - b, x + a, y, x, y + b]
        : [x - a, y - b, x + a, y - b, x + a, y + b, x - a, y + b],
    }),
  );
const flat = (ps: Piece[]): Footprints => {
  const data: number[] = [],
    start: number[] = [];
  for (const p of ps) {
    start.push(data.length);
    if (p.disc) data.push(0, ...p.disc);
    else data.push(1, p.xy!.length / 2, ...p.xy!);
  }
  start.push(data.length);
  return {
    count: ps.length,
    data: Float64Array.from(data),
    start: Int32Array.from(start),
    owner: ps.map((p) => p.id),
  };
};

describe('labels and pieces', () => {
  const place = fc.oneof(
    fc.tuple(fc.integer({ min: -20, max: 420 }), fc.integer({ min: -20, max: 320 })),
    fc.tuple(
      fc.integer({ min: -20, max: 420 }),
      fc.integer({ min: -20, max: 320 }),
      fc.constantFrom(-1, 0, 1),
      fc.constantFrom(-1, 0, 1),
    ),
  );
  const req = fc.record({
    priority: fc.integer({ min: 0, max: 3 }),
    at: fc.array(place, { minLength: 1, maxLength: 12 }),
    texts: fc.array(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 3 }),
    never: fc.boolean(),
    ownPiece: fc.option(fc.nat({ max: 20 }), { nil: undefined }),
  });

  it('no label covers a piece where a place clear of the pieces was free; one that must keep off them never does', () => {
    fc.assert(
      fc.property(
        fc.array(req, { maxLength: 30 }),
        fc.array(fc.oneof(disc, quad), { maxLength: 20 }),
        (rs, ps) => {
          // a ship's name may lie on its own base: some pieces are owned by a request
          const pieces = ps.map((p, i) =>
            p.xy
              ? {
                  ...p,
                  id: rs.find((r) => r.ownPiece === i) ? `l${rs.findIndex((r) => r.ownPiece === i)}` : '',
                }
              : p,
          );
          const requests: LabelRequest[] = rs.map((r, i) => ({
            id: `l${i}`,
            priority: r.priority,
            at: r.at as Place[],
            texts: r.texts,
            color: 0,
            ...(r.never ? { overPieces: 'never' as const } : {}),
          }));
          const out = layoutLabels(requests, {
            measure: estimateBox,
            bounds: [0, 0, 400, 300],
            gap: 2,
            pieces: flat(pieces),
          });
          const byId = new Map(requests.map((r) => [r.id, r]));
          out.placed.forEach((p, k) => {
            const over = pieces.filter((q) => q.id !== p.id && coversPiece(p.box, q));
            if (!over.length) return;
            const r = byId.get(p.id)!;
            expect(r.overPieces, `${p.id} must keep off the pieces`).not.toBe('never');
            // every place with every text: off the canvas, on a label placed before, or over a piece
            for (const t of r.texts)
              for (const at of r.at) {
                const m = estimateBox(t);
                const b = placeBox(at, m.w, m.h);
                const blocked =
                  b[0] < 0 ||
                  b[1] < 0 ||
                  b[2] > 400 ||
                  b[3] > 300 ||
                  out.placed
                    .slice(0, k)
                    .some((o) => overlapArea([b[0] - 2, b[1] - 2, b[2] + 2, b[3] + 2], o.box) > 0) ||
                  pieces.some(
                    (q) => q.id !== p.id && coversPiece([b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1], q),
                  );
                expect(blocked, `${p.id} "${t}" at ${at.join(', ')} was free of pieces`).toBe(true);
              }
          });
        },
      ),
      { numRuns: 300, seed: 11 },
    );
  });

  it('a label beside a disc or a box keeps its near side at the gap asked, whatever its text', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 300, noNaN: true }),
        fc.double({ min: 1, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 80, noNaN: true }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (x, y, r, wide, text) => {
          const m = estimateBox(text);
          const discPlaces = beside(x, y, r),
            boxPlaces = beside(x, y, 0, x + wide, y + r);
          expect(discPlaces.length).toBe(8 * BESIDE_GAPS.length);
          discPlaces.forEach((p, i) => {
            const g = gapTo(placeBox(p, m.w, m.h), { id: '', disc: [x, y, r] });
            expect(g).toBeCloseTo(BESIDE_GAPS[Math.floor(i / 8)], 6);
          });
          boxPlaces.forEach((p, i) => {
            const b = placeBox(p, m.w, m.h);
            const g = gapTo(b, { id: '', xy: [x, y, x + wide, y, x + wide, y + r, x, y + r] });
            expect(Math.abs(g - BESIDE_GAPS[Math.floor(i / 8)])).toBeLessThan(0.2);
          });
        },
      ),
      { numRuns: 300, seed: 12 },
    );
  });

  it('the demo table at 1280x800, fitted and 2x at the TIE fighters: tie2 named beside its disc, none over a disc', () => {
    const table = load('assets/demo-table.json');
    const world = new World(table, CATALOG);
    const report = analyzeWorld(world);
    const fitted = fitView(880, 730, 1828.8, 914.4, 24);
    const tie2 = world.byId.get('tie2')!;
    const at = toScreen(fitted, tie2.piece.x, tie2.piece.y);
    for (const view of [fitted, zoomAt(fitted, at[0], at[1], 2)]) {
      const f = footprints(world, view);
      expect(f.count).toBe(world.squadrons.length + world.ships.length);
      const { layout } = sceneLabels({
        world,
        report,
        attacker: null,
        defender: null,
        selected: null,
        rings: false,
        view,
        width: 880,
        height: 730,
        overlapped: new Set(),
        ghosts: [],
        colours: COLOURS,
        measure: estimateBox,
      });
      const pieces = screenPieces(world, view);
      expect(layout.placed.map((p) => p.id)).toContain('tie2');
      for (const q of world.squadrons) {
        const p = layout.placed.find((l) => l.id === q.id);
        if (!p) continue;
        for (const o of pieces) expect(coversPiece(p.box, o), `${q.id} over ${o.id}`).toBe(false);
        expect(gapTo(p.box, pieces.find((o) => o.id === q.id)!), `${q.id} from its disc`).toBeLessThanOrEqual(
          LABEL_REACH_PX,
        );
      }
    }
  });
});

describe('label layout written out, against the plain version', () => {
  // places on a coarse grid and on whole pixels, segments through them: ties, boxes just within or just
  // beyond the gap, and lines along box edges
  const coarse = fc.integer({ min: -2, max: 42 }).map((k) => k * 10);
  const pixel = fc.integer({ min: 90, max: 160 });
  const req = fc.record({
    priority: fc.integer({ min: 0, max: 3 }),
    at: fc.array(
      fc.oneof(
        fc.tuple(coarse, coarse),
        fc.tuple(fc.double({ min: -20, max: 420 }), fc.double({ min: -20, max: 320 })),
        fc.tuple(coarse, coarse, fc.constantFrom(-1, 0, 1), fc.constantFrom(-1, 0, 1)),
      ),
      { minLength: 1, maxLength: 17 },
    ) as fc.Arbitrary<Place[]>,
    overPieces: fc.constantFrom(undefined, 'never' as const, 'last' as const),
    texts: fc.array(
      fc.oneof(fc.constantFrom('x', 'ab', 'a label'), fc.string({ minLength: 1, maxLength: 14 })),
      { minLength: 1, maxLength: 3 },
    ),
  });
  const seg = fc.record({
    a: fc.tuple(coarse, coarse),
    b: fc.tuple(coarse, coarse),
    pad: fc.constantFrom(0, 1.5, 3),
  });
  const box = fc
    .tuple(coarse, coarse, coarse, coarse)
    .map(([a, b, c, d]) => [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)] as Box);
  it('places every label where the plain version does, with the same text, and drops the same', () => {
    fc.assert(
      fc.property(
        fc.array(req, { maxLength: 40 }),
        fc.array(seg, { maxLength: 8 }),
        fc.array(box, { maxLength: 2 }),
        fc.constantFrom(0, 2),
        fc.array(fc.tuple(fc.oneof(disc, quad), fc.nat({ max: 50 })), { maxLength: 12 }),
        (rs, segs, keepOut, gap, ps) => {
          const requests: LabelRequest[] = rs.map(({ overPieces, ...r }, i) => ({
            ...r,
            id: `l${i}`,
            color: i,
            ...(overPieces ? { overPieces } : {}),
          }));
          // some bases owned by a request (a ship's name may lie on it)
          const pieces = flat(ps.map(([p, k]) => ({ ...p, id: p.xy && k < rs.length ? `l${k}` : '' })));
          const opt = {
            measure: estimateBox,
            bounds: [0, 0, 400, 300] as Box,
            segments: segs,
            gap,
            keepOut,
            pieces,
          };
          expect(layoutLabels(requests, opt)).toEqual(layoutLabelsPlain(requests, opt));
        },
      ),
      { numRuns: 400, seed: 7 },
    );
  });
  it('lays the same requests out again (labels placed again kept) as the plain version does', () => {
    fc.assert(
      fc.property(
        fc.array(req, { minLength: 1, maxLength: 30 }),
        fc.array(seg, { maxLength: 4 }),
        fc.array(box, { maxLength: 2 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (rs, segs, keepOut, drop) => {
          const requests: LabelRequest[] = rs.map(({ overPieces, ...r }, i) => ({
            ...r,
            id: `l${i}`,
            color: i,
            ...(overPieces ? { overPieces } : {}),
          }));
          const opt = { measure: estimateBox, bounds: [0, 0, 400, 300] as Box, segments: segs, gap: 2 };
          const first = layoutLabels(requests, opt);
          // the next frame: some requests left out, others kept as the same objects, a box kept out
          const next = requests.filter((_, i) => !drop.includes(i));
          const again = layoutLabels(next, { ...opt, keepOut });
          expect(again).toEqual(layoutLabelsPlain(next, { ...opt, keepOut }));
          // a label placed the same is the last layout's own object
          for (const p of again.placed) {
            const q = first.placed.find((o) => o.id === p.id);
            if (q && JSON.stringify(q) === JSON.stringify(p)) expect(p).toBe(q);
          }
        },
      ),
      { numRuns: 300, seed: 9 },
    );
  });
  it('meets a box as the plain segment test does', () => {
    fc.assert(
      fc.property(fc.tuple(coarse, coarse), fc.tuple(coarse, coarse), box, (a, b, bx) => {
        expect(segmentHitsBox(a, b, bx)).toBe(segmentHitsBoxPlain(a, b, bx));
      }),
      { numRuns: 2000, seed: 8 },
    );
  });
});

describe("a drag's labels: unmoved pieces' requests kept between frames", () => {
  it('lays out each step as a first frame of the same table does', () => {
    const t0 = tournamentTable(2);
    const input = (world: World, view: View, selected: string | null) => {
      const report = analyzeWorld(world);
      return {
        world,
        report,
        attacker: selected ? `${selected}.front` : null,
        defender: null,
        selected,
        rings: false,
        view,
        width: 1200,
        height: 700,
        overlapped: new Set(report.overlaps.map((o) => o.piece)),
        ghosts: [],
        colours: COLOURS,
        measure: estimateBox,
      };
    };
    let view = fitView(1200, 700, 1828.8, 914.4, 24);
    let t = t0,
      prev = new World(t, CATALOG);
    const moved = t0.ships[3].id;
    let kept = 0,
      last = new Set<LabelRequest>();
    for (let k = 0; k < 12; k++) {
      // a ship moves; at step 6 the view zooms, at step 9 the selection moves to another ship
      t = {
        ...t,
        ships: t.ships.map((s) => (s.id === moved ? { ...s, x: s.x + 25, y: s.y + 7 * Math.sin(k) } : s)),
      };
      if (k === 6) view = zoomAt(view, 600, 350, 1.5);
      const selected = k < 9 ? moved : t0.ships[0].id;
      const world = new World(t, CATALOG, prev);
      const warm = sceneLabels(input(world, view, selected));
      const cold = sceneLabels(input(new World(t, CATALOG), view, selected));
      expect(JSON.stringify(warm.layout)).toBe(JSON.stringify(cold.layout));
      expect(JSON.stringify(warm.requests)).toBe(JSON.stringify(cold.requests));
      // the unmoved pieces' requests are the last frame's own objects (not at the zoom)
      const same = warm.requests.filter((r) => last.has(r)).length;
      if (k === 6) expect(same).toBe(0);
      kept += same;
      last = new Set(warm.requests);
      prev = world;
    }
    expect(kept).toBeGreaterThan(10 * 30);
  });
});

describe('the names kept from frame to frame', () => {
  it('stand for pieces that differ only in their places', () => {
    const t = tournamentTable(1);
    const moved = t.ships.map((s, i) => (i === 2 ? { ...s, x: s.x + 10, y: s.y - 3, rotation: 45 } : s));
    expect(samePieces(t.ships, moved)).toBe(true);
    expect(samePieces(t.ships, t.ships.slice(1))).toBe(false);
    expect(samePieces(t.ships, [...t.ships].reverse())).toBe(false);
    expect(
      samePieces(
        t.ships,
        moved.map((s, i) => (i === 2 ? { ...s, name: 'Renamed' } : s)),
      ),
    ).toBe(false);
    expect(
      samePieces(
        t.ships,
        moved.map((s, i) => (i === 2 ? { ...s, player: 2 } : s)),
      ),
    ).toBe(false);
    expect(samePieces([t.squadrons[0]], [{ ...t.squadrons[0], extra: 1 }])).toBe(false);
    expect(samePieces([{ ...t.squadrons[0], extra: 1 }], [t.squadrons[0]])).toBe(false);
  });

  it('follow a ship renamed between two frames', () => {
    const t0 = tournamentTable(1);
    const frame = (t: Table) => {
      const world = new World(t, CATALOG);
      const report = analyzeWorld(world);
      return sceneLabels({
        world,
        report,
        attacker: null,
        defender: null,
        selected: null,
        rings: false,
        view: fitView(1200, 700, 1828.8, 914.4, 24),
        width: 1200,
        height: 700,
        overlapped: new Set(),
        ghosts: [],
        colours: COLOURS,
        measure: estimateBox,
      }).requests;
    };
    frame(t0);
    const id = t0.ships[0].id;
    const renamed = { ...t0, ships: t0.ships.map((s, i) => (i === 0 ? { ...s, name: 'Quite Another' } : s)) };
    expect(frame(renamed).find((r) => r.id === id)?.texts[0]).toBe('Quite Another');
  });
});

describe('how far a label box lies from a piece (boxPolygonGap, withinReach)', () => {
  it('is the distance between the box and the polygon as the geometry core measures it', () => {
    // a ship's base: a rectangle turned, anywhere near a label's box
    const base = fc.record({
      cx: fc.double({ min: -60, max: 60, noNaN: true }),
      cy: fc.double({ min: -60, max: 60, noNaN: true }),
      w: fc.double({ min: 4, max: 40, noNaN: true }),
      h: fc.double({ min: 4, max: 80, noNaN: true }),
      turn: fc.double({ min: 0, max: Math.PI, noNaN: true }),
    });
    fc.assert(
      fc.property(base, ({ cx, cy, w, h, turn }) => {
        const c = Math.cos(turn),
          s = Math.sin(turn);
        const corners = [
          [-w / 2, -h / 2],
          [w / 2, -h / 2],
          [w / 2, h / 2],
          [-w / 2, h / 2],
        ].map(([x, y]): [number, number] => [cx + x * c - y * s, cy + x * s + y * c]);
        const xy = corners.flat();
        const box = Polygon.from([
          [-20, -8],
          [20, -8],
          [20, 8],
          [-20, 8],
        ]);
        const want = relateDistance(box, Polygon.from(corners));
        const got = boxPolygonGap(-20, -8, 20, 8, xy);
        // the core calls pieces within its tolerance touching (0)
        if (want > 0) expect(got).toBeCloseTo(want, 9);
        else expect(got).toBeLessThanOrEqual(TOLERANCE_MM);
        // within reach exactly when the gap is
        const place: [number, number] = [0, 0];
        for (const reach of [0, 3, 12])
          expect(withinReach(place, 40, 16, reach, 0, 0, 0, xy)).toBe(got <= reach);
      }),
      { numRuns: 2000 },
    );
  });
});
