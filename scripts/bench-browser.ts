/**
 * `npm run bench -- --browser`: the drag of e2e/perf-drag.spec.ts in Debian's chromium against a
 * preview build (Playwright's webServer, on E2E_PORT), with the page's CPU throttled through the
 * DevTools protocol (`Emulation.setCPUThrottlingRate`) to stand in for a phone. The spec writes
 * its figures to a file this reads back.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BrowserBench {
  throttle: number;
  steps: number;
  frames: number;
  frameMedianMs: number;
  frameP95Ms: number;
  analyses: number;
  wholeTableAnalyses: number;
  analysisMedianMs: number;
  analysisP95Ms: number;
  /** the app's JavaScript per drag step (input handlers, re-judge, drawing, panels): median, 95th percentile, most */
  frameJsMedianMs: number;
  frameJsP95Ms: number;
  frameJsMaxMs: number;
  /** the app's timer tasks per step, between frames (the verdict list at the pointer's rest): median, p95 */
  taskJsMedianMs: number;
  taskJsP95Ms: number;
  /** bytes allocated per drag step (sampling heap profiler, unthrottled): median and 95th percentile, KiB */
  dragAllocKb: number;
  dragAllocP95Kb: number;
  /** its parts, medians: under the frame callbacks and input listeners, and under the timer tasks, KiB */
  dragFrameAllocKb: number;
  dragTaskAllocKb: number;
  allocSteps: number;
  /** the page's warm-up (a drag judged on copies of the table once it opened), throttled: its JS, ms */
  warmUpMs: number | null;
  port: number;
}

export function runBrowserBench(throttle: number): Promise<BrowserBench> {
  const dir = mkdtempSync(join(tmpdir(), 'armada-bench-'));
  const out = join(dir, 'perf-drag.json');
  const port = Number(process.env.E2E_PORT ?? 4173);
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['playwright', 'test', 'e2e/perf-drag.spec.ts', '--reporter=line'], {
      env: { ...process.env, E2E_PORT: String(port), PERF_THROTTLE: String(throttle), PERF_OUT: out },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => {
      log += d;
    });
    child.stderr.on('data', (d) => {
      log += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        if (code !== 0) throw new Error(`the browser run failed (exit ${code}):\n${log.slice(-3000)}`);
        resolve({ ...JSON.parse(readFileSync(out, 'utf8')), throttle, port });
      } catch (e) {
        reject(e);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
