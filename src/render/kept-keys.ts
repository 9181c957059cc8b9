/**
 * Strings kept per object while what else they were made of is the same: a drawn piece's content key by its
 * entry (a World keeps an unmoved piece's entry from frame to frame), made again only when the frame's part
 * of it (`part`: the catalog and zoom) or the caller's numbers changed. Some 50 pieces' keys were made anew,
 * each of several joined strings, at every drag step.
 */
export class KeptKeys {
  private kept = new WeakMap<object, { part: string; a: number; b: number; c: number; s: string }>();

  /** The string kept for `o` as made with this part and these numbers (undefined: none, or made else). */
  get(o: object, part: string, a = 0, b = 0, c = 0): string | undefined {
    const k = this.kept.get(o);
    return k !== undefined && k.part === part && k.a === a && k.b === b && k.c === c ? k.s : undefined;
  }

  /** Keep `s` for `o` as made with this part and these numbers; returns s. */
  set(o: object, s: string, part: string, a = 0, b = 0, c = 0): string {
    const k = this.kept.get(o);
    if (k === undefined) this.kept.set(o, { part, a, b, c, s });
    else {
      k.part = part;
      k.a = a;
      k.b = b;
      k.c = c;
      k.s = s;
    }
    return s;
  }
}
