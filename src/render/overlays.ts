import type { Circle } from '../geometry/circle';
import type { Polygon } from '../geometry/polygon';
import type { XY } from '../model/report';
import type { ObstacleEntry, SquadronEntry } from '../rules/world';

/** Drawing instructions prepared from rule verdicts; the renderer only draws them. */
export interface Overlays {
  regions: { polygons: (Polygon | XY[])[]; color: number; alpha?: number }[];
  marks: { shapes: (Polygon | Circle)[]; color: number; width?: number }[];
  lines: { a: XY; b: XY; color: number; width?: number; dash?: number }[];
  /** pieces drawn faint that may be picked and dragged: exogorths being placed, the places of the squadrons they displace */
  ghosts: { entry: ObstacleEntry | SquadronEntry }[];
}

/**
 * The most pieces outlined for one kind of verdict (overlaps, collisions): a real table has a
 * handful; a pile of 200 pieces on one spot had 340 thick outlines on one spot, each redrawn at
 * every frame (in software rendering, a second a frame). The panel says when the cap is reached.
 */
export const MAX_OUTLINED = 60;

export const emptyOverlays = (): Overlays => ({ regions: [], marks: [], lines: [], ghosts: [] });
