import type { Circle } from '../geometry/circle';
import type { Polygon } from '../geometry/polygon';
import type { XY } from '../model/report';
import type { ObstacleEntry } from '../rules/world';

/** Drawing instructions prepared from rule verdicts; the renderer only draws them. */
export interface Overlays {
  regions: { polygons: (Polygon | XY[])[]; color: number; alpha?: number }[];
  marks: { shapes: (Polygon | Circle)[]; color: number; width?: number }[];
  lines: { a: XY; b: XY; color: number; width?: number; dash?: number }[];
  ghosts: { entry: ObstacleEntry }[];
}

export const emptyOverlays = (): Overlays => ({ regions: [], marks: [], lines: [], ghosts: [] });
