/**
 * `npm run --silent analyze -- table.json` on a table whose photo has no calibration: the camera and
 * every marked piece fitted together (src/photo/joint.ts), the report's photo saying so; a photo that
 * marks one piece only is refused in one line naming it. Each spawn costs about a second: two.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jointScene, jointTable } from '../photo/joint-scenes';
import { cliArgs } from '../cli-bundle';

const ROOT = join(__dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'armada-joint-'));

function analyze(table: unknown) {
  const p = join(dir, 'table.json');
  writeFileSync(p, JSON.stringify(table));
  const r = spawnSync(process.execPath, [...cliArgs('analyze'), p], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('analyze: a photo without calibration', () => {
  it('reports the joint fit: fit, anchor, camera and every marked piece', () => {
    const r = analyze(jointTable(jointScene({ seed: 5, tiltDeg: 30, k1: 0.02, noisePx: 0.5 })));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const photo = JSON.parse(r.out).photo;
    expect([photo.fit, photo.anchor]).toEqual(['joint', 'pieces']);
    expect(photo.camera.tiltDeg).toBeGreaterThan(29);
    expect(photo.camera.tiltDeg).toBeLessThan(31);
    expect(Object.keys(photo.pieces).sort()).toEqual(['cr90', 'isd', 'rock', 'tie', 'vic']);
    for (const p of Object.values(photo.pieces) as { uncertaintyMm: number }[])
      expect(p.uncertaintyMm).toBeLessThan(3);
  });

  it('one marked piece: refused in one line naming it', () => {
    const t = jointTable(jointScene({ seed: 5, tiltDeg: 30, k1: 0.02, noisePx: 0.5 }));
    t.photo.marks = t.photo.marks.slice(0, 1);
    const r = analyze(t);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/photo\.marks\[0\]: only "isd" is marked/);
  });
});
