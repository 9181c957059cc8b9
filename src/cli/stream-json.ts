import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * JSON.stringify(map(value)) + '\n', written in pieces: the top two levels (the report and its
 * sections) are walked here and each entry below is stringified on its own, so no string holds
 * more than one entry and about 64 KB of them. Byte for byte what JSON.stringify writes
 * (test/cli/stream-json.test.ts); `map` (rounding) is applied per entry.
 */
export async function writeJson(out: Writable, value: unknown, map: <T>(v: T) => T = (v) => v): Promise<void> {
  let buf = '';
  const push = async (s: string) => {
    buf += s;
    if (buf.length >= 65536) {
      const ok = out.write(buf);
      buf = '';
      if (!ok) await once(out, 'drain');
    }
  };
  await walk(value, 0, map, push);
  buf += '\n';
  if (!out.write(buf)) await once(out, 'drain');
}

async function walk(value: unknown, depth: number, map: <T>(v: T) => T, push: (s: string) => Promise<void>): Promise<void> {
  const v = value && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function'
    ? (value as { toJSON: () => unknown }).toJSON() : value;
  if (depth >= 2 || !v || typeof v !== 'object') {
    await push(JSON.stringify(map(v)) ?? 'null');
    return;
  }
  if (Array.isArray(v)) {
    await push('[');
    for (let i = 0; i < v.length; i++) {
      if (i) await push(',');
      const e = v[i];
      if (e === undefined || typeof e === 'function' || typeof e === 'symbol') await push('null');
      else await walk(e, depth + 1, map, push);
    }
    await push(']');
    return;
  }
  await push('{');
  let first = true;
  for (const [k, e] of Object.entries(v)) {
    if (e === undefined || typeof e === 'function' || typeof e === 'symbol') continue;
    await push((first ? '' : ',') + JSON.stringify(k) + ':');
    first = false;
    await walk(e, depth + 1, map, push);
  }
  await push('}');
}
