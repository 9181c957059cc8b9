/**
 * The house's layers, read from the source: each folder of src/ may import only from its own layer
 * and the layers before it (geometry and photo, model, rules, state, render, ui, app; the CLI beside the
 * app), and the layers that decide (geometry, model, rules) and state touch neither PixiJS nor
 * the DOM; no source line is over 120 columns; no import circle, type-only imports included (ESLint's
 * import-x/no-cycle sees only the value imports).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');
const LAYERS = ['geometry', 'model', 'rules', 'state', 'render', 'ui', 'app'] as const;
/** where a file of src/ sits: its folder (src/photo, the photo's pure fits, beside geometry); src/main.ts wires the app */
const RANK: Record<string, number> = {
  build: 0,
  photo: 0,
  ...Object.fromEntries(LAYERS.map((l, i) => [l, i])),
  cli: 6,
  main: 6,
};
const PURE = new Set(['geometry', 'photo', 'model', 'rules', 'state']);
/** imports that break a layer today, each with the reason and the issue that removes it */
const KNOWN: Record<string, string> = {};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : /\.ts$/.test(n) ? [p] : [];
  });
}

const layerOf = (file: string) => relative(SRC, file).split('/')[0].replace(/\.ts$/, '');
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** the relative modules a file imports (type-only imports too: they tie layers all the same) */
export function relativeImports(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of code(text).matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const p = resolve(dirname(file), m[1]);
    out.push(/\.(json|css|svg|png)$/.test(p) ? p : p.replace(/(\.ts)?$/, '.ts'));
  }
  return out;
}

const files = sources(SRC);

/** The import circles of a graph: its strongly connected parts of more than one module (Tarjan). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      on.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1) out.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('layers', () => {
  it('each module imports only from its own layer or earlier ones', () => {
    const wrong: string[] = [];
    for (const f of files) {
      const from = layerOf(f);
      for (const target of relativeImports(f, readFileSync(f, 'utf8'))) {
        if (!target.startsWith(SRC)) continue; // assets
        const to = layerOf(target);
        const rel = `${relative(ROOT, f)} -> ${relative(ROOT, target)}`;
        if (RANK[to] === undefined || RANK[from] === undefined) wrong.push(`${rel}: unknown layer`);
        else if (RANK[to] > RANK[from] && !KNOWN[rel]) wrong.push(`${rel}: ${from} may not import ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('geometry, model, rules and state import neither PixiJS nor the DOM', () => {
    const wrong: string[] = [];
    for (const f of files.filter((f) => PURE.has(layerOf(f)))) {
      const text = code(readFileSync(f, 'utf8'));
      if (/from\s+['"]pixi\.js['"]/.test(text)) wrong.push(`${relative(ROOT, f)} imports pixi.js`);
      if (/\b(document|window|HTMLElement|localStorage)\b/.test(text))
        wrong.push(`${relative(ROOT, f)} uses the DOM`);
    }
    expect(wrong).toEqual([]);
  });

  it('no module reaches itself through its imports, type-only ones included', () => {
    const graph = new Map(files.map((f) => [f, relativeImports(f, readFileSync(f, 'utf8'))]));
    const circles = importCircles(graph).map((c) => c.map((f) => relative(ROOT, f)).join(' -> '));
    expect(circles).toEqual([]);
  });

  it('the circle check sees a circle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCircles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('the check sees a wrong import', () => {
    const f = join(SRC, 'rules', 'x.ts');
    const [t] = relativeImports(f, "import { Scene } from '../render/scene';");
    expect(RANK[layerOf(t)]).toBeGreaterThan(RANK[layerOf(f)]);
  });
});

describe('source lines', () => {
  it('no source line over 120 columns (Prettier keeps 110; scripts/wrap-long-lines.ts splits what it leaves)', () => {
    const long: string[] = [];
    for (const f of files) {
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((l, i) => {
          if (l.length > 120) long.push(`${relative(ROOT, f)}:${i + 1} (${l.length})`);
        });
    }
    expect(long).toEqual([]);
  });
});
