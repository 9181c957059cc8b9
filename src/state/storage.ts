/**
 * Web storage that never throws. With site data blocked (a real Chromium setting) merely reading
 * the page's local storage throws a SecurityError; a full origin throws QuotaExceededError on write.
 * Each call here answers instead (null, or the problem in words), so storage faults are said to
 * the player and never stop the app.
 */
export interface SafeStorage {
  /** null where the area cannot be read at all (blocked), with `problem` saying why */
  readonly blocked: string | null;
  get(key: string): string | null;
  /** null when written, else the problem in words ("full", "blocked") */
  set(key: string, value: string): string | null;
  remove(key: string): void;
  keys(): string[];
}

/** The problem in words: full, blocked, or the browser's own message. */
export function storageProblem(e: unknown): string {
  const name = (e as { name?: string })?.name ?? '';
  const code = (e as { code?: number })?.code;
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014)
    return "this browser's storage for the site is full";
  if (name === 'SecurityError') return 'this browser blocks storage for the site (site data is blocked)';
  return (e as Error)?.message ?? String(e);
}

export function safeStorage(area: () => Storage | null | undefined): SafeStorage {
  let s: Storage | null = null;
  let blocked: string | null = null;
  try {
    s = area() ?? null;
    if (!s) blocked = 'this browser has no web storage';
    else s.getItem('armada-probe'); // some browsers throw only on use
  } catch (e) {
    s = null;
    blocked = storageProblem(e);
  }
  return {
    blocked,
    get(key) {
      try {
        return s ? s.getItem(key) : null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      if (!s) return blocked;
      try {
        s.setItem(key, value);
        return null;
      } catch (e) {
        return storageProblem(e);
      }
    },
    remove(key) {
      try {
        s?.removeItem(key);
      } catch {
        /* nothing to remove where nothing can be read */
      }
    },
    keys() {
      try {
        const out: string[] = [];
        for (let i = 0; s && i < s.length; i++) {
          const k = s.key(i);
          if (k !== null) out.push(k);
        }
        return out;
      } catch {
        return [];
      }
    },
  };
}
