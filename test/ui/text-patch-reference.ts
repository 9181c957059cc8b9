import { decodeText } from '../../src/ui/text-patch';

/**
 * textsIfSameTags written plainly (each string split into texts and tags), as it was before the scan in
 * src/ui/text-patch.ts: the tests hold the scan to it.
 */
export function textsIfSameTagsReference(prev: string, next: string): string[] | null {
  const SPLIT = /(<[^>]*>)/;
  const a = prev.split(SPLIT),
    b = next.split(SPLIT);
  if (a.length !== b.length) return null;
  const texts: string[] = [];
  for (let i = 0; i < b.length; i++) {
    if (i % 2 === 1) {
      if (a[i] !== b[i] || /^<(!|\/?(script|style|pre|textarea|table|tbody|tr|td|th)\b)/i.test(b[i]))
        return null;
      continue;
    }
    if ((a[i] === '') !== (b[i] === '')) return null;
    if (b[i] === '') continue;
    const d = decodeText(b[i]);
    if (d === null || decodeText(a[i]) === null) return null;
    texts.push(d);
  }
  return texts;
}
