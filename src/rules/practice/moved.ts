/**
 * A table with one ship moved: the position a practice map asks about, built so that every
 * answer of the map is the rules' own answer for that table (the World is the one `analyze`
 * would build, sharing the other pieces' shapes with the world it came from).
 */
import type { Ship, Table } from '../../model/table';
import { World } from '../world';

export interface ShipPlace {
  x: number;
  y: number;
  rotation: number;
  speed?: number;
}

/** The table with ship `id` at `place` (its speed dial too, when given); everything else as it was. */
export function tableWithShipAt(table: Table, id: string, place: ShipPlace): Table {
  let found = false;
  const ships = table.ships.map((s): Ship => {
    if (s.id !== id) return s;
    found = true;
    return { ...s, x: place.x, y: place.y, rotation: place.rotation, speed: place.speed ?? s.speed };
  });
  if (!found) throw new Error(`no ship with id "${id}"`);
  return { ...table, ships };
}

/** The world of that table: every other piece's shapes shared with `world` (World's own reuse). */
export function worldWithShipAt(world: World, id: string, place: ShipPlace): World {
  return new World(tableWithShipAt(world.table, id, place), world.base, world);
}
