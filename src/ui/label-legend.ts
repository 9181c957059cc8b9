/**
 * The canvas's legend for squadrons it cannot name at this zoom (too small, or no room beside them):
 * a line in the canvas's corner counts them by name ("Not named at this zoom: 6 squadrons: YT-2400 x6;
 * zoom in to name them"), so no squadron goes unaccounted for. Hidden when every squadron on screen
 * carries its label.
 */
import { h } from './dom';

export function buildLabelLegend(host: HTMLElement) {
  const el = h('div', { id: 'label-legend', 'aria-live': 'polite' });
  host.append(el);
  let last = '';
  return (unlabelled: { id: string; name: string }[]) => {
    const count = new Map<string, number>();
    for (const q of unlabelled) count.set(q.name, (count.get(q.name) ?? 0) + 1);
    const parts = [...count].map(([n, k]) => (k > 1 ? `${n} ×${k}` : n));
    const text = unlabelled.length
      ? `Not named at this zoom: ${unlabelled.length} squadron${unlabelled.length === 1 ? '' : 's'} ` +
        `(${parts.join(', ')}); zoom in to name them.`
      : '';
    if (text === last) return;
    last = text;
    el.textContent = text;
    el.hidden = !text;
  };
}
