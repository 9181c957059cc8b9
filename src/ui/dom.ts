type Attrs = Record<string, string | number | boolean | EventListener | undefined>;

/** Create an element: h('button', { onclick: f, class: 'x' }, 'text', child). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'value') (el as HTMLInputElement).value = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) el.append(c);
  return el;
}

export { capText, escapeHtml, MAX_WHY_CHARS } from '../state/html';

/*
 * Writes that leave the page alone when the value is what it shows already: the panels are written at every
 * step of a drag, and writing the same text, style or attribute again is still a change the page works on.
 */

/** el's text, written only when it differs */
export function setText(el: Node, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** el shown (display as its style sheet says) or not (display: none), written only when it differs */
export function setShown(el: HTMLElement, shown: boolean): void {
  const d = shown ? '' : 'none';
  if (el.style.display !== d) el.style.display = d;
}

/** an attribute, written only when it differs */
export function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

export function option(value: string, label = value, selected = false) {
  return h('option', { value, selected }, label);
}

/**
 * Hand a link to the phone's share sheet (Web Share) where there is one, else copy it: says which in
 * `say`. A share the player cancels says nothing more; a sheet that fails falls back to the copy.
 */
export async function shareOrCopy(
  url: string,
  title: string,
  say: (text: string) => void,
  what: string,
): Promise<'shared' | 'copied' | 'shown'> {
  const nav = navigator as Navigator & {
    share?: (d: ShareData) => Promise<void>;
    canShare?: (d: ShareData) => boolean;
  };
  const data = { url, title };
  if (typeof nav.share === 'function' && (!nav.canShare || nav.canShare(data))) {
    try {
      await nav.share(data);
      say(`${what} shared.`);
      return 'shared';
    } catch (e) {
      if ((e as Error).name === 'AbortError') return 'shown';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    say(`${what} copied.`);
    return 'copied';
  } catch {
    say(`${what} ready: copy it from the box.`);
    return 'shown';
  }
}
