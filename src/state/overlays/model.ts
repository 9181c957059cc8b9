import type { Circle } from '../../geometry/circle';
import type { Polygon } from '../../geometry/polygon';
import type { XY } from '../../model/report';
import type { ObstacleEntry, SquadronEntry } from '../../rules/world';

/**
 * The overlays model: what the rules' verdicts and regions ask to be drawn over the table, prepared
 * in state (campaign.ts, maneuver.ts) from the rules' answers. The renderer only draws it and
 * imports no rule.
 */
export interface Overlays {
  regions: { polygons: (Polygon | XY[])[]; color: number; alpha?: number }[];
  /**
   * outlines. `piece`: the mark is that piece's own outline (its footprint or disc, the one shape): the
   * picture draws it around the piece's point, so a mark of a dragged piece is moved with it, not drawn again
   */
  marks: { shapes: (Polygon | Circle)[]; color: number; width?: number; piece?: string }[];
  lines: { a: XY; b: XY; color: number; width?: number; dash?: number }[];
  /**
   * pieces drawn faint that may be picked and dragged: exogorths being placed, the places of the squadrons
   * they displace
   */
  ghosts: { entry: ObstacleEntry | SquadronEntry }[];
}

/**
 * The most pieces outlined for one kind of verdict (overlaps, collisions): a real table has a
 * handful; a pile of 200 pieces on one spot had 340 thick outlines on one spot, each redrawn at
 * every frame (in software rendering, a second a frame). The panel says when the cap is reached.
 */
export const MAX_OUTLINED = 60;

/**
 * A move under way that the player finishes with a button (a purrgil's move, an exogorth being placed): its
 * verdict in words, for where the player looks (the inspector, which leads the phone's sheet while there is one).
 * The words are the rules' verdict; the buttons are the inspector's.
 */
export interface Lead {
  /** a purrgil's move under way, an exogorth being placed, or a selected purrgil's reach (no move yet) */
  kind: 'purrgil' | 'exogorth' | 'purrgil-reach';
  /** the piece moved or placed */
  piece: string;
  /** the rules' verdict; null while it is being judged, or with nothing to judge (a purrgil's reach) */
  legal: boolean | null;
  /** the verdict in one line (HTML) */
  head: string;
  /** what follows the buttons: why, in words (HTML) */
  why: string;
  /** the buttons may be pressed (not while the piece is being dragged) */
  actions: boolean;
}

export const emptyOverlays = (): Overlays => ({ regions: [], marks: [], lines: [], ghosts: [] });

/** The most overlaps (and collisions) a panel lists: a handful on a real table, thousands on a pile. */
export const MAX_LISTED_PAIRS = 100;
