/** Screen transform: table mm (y away from player 1) to canvas pixels (y down). */
export interface View {
  /** pixels per millimetre */
  scale: number;
  /** pixel position of the table origin */
  ox: number;
  oy: number;
}

export const toScreen = (v: View, x: number, y: number): [number, number] => [v.ox + x * v.scale, v.oy - y * v.scale];
export const toTable = (v: View, sx: number, sy: number): [number, number] => [(sx - v.ox) / v.scale, (v.oy - sy) / v.scale];

export function fitView(w: number, h: number, tableW: number, tableH: number, margin = 24): View {
  const scale = Math.max(0.05, Math.min((w - 2 * margin) / tableW, (h - 2 * margin) / tableH));
  return { scale, ox: (w - tableW * scale) / 2, oy: (h + tableH * scale) / 2 };
}

/** Zoom by `factor` keeping the table point under (sx, sy) fixed. */
export function zoomAt(v: View, sx: number, sy: number, factor: number): View {
  const scale = Math.min(60, Math.max(0.05, v.scale * factor));
  const k = scale / v.scale;
  return { scale, ox: sx - (sx - v.ox) * k, oy: sy - (sy - v.oy) * k };
}
