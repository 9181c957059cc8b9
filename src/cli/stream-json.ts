import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * A budget kept while writing: before each entry of a `sections` array of the top-level object,
 * `over()` is asked, and once it says so the array is closed there and `cut(key, written)` told
 * (the writer of the report then says so in its last key, `partial`, worked out when written).
 */
export interface WriteGuard {
  sections: ReadonlySet<string>;
  over(): boolean;
  cut(key: string, written: number): void;
}

/**
 * JSON.stringify(map(value)) + '\n', written in pieces: the top two levels (the report and its
 * sections) are walked here and each entry below is stringified on its own, so no string holds
 * more than one entry and about 64 KB of them. Byte for byte what JSON.stringify writes
 * (test/cli/stream-json.test.ts); `map` (rounding) is applied per entry. With a `guard`, a
 * guarded section may end early (see WriteGuard); without one, or when it never says over,
 * the bytes are the same.
 */
export async function writeJson(
  out: Writable,
  value: unknown,
  map: <T>(v: T) => T = (v) => v,
  guard?: WriteGuard,
): Promise<void> {
  let buf = '';
  const push = async (s: string) => {
    buf += s;
    if (buf.length >= 65536) {
      const ok = out.write(buf);
      buf = '';
      if (!ok) await once(out, 'drain');
    }
  };
  await walk(resolve(value), 0, map, push, guard, null);
  buf += '\n';
  if (!out.write(buf)) await once(out, 'drain');
}

/** A value as JSON.stringify sees it: its toJSON() when it has one. */
const resolve = (value: unknown): unknown =>
  value && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function'
    ? (value as { toJSON: () => unknown }).toJSON()
    : value;

const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

async function walk(
  value: unknown,
  depth: number,
  map: <T>(v: T) => T,
  push: (s: string) => Promise<void>,
  guard: WriteGuard | undefined,
  key: string | null,
): Promise<void> {
  const v = value; // resolved by the caller
  if (depth >= 2 || !v || typeof v !== 'object') {
    await push(JSON.stringify(map(v)) ?? 'null');
    return;
  }
  if (Array.isArray(v)) {
    const guarded = depth === 1 && key !== null && !!guard?.sections.has(key);
    await push('[');
    for (let i = 0; i < v.length; i++) {
      if (guarded && guard!.over()) {
        guard!.cut(key!, i);
        break;
      }
      if (i) await push(',');
      const e = resolve(v[i]);
      if (skipped(e)) await push('null');
      else await walk(e, depth + 1, map, push, guard, null);
    }
    await push(']');
    return;
  }
  await push('{');
  let first = true;
  for (const [k, raw] of Object.entries(v)) {
    // a value's toJSON is asked as its key comes (the report's `partial` is worked out last)
    const e = resolve(raw);
    if (skipped(e)) continue;
    await push((first ? '' : ',') + JSON.stringify(k) + ':');
    first = false;
    await walk(e, depth + 1, map, push, guard, depth === 0 ? k : null);
  }
  await push('}');
}
