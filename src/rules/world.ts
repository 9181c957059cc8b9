import type { Circle } from '../geometry/circle';
import type { Polygon } from '../geometry/polygon';
import { CATALOG, type Catalog, type ObstacleKind, withMeasurements } from '../model/catalog';
import { obstacleOutline, type ShipShapes, shipShapes, squadronCircle, tokenCircle } from '../model/pieces';
import type { Obstacle, Ship, Squadron, Table, Token } from '../model/table';

export interface ShipEntry {
  kind: 'ship';
  id: string;
  piece: Ship;
  shapes: ShipShapes;
}
export interface SquadronEntry {
  kind: 'squadron';
  id: string;
  piece: Squadron;
  circle: Circle;
}
export interface ObstacleEntry {
  kind: 'obstacle';
  id: string;
  piece: Obstacle;
  obstacleKind: ObstacleKind;
  outline: Polygon;
}
export interface TokenEntry {
  kind: 'token';
  id: string;
  piece: Token;
  circle: Circle;
}
export type Entry = ShipEntry | SquadronEntry | ObstacleEntry | TokenEntry;

/**
 * Every piece of a table with its shapes placed, built once per table state. Rules read shapes
 * from here, so each piece's world shapes are computed once however many questions are asked.
 */
export class World {
  readonly catalog: Catalog;
  readonly ships: ShipEntry[];
  readonly squadrons: SquadronEntry[];
  readonly obstacles: ObstacleEntry[];
  readonly tokens: TokenEntry[];
  /** all pieces in report order: ships, squadrons, obstacles, tokens */
  readonly all: Entry[];
  readonly byId: Map<string, Entry>;

  #twin: World | null | undefined = undefined;

  /** the catalog before this table's measurements: what catalogTwin judges with */
  readonly base: Catalog;

  constructor(
    readonly table: Table,
    base: Catalog = CATALOG,
    previous?: World,
  ) {
    const keep = previous && previous.table.measurements === table.measurements;
    this.base = keep ? previous.base : (base.unmeasured ?? base);
    const cat = (this.catalog = keep ? previous.catalog : withMeasurements(base, table.measurements));
    const reuse = previous && previous.catalog === cat ? previous.byId : undefined;
    const same = <E extends Entry>(id: string, piece: E['piece']): E | undefined => {
      const old = reuse?.get(id);
      return old && old.piece === piece ? (old as E) : undefined;
    };
    this.ships = table.ships.map(
      (s) => same<ShipEntry>(s.id, s) ?? { kind: 'ship', id: s.id, piece: s, shapes: shipShapes(cat, s) },
    );
    this.squadrons = table.squadrons.map(
      (s) =>
        same<SquadronEntry>(s.id, s) ?? {
          kind: 'squadron',
          id: s.id,
          piece: s,
          circle: squadronCircle(cat, s),
        },
    );
    this.obstacles = table.obstacles.map(
      (o) =>
        same<ObstacleEntry>(o.id, o) ?? {
          kind: 'obstacle',
          id: o.id,
          piece: o,
          obstacleKind: cat.obstacles[o.type].kind,
          outline: obstacleOutline(cat, o),
        },
    );
    this.tokens = table.tokens.map(
      (t) => same<TokenEntry>(t.id, t) ?? { kind: 'token', id: t.id, piece: t, circle: tokenCircle(t) },
    );
    this.all = [...this.ships, ...this.squadrons, ...this.obstacles, ...this.tokens];
    // set one by one: a Map made from [id, entry] pairs made a pair per piece at every drag step
    const byId = new Map<string, Entry>();
    for (const e of this.all) byId.set(e.id, e);
    this.byId = byId;
  }

  get ruleset() {
    return this.table.ruleset;
  }

  /**
   * The same table judged with the catalog's own figures for every class this table corrects
   * (`measurements.classes`): what an attack's verdict would be without the edit. Null when the
   * table corrects no class. Built when first asked.
   */
  catalogTwin(): World | null {
    if (this.#twin === undefined) {
      const m = this.table.measurements;
      if (!m?.classes || !Object.values(this.catalog.shipClasses).some((c) => c.edited)) this.#twin = null;
      else {
        const rest = { ...m };
        delete rest.classes;
        this.#twin = new World({ ...this.table, measurements: rest }, this.base);
      }
    }
    return this.#twin;
  }
}

/** The shape of a piece for measuring distance: a ship's plastic base, a disc, an outline. */
export function measureShape(e: Entry): Polygon | Circle {
  switch (e.kind) {
    case 'ship':
      return e.shapes.base;
    case 'squadron':
      return e.circle;
    case 'obstacle':
      return e.outline;
    case 'token':
      return e.circle;
  }
}

/** The shape of a piece for overlapping: a ship's base with its shield-dial frames. */
export function overlapShape(e: Entry): Polygon | Circle {
  return e.kind === 'ship' ? e.shapes.footprint : measureShape(e);
}
