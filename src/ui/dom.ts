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

export function option(value: string, label = value, selected = false) {
  return h('option', { value, selected }, label);
}
