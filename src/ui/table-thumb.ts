/**
 * A table in a few words and a small picture, for the Tables list: its ships by name ("Victory, CR90
 * and 3 more; 4 squadrons; 6 obstacles") and a thumbnail (the table's outline, each ship a rotated
 * box of its size, each squadron a dot, each obstacle a grey disc, in the players' colours), so two
 * tables of four pieces read apart.
 */
import { CATALOG } from '../model/catalog';
import { pieceNames } from '../model/names';
import type { Table } from '../model/table';
import { css, PLAYER } from '../render/colours';

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

/** "Victory, CR90 and 2 more; 4 squadrons; 6 obstacles" ("empty" for none). */
export function tableWords(t: Table): string {
  const names = pieceNames(t);
  const ships = t.ships.map((s) => names.get(s.id) ?? s.id);
  const parts: string[] = [];
  if (ships.length)
    parts.push(
      ships.length > 3 ? `${ships.slice(0, 3).join(', ')} and ${ships.length - 3} more` : ships.join(', '),
    );
  if (t.squadrons.length) parts.push(plural(t.squadrons.length, 'squadron'));
  if (t.obstacles.length) parts.push(plural(t.obstacles.length, 'obstacle'));
  return parts.length ? parts.join('; ') : 'empty';
}

/** Base sizes (mm) by ship size, for the thumbnail only. */
const BASE: Record<string, [number, number]> = {
  small: [43, 71],
  medium: [63, 102],
  large: [77.5, 129],
  huge: [77.5, 351.5],
};

/** A thumbnail `w` px wide (the height follows the table's shape), table y up as on the canvas. */
export function tableThumb(t: Table, w = 96): HTMLCanvasElement {
  const spec = CATALOG.tables[t.table];
  const k = w / spec.width;
  const c = document.createElement('canvas');
  c.width = w;
  c.height = Math.max(1, Math.round(spec.height * k));
  c.className = 'table-thumb';
  const g = c.getContext('2d');
  if (!g) return c;
  g.fillStyle = '#0b1426';
  g.fillRect(0, 0, c.width, c.height);
  g.strokeStyle = '#495057';
  g.strokeRect(0.5, 0.5, c.width - 1, c.height - 1);
  const at = (x: number, y: number): [number, number] => [x * k, c.height - y * k];
  g.fillStyle = '#868e96';
  for (const o of t.obstacles) {
    const [x, y] = at(o.x, o.y);
    g.beginPath();
    g.arc(x, y, Math.max(1.5, 30 * k), 0, 2 * Math.PI);
    g.fill();
  }
  for (const s of t.ships) {
    const [bw, bh] = BASE[s.size] ?? BASE.small;
    const [x, y] = at(s.x, s.y);
    g.save();
    g.translate(x, y);
    g.rotate((-s.rotation * Math.PI) / 180);
    g.fillStyle = css(PLAYER[s.player]);
    g.fillRect((-bw * k) / 2, (-bh * k) / 2, Math.max(2, bw * k), Math.max(3, bh * k));
    g.restore();
  }
  for (const q of t.squadrons) {
    const [x, y] = at(q.x, q.y);
    g.fillStyle = css(PLAYER[q.player]);
    g.beginPath();
    g.arc(x, y, Math.max(1, 17.5 * k), 0, 2 * Math.PI);
    g.fill();
  }
  return c;
}
