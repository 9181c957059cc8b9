/** Screen transform: table mm (y away from player 1) to canvas pixels (y down). */
export interface View {
  /** pixels per millimetre */
  scale: number;
  /** pixel position of the table origin */
  ox: number;
  oy: number;
  /**
   * the picture turned 90 degrees (portrait screens): the table's x runs down the screen and
   * player 1's edge is on the left. Table coordinates never change; every screen<->table mapping
   * goes through toScreen and toTable.
   */
  turn?: boolean;
}

export const toScreen = (v: View, x: number, y: number): [number, number] =>
  v.turn ? [v.ox + y * v.scale, v.oy + x * v.scale] : [v.ox + x * v.scale, v.oy - y * v.scale];
export const toTable = (v: View, sx: number, sy: number): [number, number] =>
  v.turn ? [(sy - v.oy) / v.scale, (sx - v.ox) / v.scale] : [(sx - v.ox) / v.scale, (v.oy - sy) / v.scale];

export function fitView(
  w: number,
  h: number,
  tableW: number,
  tableH: number,
  margin = 24,
  turn = false,
): View {
  if (turn) {
    const scale = Math.max(0.05, Math.min((w - 2 * margin) / tableH, (h - 2 * margin) / tableW));
    return { scale, ox: (w - tableH * scale) / 2, oy: (h - tableW * scale) / 2, turn: true };
  }
  const scale = Math.max(0.05, Math.min((w - 2 * margin) / tableW, (h - 2 * margin) / tableH));
  return { scale, ox: (w - tableW * scale) / 2, oy: (h + tableH * scale) / 2 };
}

/** The view that shows the table box [x0, y0, x1, y1] (mm) fitted in a w x h canvas. */
export function fitBoxView(
  w: number,
  h: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  turn = false,
  margin = 24,
): View {
  const v = fitView(w, h, x1 - x0, y1 - y0, margin, turn);
  return turn
    ? { ...v, ox: v.ox - y0 * v.scale, oy: v.oy - x0 * v.scale }
    : { ...v, ox: v.ox - x0 * v.scale, oy: v.oy + y0 * v.scale };
}

/** Zoom by `factor` keeping the table point under (sx, sy) fixed. */
export function zoomAt(v: View, sx: number, sy: number, factor: number): View {
  const scale = Math.min(60, Math.max(0.05, v.scale * factor));
  const k = scale / v.scale;
  return { ...v, scale, ox: sx - (sx - v.ox) * k, oy: sy - (sy - v.oy) * k };
}

/** The table point (mm) at the centre of a w x h canvas: where new pieces are placed nearest. */
export function viewCentre(v: View, w: number, h: number): { x: number; y: number } {
  const [x, y] = toTable(v, w / 2, h / 2);
  return { x, y };
}
