import type { SafeStorage } from '../../src/state/storage';

/** Web storage in a map. */
export function memoryStorage(): SafeStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    blocked: null,
    get: (k) => map.get(k) ?? null,
    set: (k, v) => {
      map.set(k, v);
      return null;
    },
    remove: (k) => void map.delete(k),
    keys: () => [...map.keys()],
  };
}
