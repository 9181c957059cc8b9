/**
 * Mutations of table files for the fuzz test: structural edits of the parsed JSON (wrong types,
 * missing fields, extreme and NaN-like numbers, degenerate positions, duplicate ids, deep
 * nesting) and edits of the text itself. Deterministic from a seed.
 */
import { prng } from '../../scripts/bench/tables';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

function nest(depth: number): Json {
  let v: Json = [];
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { v };
  return v;
}

/** Values that are wrong, extreme or degenerate for some field. */
function oddValue(r: () => number): Json {
  return pick(r, [
    () => null,
    () => true,
    () => false,
    () => '',
    () => '12',
    () => 'NaN',
    () => 'Infinity',
    () => '1e999',
    () => 0,
    () => -0,
    () => -1,
    () => 1e308,
    () => -1e308,
    () => 5e-324,
    () => Number.MAX_SAFE_INTEGER,
    () => 1e6,
    () => -1e6,
    () => 1e6 + 1,
    () => 359.99999999999994,
    () => 0.1 + 0.2,
    () => 914.4,
    () => 1828.8,
    () => 914.4000000000001,
    () => 12.5,
    () => 2,
    () => 'x'.repeat(5000),
    () => '\u0000\n\u2028',
    () => [],
    () => [1, 2],
    () => ({}),
    () => ({ x: 1 }),
    () => nest(1 + Math.floor(r() * 3000)),
    () => 'asteroid-a',
    () => 'huge',
    () => 'large',
    () => 'imperial',
    () => '__proto__',
    () => 'constructor',
    () => 'place-exogorth',
    () => 'move-obstacle',
    () => 'setup',
    () => 'isd',
    () => 1,
    () => 3,
    // ids: reserved names, dots that would collide with hull-zone keys, the longest allowed and one past it
    () => 'prototype',
    () => 'toString',
    () => 'isd.front',
    () => 'x.rear',
    () => '.',
    () => 'a'.repeat(100),
    () => 'a'.repeat(101),
  ] as (() => Json)[])();
}

/** Every [container, key] pair in the tree, the root's own keys included. */
function slots(v: Json, out: [Json[] | Record<string, Json>, string | number][] = []): typeof out {
  if (Array.isArray(v))
    v.forEach((c, i) => {
      out.push([v, i]);
      if (out.length < 400) slots(c, out);
    });
  else if (v && typeof v === 'object')
    for (const k of Object.keys(v)) {
      out.push([v, k]);
      if (out.length < 400) slots(v[k], out);
    }
  return out;
}

const FIELDS = [
  'id',
  'x',
  'y',
  'rotation',
  'size',
  'class',
  'player',
  'speed',
  'type',
  'radius',
  'kind',
  'obstacle',
  'to',
  'placedBy',
  'maxDistance',
  'minDistance',
  'reading',
  'format',
  'table',
  'ruleset',
  'ships',
  'squadrons',
  'obstacles',
  'tokens',
  'proposals',
  'measurements',
  'rangeBands',
  'distanceBands',
  'squadronDiameter',
  'dialFrame',
  'width',
  'protrusion',
];

/** One structural mutation, in place. */
function mutateTree(root: Json, r: () => number): Json {
  const all = slots(root);
  if (all.length === 0 || r() < 0.02) return oddValue(r);
  const [c, k] = pick(r, all);
  const obj = c as Record<string | number, Json>;
  switch (Math.floor(r() * 9)) {
    case 0: // missing field
      if (Array.isArray(c)) c.splice(k as number, 1);
      else delete obj[k];
      break;
    case 1:
    case 2: // wrong type, extreme or degenerate value
      obj[k] = oddValue(r);
      break;
    case 3: // duplicate: an array element twice (duplicate ids), or a field copied from elsewhere
      if (Array.isArray(c)) c.push(structuredClone(c[k as number]));
      else obj[pick(r, FIELDS)] = structuredClone(obj[k]);
      break;
    case 4: {
      // degenerate positions: everything on one point, on an edge, or at a corner
      const [x, y] = pick(r, [
        [0, 0],
        [914.4, 914.4],
        [1828.8, 0],
        [457.2, 457.2],
        [0, 914.4],
      ]);
      for (const [cc, kk] of all) {
        const o = cc as Record<string | number, Json>;
        if (kk === 'x') o[kk] = x;
        else if (kk === 'y') o[kk] = y;
      }
      break;
    }
    case 5: // numbers nudged to the edge of what is allowed
      if (typeof obj[k] === 'number')
        obj[k] = (obj[k] as number) * pick(r, [-1, 1e6, 1 + 1e-15, 0, 1e-300, 360 / 7]);
      else obj[k] = oddValue(r);
      break;
    case 6: // an unknown extra field, or a known field where it does not belong
      if (!Array.isArray(c) && obj[k] && typeof obj[k] === 'object' && !Array.isArray(obj[k])) {
        (obj[k] as Record<string, Json>)[pick(r, [...FIELDS, 'extra', '__proto__'])] = oddValue(r);
      } else obj[k] = oddValue(r);
      break;
    case 7: // deep nesting in place of a value
      obj[k] = nest(100 + Math.floor(r() * 2000));
      break;
    default: // a piece list made big
      if (Array.isArray(c))
        for (let i = 0, n = Math.floor(r() * 30); i < n; i++) c.push(structuredClone(c[k as number]));
      else obj[k] = oddValue(r);
  }
  return root;
}

/** Edits of the text: cut short, a character changed, a number made non-JSON or huge. */
function mutateText(text: string, r: () => number): string {
  const at = Math.floor(r() * (text.length + 1));
  switch (Math.floor(r() * 6)) {
    case 0:
      return text.slice(0, at);
    case 1:
      return (
        text.slice(0, at) +
        pick(r, ['{', '}', '[', ']', ',', ':', '"', '\\', '-', '.', 'e', '\u0000']) +
        text.slice(at)
      );
    case 2:
      return text.replace(
        /-?\d+(\.\d+)?/,
        pick(r, ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '1e-999', '01', '0x10', '1_000']),
      );
    case 3:
      return text.replace(/-?\d+(\.\d+)?/g, (m) =>
        r() < 0.3 ? pick(r, ['1e999', '-0', '1e308', '4e-320']) : m,
      );
    case 4: {
      // nesting deeper than any recursive reader could follow
      const n = 20000 + Math.floor(r() * 100000);
      return text.replace('"squadrons":', `"squadrons":${'['.repeat(n)}${']'.repeat(n)},"deep":`);
    }
    default:
      return text.slice(0, at) + text.slice(at + 1 + Math.floor(r() * 20));
  }
}

/** A mutated table file: one to three edits of the tree, sometimes an edit of the text. */
export function mutatedFile(base: Json, seed: number): string {
  const r = prng(seed);
  let tree = structuredClone(base);
  if (r() < 0.05) {
    // a valid table in a random state: every position and rotation redrawn (pieces land on each other, on edges, anywhere)
    for (const [c, k] of slots(tree)) {
      const o = c as Record<string | number, Json>;
      if (k === 'x') o[k] = pick(r, [0, 457.2, 914.4, r() * 914.4]);
      else if (k === 'y') o[k] = pick(r, [0, 914.4, r() * 914.4]);
      else if (k === 'rotation') o[k] = pick(r, [0, 90, 180, 270, r() * 720 - 360]);
    }
    return JSON.stringify(tree);
  }
  for (let i = 0, n = 1 + Math.floor(r() * 3); i < n; i++) {
    // nesting piled on nesting can outgrow the generator's own recursive cloning: skip that edit
    try {
      tree = mutateTree(tree, r);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  let text: string;
  try {
    text = JSON.stringify(tree);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    text = JSON.stringify(base);
  }
  if (r() < 0.15) text = mutateText(text, r);
  return text;
}
