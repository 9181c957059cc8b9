/**
 * Every package the app or the CLI imports at run time is in `dependencies`, not
 * `devDependencies`: `npm ci --omit=dev` (or a deployment that installs only what runs) must
 * still build and run it. Type-only imports need nothing at run time and are exempt, as are
 * Node's own modules. The scan reads the source as text, so a new import is caught the day it
 * is written.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : /\.(ts|tsx|js|mjs)$/.test(n) ? [p] : [];
  });
}

/** The bare specifiers a file imports at run time (static, side-effect and dynamic imports; `import type` left out). */
export function runtimeImports(text: string): string[] {
  const out: string[] = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const m of code.matchAll(
    /^\s*(?:import|export)\s+(type\s+)?(?:([^;'"]*?)\s+from\s+)?['"]([^'"]+)['"]/gm,
  )) {
    const [, typeOnly, what, spec] = m;
    // `import { type A, type B } from 'x'` is erased too; `import { type A, b }` is not
    const braces = /^\{([^}]*)\}$/.exec(what?.trim() ?? '');
    const allTypes =
      !!braces &&
      braces[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    if (typeOnly || allTypes) continue;
    out.push(spec);
  }
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]);
  return out.filter((s) => !s.startsWith('.') && !s.startsWith('/'));
}

const packageOf = (spec: string) =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
const builtin = (spec: string) => spec.startsWith('node:') || builtinModules.includes(packageOf(spec));

describe('runtime dependencies', () => {
  it('the scanner sees value imports and skips type-only ones', () => {
    expect(
      runtimeImports(
        `import { Workbox } from 'workbox-window';\nimport type { X } from 'geojson';\nimport { type Y } from 'only-types';\n` +
          `export { z } from 'reexported';\nimport 'side-effect';\nconst m = await import('lazy/sub');\n// import { no } from 'commented';`,
      ),
    ).toEqual(['workbox-window', 'reexported', 'side-effect', 'lazy/sub']);
  });

  it('every package imported at run time by src/ is in dependencies', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const f of sources(join(ROOT, 'src'))) {
      for (const spec of runtimeImports(readFileSync(f, 'utf8'))) {
        if (builtin(spec)) continue;
        seen++;
        const name = packageOf(spec);
        if (!(name in pkg.dependencies))
          missing.push(
            `${relative(ROOT, f)} imports ${spec}: ${name} is ${name in pkg.devDependencies ? 'only in devDependencies' : 'not in package.json'}`,
          );
      }
    }
    expect(seen).toBeGreaterThan(5); // pixi.js, zustand, idb, workbox-window, robust-predicates, clipper-lib, ...
    expect(missing).toEqual([]);
  });

  it('the CLI runner (tsx, which `npm run analyze` starts) is a dependency too', () => {
    expect(pkg.dependencies.tsx).toBeDefined();
  });
});
