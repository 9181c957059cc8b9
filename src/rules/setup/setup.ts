/**
 * Obstacle setup (reference section 1). Each obstacle must be:
 * - core reading: inside the setup area, beyond distance 3 of the edges of the play area, and
 *   beyond distance 1 of every other obstacle;
 * - erratum reading (campaign setup): inside the setup area, beyond distance 3 of the players'
 *   edges, beyond distance 1 of the setup area's non-player edges, beyond distance 1 of each other.
 * On 3'x3' the setup area is the whole play area, and which edges count is disputed: `edges`
 * 'all' (default) applies the rule to the side edges as well (core: distance 3; erratum:
 * distance 1); 'player' applies it to the players' edges only.
 *
 * "Beyond distance k": no part within band k or closer, so a gap equal to band k's end (within
 * the tolerance) is not beyond it. Lying exactly on the setup area's edge counts as inside.
 * Exogorths are placed by their own rule (touching another obstacle) and are left out.
 */
import {
  minkowskiPathsPlain,
  offsetPaths,
  rectPath,
  reflected,
  regionPolygons,
  difference,
  union,
} from '../../geometry/offset';
import type { Polygon } from '../../geometry/polygon';
import { hullsApartBeyond, relate } from '../../geometry/relate';
import { outsideRect } from '../../geometry/reach';
import { forbiddenBy } from './region';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import type { ObstacleType } from '../../model/catalog';
import { CORE_OBSTACLES } from '../../model/table';
import { obstacleOutline } from '../../model/pieces';
import type { Violation } from '../../model/report';
import type { ObstacleEntry, World } from '../world';

export type SetupReading = 'core' | 'erratum';
export type SetupEdges = 'all' | 'player';

/** A line the obstacle must keep away from: the side of the rectangle it bounds, and how far. */
interface EdgeRule {
  name: string;
  side: 'left' | 'right' | 'bottom' | 'top';
  at: number;
  band: number;
  end: number;
}

export interface SetupRules {
  /** the rectangle every obstacle must lie in */
  area: { x0: number; y0: number; x1: number; y1: number };
  edges: EdgeRule[];
  /** band an obstacle must be beyond of every other obstacle */
  spacingBand: number;
  spacingEnd: number;
}

export function setupRules(
  world: World,
  reading: SetupReading = 'core',
  edges: SetupEdges = 'all',
): SetupRules {
  const T = world.catalog.tables[world.table.table];
  const bands = world.catalog.ruler.distance;
  const d = (k: number) => bands[k - 1].end;
  const area = { ...T.setupArea };
  const sides = world.table.table === '3x6' || edges === 'all';
  const rules: EdgeRule[] = [
    { name: "player 1's edge (y = 0)", side: 'bottom', at: 0, band: 3, end: d(3) },
    { name: `player 2's edge (y = ${T.height})`, side: 'top', at: T.height, band: 3, end: d(3) },
  ];
  if (sides) {
    if (reading === 'core') {
      rules.push({ name: 'the left edge of the play area (x = 0)', side: 'left', at: 0, band: 3, end: d(3) });
      rules.push({
        name: `the right edge of the play area (x = ${T.width})`,
        side: 'right',
        at: T.width,
        band: 3,
        end: d(3),
      });
    } else {
      rules.push({
        name: `the setup area's left edge (x = ${area.x0})`,
        side: 'left',
        at: area.x0,
        band: 1,
        end: d(1),
      });
      rules.push({
        name: `the setup area's right edge (x = ${area.x1})`,
        side: 'right',
        at: area.x1,
        band: 1,
        end: d(1),
      });
    }
  }
  return { area, edges: rules, spacingBand: 1, spacingEnd: d(1) };
}

function edgeGap(e: EdgeRule, s: { minX: number; maxX: number; minY: number; maxY: number }): number {
  switch (e.side) {
    case 'left':
      return s.minX - e.at;
    case 'right':
      return e.at - s.maxX;
    case 'bottom':
      return s.minY - e.at;
    case 'top':
      return e.at - s.maxY;
  }
}

export interface SetupVerdict {
  legal: boolean;
  violations: Violation[];
  checked: string[];
  notChecked: string[];
  reading: SetupReading;
  edges: SetupEdges;
}

export function judgeSetup(
  world: World,
  reading: SetupReading = 'core',
  edges: SetupEdges = 'all',
): SetupVerdict {
  const rules = setupRules(world, reading, edges);
  const obs = world.obstacles.filter((o) => o.obstacleKind !== 'exogorth');
  const violations: Violation[] = [];
  const { x0, y0, x1, y1 } = rules.area;
  for (const o of obs) {
    const out = outsideRect(o.outline, x0, y0, x1, y1);
    if (out > TOLERANCE_MM) {
      violations.push({
        rule: 'must be inside the setup area',
        piece: o.id,
        with: null,
        gapMm: out,
        measure: 'beyond the setup area edge',
      });
    }
    for (const e of rules.edges) {
      const gap = edgeGap(e, o.outline);
      if (gap <= e.end + TOLERANCE_MM) {
        violations.push({
          rule: `must be beyond distance ${e.band} of ${e.name}`,
          piece: o.id,
          with: null,
          gapMm: gap,
          measure: 'gap',
          needMoreThanMm: e.end,
          shortByMm: e.end - gap,
          edge: e.name,
        });
      }
    }
  }
  for (let i = 0; i < obs.length; i++) {
    for (let j = i + 1; j < obs.length; j++) {
      // most pairs are far apart: certainly beyond the spacing by their hulls, no closest points sought
      if (hullsApartBeyond(obs[i].outline, obs[j].outline, rules.spacingEnd + TOLERANCE_MM)) continue;
      const r = relate(obs[i].outline, obs[j].outline);
      if (r.distance > rules.spacingEnd + TOLERANCE_MM) continue;
      violations.push({
        rule: `must be beyond distance ${rules.spacingBand} of every other obstacle`,
        piece: obs[i].id,
        with: obs[j].id,
        gapMm: r.distance,
        measure: r.kind === 'overlap' ? 'overlapping (gap 0)' : 'gap',
        needMoreThanMm: rules.spacingEnd,
        shortByMm: rules.spacingEnd - r.distance,
      });
    }
  }
  return {
    legal: violations.length === 0,
    violations,
    reading,
    edges,
    checked: obs.map((o) => o.id),
    notChecked: world.obstacles.filter((o) => o.obstacleKind === 'exogorth').map((o) => o.id),
  };
}

/**
 * For drawing: where the next obstacle's centre (its outline's area centroid, the table file's
 * x, y) may go, for an obstacle of this type at this rotation, given the obstacles already on
 * the table (exogorths left out). Closed regions: their edges are the limits themselves, which
 * a legal position must clear by more than the tolerance (band ends belong to the band).
 * Arcs are drawn as chords (offset.ts), so the drawn region may reach into the forbidden one by
 * up to ARC_TOLERANCE_MM; judgeSetup decides.
 */
export function setupLegalRegion(
  world: World,
  obstacle: { type: ObstacleType; rotation: number },
  reading: SetupReading = 'core',
  edges: SetupEdges = 'all',
): Polygon[] {
  // each obstacle's part is computed once per type and rotation and shifted (setup-region.ts)
  return regionWith(world, obstacle, reading, edges, (o, _S, d) =>
    forbiddenBy(world.catalog, o.piece, obstacle, d),
  );
}

/**
 * setupLegalRegion computed from scratch, each sum at the obstacle's place: the reference the fast one is
 * tested against.
 */
export function setupLegalRegionPlain(
  world: World,
  obstacle: { type: ObstacleType; rotation: number },
  reading: SetupReading = 'core',
  edges: SetupEdges = 'all',
): Polygon[] {
  return regionWith(world, obstacle, reading, edges, (o, S, d) =>
    offsetPaths(minkowskiPathsPlain(o.outline, reflected(S)), d),
  );
}

/** The region, given what one obstacle forbids the centre of S (the next outline at the origin) at spacing d. */
function regionWith(
  world: World,
  obstacle: { type: ObstacleType; rotation: number },
  reading: SetupReading,
  edges: SetupEdges,
  forbiddenOf: (o: ObstacleEntry, S: Polygon, d: number) => ReturnType<typeof offsetPaths>,
): Polygon[] {
  const rules = setupRules(world, reading, edges);
  const S = obstacleOutline(world.catalog, { type: obstacle.type, x: 0, y: 0, rotation: obstacle.rotation });
  const rect = legalCentreRect(rules, S);
  if (!rect) return [];
  const others = world.obstacles.filter((o) => o.obstacleKind !== 'exogorth');
  const forbidden = union(others.flatMap((o) => forbiddenOf(o, S, rules.spacingEnd)));
  return regionPolygons(difference([rectPath(...rect)], forbidden));
}

/** Where the centre of S may go by the area and edge rules alone: [x0, y0, x1, y1], or null when nowhere. */
function legalCentreRect(rules: SetupRules, S: Polygon): [number, number, number, number] | null {
  let { x0, y0, x1, y1 } = rules.area;
  for (const e of rules.edges) {
    if (e.side === 'left') x0 = Math.max(x0, e.at + e.end);
    if (e.side === 'right') x1 = Math.min(x1, e.at - e.end);
    if (e.side === 'bottom') y0 = Math.max(y0, e.at + e.end);
    if (e.side === 'top') y1 = Math.min(y1, e.at - e.end);
  }
  const cx0 = x0 - S.minX,
    cx1 = x1 - S.maxX,
    cy0 = y0 - S.minY,
    cy1 = y1 - S.maxY;
  return cx0 < cx1 && cy0 < cy1 ? [cx0, cy0, cx1, cy1] : null;
}

/**
 * The obstacle set of a standard game (the seed): "the six obstacle tokens from a core set or
 * fleet expansion" (three asteroid fields, two debris fields, one station, one of each shape),
 * plus campaign obstacles only "if specified by the chosen objective card" (`objectiveAdds`), and
 * no "different mix of shapes by combining multiple sets" (a token twice). Exogorths count here
 * (they are campaign obstacles) though their placement has its own rule. `free`: no check.
 */
export function judgeComposition(
  world: World,
  composition: 'standard' | 'free' = 'standard',
  objectiveAdds: readonly ObstacleType[] = [],
): Violation[] {
  if (composition === 'free') return [];
  const out: Violation[] = [];
  const byType = new Map<ObstacleType, string[]>();
  for (const o of world.obstacles) byType.set(o.piece.type, [...(byType.get(o.piece.type) ?? []), o.id]);
  const missing = CORE_OBSTACLES.filter((t) => !byType.has(t));
  if (missing.length) {
    out.push({
      rule: `a standard game uses the six obstacles of one core set or fleet expansion: missing ${missing.join(', ')}`,
      with: null,
      gapMm: null,
      measure: 'composition',
      missing,
    });
  }
  for (const [type, ids] of byType) {
    if (ids.length > 1) {
      out.push({
        rule: `sets may not be mixed: ${type} is on the table ${ids.length} times (${ids.join(', ')})`,
        piece: ids[1],
        with: ids[0],
        gapMm: null,
        measure: 'composition',
        repeated: ids,
      });
    }
    if (!CORE_OBSTACLES.includes(type) && !objectiveAdds.includes(type)) {
      out.push({
        rule:
          `campaign obstacles only when the objective adds them: ${type} (${ids.join(', ')}) is not in ` +
          `objectiveAdds`,
        piece: ids[0],
        with: null,
        gapMm: null,
        measure: 'composition',
        extra: ids,
      });
    }
  }
  const notPlaced = objectiveAdds.filter((t) => !byType.has(t));
  if (notPlaced.length) {
    out.push({
      rule: `the objective adds ${notPlaced.join(', ')}: not on the table`,
      with: null,
      gapMm: null,
      measure: 'composition',
      missing: notPlaced,
    });
  }
  return out;
}
