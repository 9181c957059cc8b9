/// <reference types="vite/client" />
import { CATALOG } from '../model/catalog';
import type { AttackReport, ProposalReport, Report } from '../model/report';
import type { Table } from '../model/table';
import type { Polygon } from '../geometry/polygon';
import { analyzeWorld } from '../rules/analyze';
import { World } from '../rules/world';

/*
 * The campaign rules (attacks, rift, purrgil, exogorth, setup) are written by other engineers
 * alongside this app. They are picked up when their modules exist, so the app never decides
 * a rule itself and still runs before they land.
 */
type Fn = (...args: never[]) => unknown;
const optional = import.meta.glob<Record<string, unknown>>(
  ['../rules/attacks.ts', '../rules/rift.ts', '../rules/purrgil.ts', '../rules/exogorth.ts', '../rules/setup.ts'],
  { eager: true },
);
function rule<F extends Fn>(name: string): F | undefined {
  for (const m of Object.values(optional)) if (typeof m[name] === 'function') return m[name] as F;
  return undefined;
}

export const rules = {
  attacks: rule<(w: World) => AttackReport[]>('attacks'),
  riftBands: rule<(w: World, riftId: string) => unknown>('riftBands'),
  purrgilReach: rule<(w: World, id: string, maxDistance: number) => unknown>('purrgilReach'),
  judgeMove: rule<(...a: never[]) => unknown>('judgeMove'),
  judgeExogorthPlacement: rule<(w: World, proposal: unknown) => ProposalReport>('judgeExogorthPlacement'),
  judgeSetup: rule<(w: World, reading: 'core' | 'erratum') => ProposalReport>('judgeSetup'),
  setupLegalRegion: rule<(w: World, o: { type: string; rotation: number }, reading: 'core' | 'erratum') => Polygon[]>('setupLegalRegion'),
};

export interface Analysis {
  table: Table;
  world: World;
  report: Report;
  /** milliseconds the analysis took */
  ms: number;
}

/** Build the world and its report; reuse the previous world's unchanged shapes. */
export function analyse(table: Table, previous?: Analysis): Analysis {
  const t0 = performance.now();
  const world = new World(table, CATALOG, previous?.world);
  const report = analyzeWorld(world);
  if (report.attacks.length === 0 && rules.attacks && world.ships.length + world.squadrons.length > 1) {
    report.attacks = rules.attacks(world);
  }
  return { table, world, report, ms: performance.now() - t0 };
}
