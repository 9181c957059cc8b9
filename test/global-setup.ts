/** Before any test file: bundle the command lines the tests start (test/cli-bundle.ts). */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CLI_BUNDLE_ENV, CLI_NAMES } from './cli-bundle';

// packages written for CommonJS (clipper-lib, jpeg-js) call require
const REQUIRE =
  "import { createRequire as cliBundleRequire } from 'node:module'; " +
  'const require = cliBundleRequire(import.meta.url);';

export async function setup(): Promise<() => void> {
  // a folder of this run's own: another run in the same checkout (one test file beside another) keeps its
  // bundle, and node_modules may be hard links shared with another checkout, so nothing is written over
  const parent = join(__dirname, '..', 'node_modules/.cache/cli-test');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'run-'));
  await build({
    entryPoints: CLI_NAMES.map((n) => join(__dirname, '..', 'src/cli', `${n}.ts`)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    banner: { js: REQUIRE },
    logLevel: 'warning',
  });
  // the test workers start after this and inherit it
  process.env[CLI_BUNDLE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
