/**
 * Whether a dialog (Tables, Clear's question) is open: while one is, the keyboard is the dialog's. Escape
 * closes it without letting go of the chosen attack, and the table's keys (Q/E, the arrows, Delete, undo, a
 * maneuver's keys) wait rather than change the table behind it.
 */
export function dialogOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}
