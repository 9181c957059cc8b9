/**
 * The practice maps of one ship as one job, worked in steps so a caller (the worker, the bench)
 * can show a first picture early and stop at any step: the reach (both rounds), then the threat
 * grid coarse to fine, then the opportunity of every reach end. Every answer is the rules' (see
 * reach.ts, threat.ts); this only orders the work and keeps it in plain data a worker can send.
 */
import type { ManeuverOutcome } from '../movement/maneuver';
import type { World } from '../world';
import { type CellGrid, gridOverPoints, gridOverTable } from './grid';
import { reachMap, type ReachMap } from './reach';
import { type PairVerdict, ShipProbe } from './threat';

/** The cell size of the threat map unless asked otherwise, mm. */
export const DEFAULT_CELL_MM = 5;

export interface PracticeOptions {
  /** threat cell size, mm */
  cellMm: number;
  /** the threat grid over the reach (its hull grown by a cell) or the whole play area */
  over: 'reach' | 'table';
}

/** One reach end as plain data. */
export interface EndData {
  x: number;
  y: number;
  rotation: number;
  round: 1 | 2;
  parent: number;
  speed: number;
  speedUsed: number;
  side: 'left' | 'right';
  clicks: number[];
  outcome: ManeuverOutcome;
  /** obstacles it ends on, with their effects */
  obstacles: { obstacle: string; effect: string }[];
  shipsOverlapped: string[];
  why: string;
}

/** One threat cell as plain data: its index in the grid (i + j * nx) and what the rules said there. */
export interface CellData {
  k: number;
  /** the enemy hull zones and squadrons that can attack the ship there */
  attackers: string[];
  /** of those, the ones whose every possible attack here is obstructed */
  obstructed: string[];
  /** in arc and range but the line of sight crosses dust (a ship cannot attack) */
  dust: string[];
  overlapsShips: string[];
  offTable: boolean;
}

/** One reach end's opportunity as plain data. */
export interface OpportunityData {
  end: number;
  /** enemy hull zones and squadrons it can attack from some zone */
  targets: string[];
  /** the attacks it can make: own zone, target, range, line of sight */
  attacks: { from: string; to: string; range: string; los: string }[];
}

/** The grid as plain data: `region` marks (1) the cells judged, by index i + j * nx. */
export type GridData = Pick<CellGrid, 'cell' | 'x0' | 'y0' | 'nx' | 'ny' | 'passEnds'> & {
  total: number;
  region: Uint8Array;
};

/** What a cell's pairs come to (plain data). */
export function cellData(
  k: number,
  c: { pairs: PairVerdict[]; attackers: string[]; overlapsShips: string[]; offTable: boolean },
): CellData {
  const obstructed = c.attackers.filter((a) =>
    c.pairs.every((p) => p.attacker !== a || !p.can || p.los === 'obstructed'),
  );
  const dust = [...new Set(c.pairs.filter((p) => p.los === 'dust').map((p) => p.attacker))];
  return {
    k,
    attackers: c.attackers,
    obstructed,
    dust,
    overlapsShips: c.overlapsShips,
    offTable: c.offTable,
  };
}

/**
 * A ship's practice maps, worked in steps. `reach` and `grid` are ready once constructed (the
 * reach: both rounds); `threatStep` judges the next cells in the grid's order, `opportunityStep`
 * the next reach ends.
 */
export class PracticeJob {
  readonly reach: ReachMap;
  readonly ends: EndData[];
  readonly grid: CellGrid;
  readonly probe: ShipProbe;
  /** cells judged so far, in the grid's order */
  cellsDone = 0;
  endsDone = 0;

  constructor(
    readonly world: World,
    readonly shipId: string,
    readonly opts: PracticeOptions,
  ) {
    this.reach = reachMap(world, shipId);
    this.ends = this.reach.ends.map((e) => ({
      x: e.final.x,
      y: e.final.y,
      rotation: e.final.rotation,
      round: e.round,
      parent: e.parent,
      speed: e.speed,
      speedUsed: e.speedUsed,
      side: e.side,
      clicks: e.clicks,
      outcome: e.outcome,
      obstacles: e.report.obstacles.map((o) => ({ obstacle: o.obstacle, effect: o.effect })),
      shipsOverlapped: e.report.shipsOverlapped,
      why: e.report.why,
    }));
    const area = world.catalog.tables[world.table.table];
    const start = world.byId.get(shipId)!.piece as { x: number; y: number };
    const points = [{ x: start.x, y: start.y }, ...this.reach.ends.map((e) => e.final)];
    this.grid =
      opts.over === 'table' ? gridOverTable(opts.cellMm, area) : gridOverPoints(points, opts.cellMm, area);
    this.probe = new ShipProbe(world, shipId);
  }

  gridData(): GridData {
    const g = this.grid;
    const region = new Uint8Array(g.nx * g.ny);
    for (const k of g.order) region[k] = 1;
    return {
      cell: g.cell,
      x0: g.x0,
      y0: g.y0,
      nx: g.nx,
      ny: g.ny,
      passEnds: g.passEnds,
      total: g.order.length,
      region,
    };
  }

  get threatDone(): boolean {
    return this.cellsDone >= this.grid.order.length;
  }

  get opportunityDone(): boolean {
    return this.endsDone >= this.ends.length;
  }

  /** Judge up to `n` more cells (up to the end of the pass `upToPass` when given). */
  threatStep(n: number, upToPass?: number): CellData[] {
    const g = this.grid;
    const stop = Math.min(
      g.order.length,
      this.cellsDone + n,
      upToPass !== undefined ? g.passEnds[upToPass] : Infinity,
    );
    const out: CellData[] = [];
    for (; this.cellsDone < stop; this.cellsDone++) {
      const k = g.order[this.cellsDone];
      const i = k % g.nx,
        j = (k - i) / g.nx;
      out.push(cellData(k, this.probe.threat(g.x0 + (i + 0.5) * g.cell, g.y0 + (j + 0.5) * g.cell)));
    }
    return out;
  }

  /** Judge up to `n` more reach ends' opportunities. */
  opportunityStep(n: number): OpportunityData[] {
    const out: OpportunityData[] = [];
    const stop = Math.min(this.ends.length, this.endsDone + n);
    for (; this.endsDone < stop; this.endsDone++) {
      const e = this.reach.ends[this.endsDone];
      const o = this.probe.opportunity(e.final);
      out.push({
        end: this.endsDone,
        targets: o.targets,
        attacks: o.pairs
          .filter((p) => p.can)
          .map((p) => ({ from: p.attacker, to: p.defender, range: p.range, los: p.los })),
      });
    }
    return out;
  }
}
