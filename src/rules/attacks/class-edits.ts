import { ARC_EDIT_KEYS, classFiguresOnToken, TARGETING_EDIT_KEYS } from '../../model/catalog';
import type { AttackReport, ClassEditsReport, ClassEditUse } from '../../model/report';
import type { World } from '../world';

/**
 * A table's corrections of class tokens (`measurements.classes`): what each corrected figure is in
 * players' words, and the report section that lists, per corrected class, the figures (the table's
 * and the catalog's), its ships and the attacks whose verdict the correction changes.
 */

/** A corrected figure (`arcs.frontOffset`) as a player names it. */
export const FIGURE_WORDS: Record<string, string> = {
  'arcs.frontOffset': 'where the front arc lines meet the sides',
  'arcs.frontConj': 'where the front arc lines meet on the centreline',
  'arcs.rearOffset': 'where the rear arc lines meet the sides',
  'arcs.rearConj': 'where the rear arc lines meet on the centreline',
  'arcs.frontEndInset': 'where the front arc lines leave the front edge',
  'arcs.rearEndInset': 'where the rear arc lines leave the rear edge',
  'arcs.sideSplit': 'the line between the forward and rear side zones',
  'targetingPoints.front': 'the front targeting point',
  'targetingPoints.rear': 'the rear targeting point',
  'targetingPoints.side': 'the side targeting points',
  'targetingPoints.sideRear': 'the rear side targeting points',
};

/** `victory.targetingPoints.front` -> "the front targeting point" */
export function figureWords(path: string): string {
  const at = path.indexOf('.');
  return FIGURE_WORDS[path.slice(at + 1)] ?? path;
}

/** "Depends on an edited class: uses this table's correction of ...; with the catalog's figures ..." */
export function classEditWords(e: ClassEditUse, nameOf: (id: string) => string): string {
  const w = e.withCatalog;
  const range =
    w.range === 'beyond' ? 'out of range' : w.range === 'distance-1' ? 'at distance 1' : `${w.range} range`;
  const verdict = `${w.inArc ? 'in arc' : 'out of arc'}, ${range}, line of sight ${w.los}`;
  return (
    `Depends on an edited class: uses this table's correction of the ${e.classes.map(nameOf).join(' and ')} token` +
    ` (${e.figures.map(figureWords).join(', ')}); ` +
    (e.changes
      ? `with the catalog's figures it would be ${verdict}.`
      : "the catalog's figures give the same verdict.")
  );
}

/** The optional report section: undefined when the table corrects no class. */
export function classEditsReport(
  world: World,
  attacks: readonly AttackReport[],
): ClassEditsReport | undefined {
  const edits = world.table.measurements?.classes;
  const twin = world.catalogTwin();
  if (!edits || !twin) return undefined;
  const out: ClassEditsReport = Object.create(null);
  for (const id of Object.keys(edits)) {
    const spec = world.catalog.shipClasses[id];
    if (!spec?.edited) continue;
    const mine = classFiguresOnToken(world.catalog, id)!,
      theirs = classFiguresOnToken(twin.catalog, id)!;
    const figures: ClassEditsReport[string]['figures'] = {};
    for (const k of ARC_EDIT_KEYS) {
      if (spec.edited.includes(`arcs.${k}`))
        figures[`arcs.${k}`] = { table: mine.arcs[k] ?? null, catalog: theirs.arcs[k] ?? null };
    }
    for (const k of TARGETING_EDIT_KEYS) {
      if (spec.edited.includes(`targetingPoints.${k}`)) {
        figures[`targetingPoints.${k}`] = {
          table: mine.targetingPoints[k] ?? null,
          catalog: theirs.targetingPoints[k] ?? null,
        };
      }
    }
    out[id] = {
      name: spec.name,
      figures,
      ships: world.ships.filter((s) => s.piece.class === id).map((s) => s.id),
      attacks: 0,
      changed: [],
    };
  }
  for (const a of attacks) {
    const e = a.classEdit;
    if (!e) continue;
    for (const id of e.classes) {
      const c = out[id];
      if (!c) continue;
      c.attacks++;
      if (e.changes) c.changed.push(`${a.attacker}>${a.defender}`);
    }
  }
  return out;
}
