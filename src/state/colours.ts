import type { ObstacleKind } from '../model/catalog';
import type { LosVerdict } from '../model/report';

export const PLAYER = { 1: 0x3d8bfd, 2: 0xf76707 } as const;
export const PLAYER_DARK = { 1: 0x1c3f73, 2: 0x7a3305 } as const;
/** pieces reported as overlapping an obstacle */
export const OVERLAP = 0xff00ff;
export const SELECT = 0x00e5ff;
export const LOS: Record<LosVerdict, number> = {
  clear: 0x2fbf71,
  obstructed: 0xffb000,
  blocked: 0xff3b3b,
  dust: 0xb46cff,
};
/** the table's own sanity: ships or squadrons overlapping each other, bases off the play area */
export const SANITY = 0xff1f6d;
export const GRAZE = 0xffff00;
export const ILLEGAL = 0xff3b3b;
export const LEGAL = 0x2fbf71;

export const OBSTACLE: Record<ObstacleKind, { fill: number; alpha: number; line: number }> = {
  asteroid: { fill: 0x8d7b68, alpha: 1, line: 0xd8c8b0 },
  debris: { fill: 0x5c677d, alpha: 1, line: 0xb8c2d6 },
  station: { fill: 0x9aa5b1, alpha: 1, line: 0xe9ecef },
  dust: { fill: 0xc2a878, alpha: 0.45, line: 0xe0cfa6 },
  exogorth: { fill: 0x7b4b2a, alpha: 1, line: 0xd9a066 },
  'gravity-rift': { fill: 0x5f3dc4, alpha: 0.6, line: 0xb197fc },
  purrgil: { fill: 0x20a386, alpha: 0.9, line: 0x96f2d7 },
};

export const css = (c: number) => `#${c.toString(16).padStart(6, '0')}`;
