/**
 * Drawing the maneuver being planned: the tool as the rules laid it, a ghost of the ship where
 * it ends (and where it would have ended before moving back), what it hits; and the fan, every
 * allowed click list at the planned speed and the speeds either side, each ghost coloured by the
 * rules' outcome. Nothing here judges: it prepares the answers of src/rules/movement/maneuver.ts
 * for the overlays model (model.ts) the renderer draws.
 */
import { Circle } from '../../geometry/circle';
import type { Polygon } from '../../geometry/polygon';
import type { Catalog } from '../../model/catalog';
import { localShipShapes } from '../../model/pieces';
import type { XY } from '../../model/report';
import type { ManeuverProposal, Ship } from '../../model/table';
import {
  ManeuverContext,
  type ManeuverOutcome,
  maneuverOutcome,
  type ManeuverReport,
  type Pose,
} from '../../rules/movement/maneuver';
import { shipChart } from '../../rules/report/proposals';
import type { World } from '../../rules/world';
import { ILLEGAL, LEGAL, LOS } from '../colours';
import type { Overlays } from './model';
import { spotId } from '../pieces';

export const OUTCOME_COLOUR: Record<ManeuverOutcome, number> = {
  clean: LEGAL,
  obstacle: LOS.obstructed,
  ship: ILLEGAL,
  'off-table': 0xb46cff,
};
const TOOL = 0xced4da,
  SQUADRON = 0xb46cff;

/** One speed's fan: every allowed click list judged. */
export interface FanRow {
  speed: number;
  maneuvers: ManeuverReport[];
}

const fanCache = new WeakMap<World, { key: string; rows: FanRow[] }>();

/** The fan around a plan: the planned speed and the speeds either side (0 to the chart's top speed). */
export function fanOf(world: World, plan: ManeuverProposal, speed: number): FanRow[] {
  const key = `${plan.ship}/${speed}/${plan.side}`;
  const hit = fanCache.get(world);
  if (hit && hit.key === key) return hit.rows;
  const chart = shipChart(world, plan.ship);
  const ctx = new ManeuverContext(world, plan.ship, chart);
  const top = chart ? chart.length : 4;
  const rows: FanRow[] = [];
  for (const s of [speed - 1, speed, speed + 1]) {
    if (s < 0 || s > top) continue;
    rows.push({ speed: s, maneuvers: ctx.fan(`fan${s}`, s, plan.side) });
  }
  fanCache.set(world, { key, rows });
  return rows;
}

const baseCache = new WeakMap<Catalog, Map<string, Polygon>>();
function basePolygon(cat: Catalog, ship: Ship, p: Pose): Polygon {
  let m = baseCache.get(cat);
  if (!m) baseCache.set(cat, (m = new Map()));
  const key = `${ship.size}/${ship.class ?? ''}`;
  let local = m.get(key);
  if (!local) m.set(key, (local = localShipShapes(cat, ship.size, ship.class).footprint));
  return local.placed(p.x, p.y, p.rotation);
}

/** A rectangle of width w around the segment a-b: one piece of the tool's body. */
function bar(a: XY, b: XY, w: number): XY[] {
  const dx = b[0] - a[0],
    dy = b[1] - a[1],
    l = Math.hypot(dx, dy) || 1;
  const nx = (-dy / l) * (w / 2),
    ny = (dx / l) * (w / 2);
  return [
    [a[0] + nx, a[1] + ny],
    [a[0] - nx, a[1] - ny],
    [b[0] - nx, b[1] - ny],
    [b[0] + nx, b[1] + ny],
  ];
}

/** Add the plan's drawing (and the fan's, when shown) to the overlays. */
export function addManeuverOverlays(
  ov: Overlays,
  world: World,
  answer: ManeuverReport | undefined,
  fan: FanRow[] | null,
  planSpeed: number,
): void {
  const e = answer ? world.byId.get(answer.ship) : undefined;
  if (!answer || e?.kind !== 'ship') return;
  const cat = world.catalog;
  const ship = e.piece;
  if (fan) {
    for (const row of fan) {
      const main = row.speed === planSpeed;
      for (const m of row.maneuvers) {
        const c = OUTCOME_COLOUR[maneuverOutcome(m)];
        ov.marks.push({ shapes: [basePolygon(cat, ship, m.final)], color: c, width: main ? 2 : 1 });
      }
    }
  }
  const d = cat.maneuverTool.drawing;
  const t = answer.tool;
  for (let k = 1; k < t.length; k++)
    ov.regions.push({ polygons: [bar(t[k - 1], t[k], d.bodyWidth)], color: TOOL, alpha: 0.3 });
  if (t.length > 1) {
    const last = t[t.length - 1],
      r = (answer.intended.rotation * Math.PI) / 180;
    const tip: XY = [last[0] - Math.sin(r) * d.arrowLength, last[1] + Math.cos(r) * d.arrowLength];
    ov.regions.push({ polygons: [bar(last, tip, d.bodyWidth * 0.6)], color: TOOL, alpha: 0.3 });
  }
  ov.marks.push({ shapes: t.map(([x, y]) => new Circle(x, y, d.jointRadius)), color: TOOL, width: 1.5 });
  const outcome = maneuverOutcome(answer);
  if (answer.movedBack > 0)
    ov.marks.push({ shapes: [basePolygon(cat, ship, answer.intended)], color: ILLEGAL, width: 2 });
  const ghost = basePolygon(cat, ship, answer.final);
  ov.regions.push({ polygons: [ghost], color: OUTCOME_COLOUR[outcome], alpha: 0.28 });
  ov.marks.push({ shapes: [ghost], color: OUTCOME_COLOUR[outcome], width: 3 });
  for (const o of answer.obstacles) {
    const x = world.byId.get(o.obstacle);
    if (x?.kind === 'obstacle')
      ov.marks.push({ shapes: [x.outline], color: OUTCOME_COLOUR.obstacle, width: 4 });
  }
  for (const id of answer.shipsOverlapped) {
    const x = world.byId.get(id);
    if (x?.kind === 'ship') ov.marks.push({ shapes: [x.shapes.footprint], color: ILLEGAL, width: 4 });
  }
  for (const id of answer.squadronsToMove) {
    const x = world.byId.get(id);
    if (x?.kind !== 'squadron') continue;
    ov.marks.push({ shapes: [x.circle], color: SQUADRON, width: 3 });
    // where it goes (the opponent's choice or the rules' proposal): a ghost to drag, joined to the squadron
    const at = answer.placements?.[id];
    if (!at) continue;
    const sid = spotId(answer.ship, id);
    const circle = new Circle(at.x, at.y, x.circle.r);
    ov.ghosts.push({
      entry: { kind: 'squadron', id: sid, piece: { ...x.piece, id: sid, x: at.x, y: at.y }, circle },
    });
    ov.lines.push({ a: [x.circle.cx, x.circle.cy], b: [at.x, at.y], color: SQUADRON, width: 1.5, dash: 4 });
  }
}
