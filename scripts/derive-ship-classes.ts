/**
 * Writes assets/ship-classes.json: the project's own catalog of ship classes, derived from
 * ../shared/reference/ship-classes.json (33 classes measured from a digital table's ruler meshes:
 * size, speed chart, card names, arc lines) and section 7 of ../shared/reference/armada-geometry.md
 * (a community dataset of arc lines for 13 classes and targeting points for five).
 *
 * Where both give a class's arc lines, both are kept: section 7 is the default (it was measured for
 * the printed tokens; the meshes draw the mod's own tokens, 4-5 mm narrower, and several classes
 * share a copied mesh), the mesh figures the alternative (`measurements.arcSource: "mesh"`).
 * Targeting points not measured are estimated by src/model/targeting-estimate.ts.
 *
 *   npx tsx scripts/derive-ship-classes.ts [reference-dir]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { estimateTargetingPoints } from '../src/model/targeting-estimate';
import { markdownTableRows } from './markdown-table';

const HERE = dirname(fileURLToPath(import.meta.url));
const REF = process.argv[2] ?? join(HERE, '..', '..', 'shared', 'reference');
const ref = JSON.parse(readFileSync(join(REF, 'ship-classes.json'), 'utf8'));
const md = readFileSync(join(REF, 'armada-geometry.md'), 'utf8');
const format = readFileSync(join(REF, '..', 'table-format.md'), 'utf8');
const catalog = JSON.parse(readFileSync(join(HERE, '..', 'assets', 'catalog.json'), 'utf8'));

const tableRows = (heading: string, after?: string) => markdownTableRows(md, heading, after);
const nums = (s: string) => (s.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

const s7ids = (format.match(/keep these ids:([^.;]*)[.;]/)?.[1] ?? '')
  .split(',')
  .map((s) => s.trim().replace(/\s+/g, ''));
const s7rows = tableRows('## 7.');
if (s7rows.length !== s7ids.length) throw new Error('section 7 rows and ids differ');
const s7 = new Map(
  s7rows.map(([name, , fo, fc, ro, rc], i) => [s7ids[i], { name, figs: [fo, fc, ro, rc].map(Number) }]),
);
const s7byName = new Map(s7rows.map(([name], i) => [name, s7ids[i]]));
const tpRows = new Map(
  tableRows('## 7.', 'Targeting points').map(([name, front, rear, side]) => [
    s7byName.get(name)!,
    { front: Number(front), rear: Number(rear), side: nums(side) },
  ]),
);
const validation = new Map<string, { diffOnSection7Token: Record<string, number>; note?: string }>(
  ref.validation.rows.map((r: { class: string }) => [r.class, r]),
);

const sizes = catalog.shipSizes as Record<string, { token: { width: number; length: number } }>;
const dataset = catalog.arcDataset as {
  tokenLength: Record<string, number>;
  tokenWidth: Record<string, number>;
};

const out: Record<string, unknown> = {};
// section 7's classes first, in its order (the order the catalog had), then the others as the reference lists them
const ordered = [
  ...s7ids.map((id) => ref.classes.find((c: { id: string }) => c.id === id)),
  ...ref.classes.filter((c: { id: string }) => !s7.has(c.id)),
];
for (const c of ordered) {
  const id: string = c.id;
  const cards = [...new Set<string>(c.variants.map((v: { card: string }) => v.card))];
  const huge = c.size === 'huge';
  const m = huge ? c.arcs : c.arcsOnSection7Token;
  const mesh: Record<string, unknown> = {
    frontOffset: m.fOffset,
    frontConj: m.fConj,
    rearOffset: m.rOffset,
    rearConj: m.rConj,
    ...(m.fEndInset ? { frontEndInset: m.fEndInset } : {}),
    ...(m.rEndInset ? { rearEndInset: m.rEndInset } : {}),
    ...(huge ? { sideSplit: c.arcs.sideSplitFromFront } : {}),
    uncertaintyMm: c.arcs.uncertaintyMm,
    status:
      `measured from a digital table's ruler mesh (${huge ? 'on the mesh token' : 'on the section-7 token size'}); reading good to about ${c.arcs.uncertaintyMm} mm, but it draws the mod's token` +
      (c.meshIdenticalTo?.length
        ? `; the same mesh as ${c.meshIdenticalTo.join(', ')} (possibly a placeholder)`
        : ''),
  };
  const sources: Record<string, unknown> = { mesh };
  let def = 'mesh';
  let why = 'the only dataset for this class';
  const s = s7.get(id);
  if (s) {
    const v = validation.get(id);
    const diff = v ? Math.max(...Object.values(v.diffOnSection7Token).map(Math.abs)) : undefined;
    sources.section7 = {
      frontOffset: s.figs[0],
      frontConj: s.figs[1],
      rearOffset: s.figs[2],
      rearConj: s.figs[3],
      ...(diff !== undefined ? { uncertaintyMm: diff } : {}),
      status: `community dataset (armada-geometry.md section 7)${diff !== undefined ? `; the mesh differs by up to ${diff} mm` : ''}${diff !== undefined && diff >= 5 ? ' (uncertain)' : ''}`,
    };
    def = 'section7';
    why = "section 7 was measured for the printed token sizes; the meshes draw the mod's narrower tokens";
  }
  // targeting points: measured (section 7) or estimated from the default arcs, on the catalog's token
  const size = sizes[c.size];
  const k = size.token.length / dataset.tokenLength[c.size];
  const a = sources[def] as {
    frontOffset: number;
    frontConj: number;
    rearOffset: number;
    rearConj: number;
    sideSplit?: number;
  };
  const tpm = tpRows.get(id);
  const targetingPoints = tpm
    ? { front: tpm.front, rear: tpm.rear, side: tpm.side, status: 'community (armada-geometry.md section 7)' }
    : {
        ...estimateTargetingPoints(
          {
            frontOffset: a.frontOffset * k,
            frontConj: a.frontConj * k,
            rearOffset: a.rearOffset * k,
            rearConj: a.rearConj * k,
            ...(a.sideSplit !== undefined ? { sideSplit: a.sideSplit * k } : {}),
          },
          size.token,
        ),
        status: 'estimated from the hull-zone geometry (src/model/targeting-estimate.ts)',
      };
  out[id] = {
    name: c.name,
    faction: c.faction,
    size: c.size,
    cards,
    speedChart: c.speedChart,
    defaultArcSource: def,
    defaultArcSourceWhy: why,
    arcSources: sources,
    targetingPoints,
    ...(c.flags?.length ? { flags: c.flags } : {}),
  };
}

const file = {
  format: 'armada-ship-classes/1',
  about:
    'Every ship class: name, faction, size, the card names of its variants (for fleet lists), speed chart, ' +
    'arc lines (each source kept, one default) and targeting points (measured or estimated). Derived by ' +
    "scripts/derive-ship-classes.ts from ../shared/reference/ship-classes.json (a digital table mod's ruler meshes " +
    "and ship definitions) and armada-geometry.md section 7. Arc figures are mm on the arc dataset's token " +
    '(catalog.json arcDataset), scaled along the length to the catalog token; targeting points are mm on the catalog token. ' +
    "Speed charts are the mod's: one row per speed, the most yaw clicks allowed at each joint.",
  factions: {
    empire: 'Galactic Empire',
    rebel: 'Rebel Alliance',
    republic: 'Galactic Republic',
    separatist: 'Separatist Alliance',
  },
  classes: out,
};
// one figure a line, but arrays of numbers (and the speed chart's rows) kept on one line
const text = JSON.stringify(file, null, 1)
  .replace(/\[\s+([-\d.,\s]+?)\s+\]/g, (_, inner: string) => `[${inner.split(/,\s*/).join(', ')}]`)
  .replace(
    /\[\s+((?:\[[-\d., ]*\],?\s*)+)\]/g,
    (_, inner: string) =>
      `[${inner
        .trim()
        .split(/,\s*(?=\[)/)
        .join(', ')}]`,
  );
writeFileSync(join(HERE, '..', 'assets', 'ship-classes.json'), `${text}\n`);
console.log(`wrote ${Object.keys(out).length} classes`);
