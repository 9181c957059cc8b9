/**
 * The table file's pieces and the error that names a field: the types every part of the model
 * shares (the table's validation, its fleet lists, its photo evidence, the pieces' shapes), kept
 * apart from table.ts so that none of those imports the validation that imports them.
 */
import type { ObstacleType, ShipSize } from './catalog';

export type TableSize = '3x6' | '3x3';
export type Player = 1 | 2;

export interface Ship {
  id: string;
  size: ShipSize;
  class?: string;
  player: Player;
  x: number;
  y: number;
  rotation: number;
  speed: number;
  /** optional: what players call this ship ("Devastator") */
  name?: string;
  /** optional: the ship card's exact printed name ("Victory II-class Star Destroyer"): its dice */
  card?: string;
}
export interface Squadron {
  id: string;
  player: Player;
  x: number;
  y: number;
  /** optional: what players call this squadron ("Howlrunner") */
  name?: string;
  /** optional: the squadron card's exact printed name ("TIE Fighter Squadron"): its dice */
  card?: string;
}
export interface Obstacle {
  id: string;
  type: ObstacleType;
  x: number;
  y: number;
  rotation: number;
}
export interface Token {
  id: string;
  x: number;
  y: number;
  radius: number;
}

/** A table file that cannot be read: `path` names the field, as in `ships[2].rotation`. */
export class TableError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(path ? `${path}: ${problem}` : problem);
    this.name = 'TableError';
  }
}
