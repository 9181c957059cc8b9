/**
 * The table's size switch in a player's words: the pieces that keep it from switching, or that are
 * partly off the new table, named as their labels name them (src/model/names.ts: ships and named
 * squadrons by name, obstacles, tokens and unnamed squadrons by their ids). No DOM, no pixi.
 */
import { andList, namer, tableSizeWords } from '../model/names';
import type { Table } from '../model/table';

/** Why the table did not switch: the pieces of `t` whose centre lies off the new size (`off`, ids). */
export function switchRefusedText(t: Table, size: Table['table'], off: string[]): string {
  const say = namer(t);
  return (
    `Not switched to ${tableSizeWords(size)}: ${andList(off.map(say))} ${off.length === 1 ? 'lies' : 'lie'} ` +
    `off it. Move or remove ${off.length === 1 ? 'it' : 'them'} first.`
  );
}

/** The table switched (`t` at its new size), and these pieces (`partly`, ids) are partly off it. */
export function switchedPartlyText(t: Table, partly: string[]): string {
  const say = namer(t);
  return (
    `Switched to ${tableSizeWords(t.table)}: ${andList(partly.map(say))} ${partly.length === 1 ? 'is' : 'are'} ` +
    `partly off the table (outlined; such a piece is destroyed). Undo switches back.`
  );
}
