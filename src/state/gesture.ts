/**
 * How far (CSS px) a press must travel before it becomes a drag: below it, a press is a tap that
 * selects and moves nothing. A finger trembles more than a mouse. The canvas (render/interaction.ts)
 * and the class editor's handles (ui/class-editor.ts) both keep to it.
 */
export const DRAG_THRESHOLD_PX = { mouse: 4, touch: 12 } as const;

/**
 * How long (ms) a finger must rest on a piece before it moves it while a pair is chosen: a
 * one-finger drag then pans, so a ruling cannot be spoilt by a finger that meant to pan.
 */
export const HOLD_MS = 350;

/**
 * How near (CSS px) a press must land to the selected piece's turn handle to turn it; a press on
 * another piece is that piece's, wherever the handle lies (render/interaction.ts).
 */
export const HANDLE_REACH_PX = { mouse: 11, touch: 22 } as const;

/**
 * How near (CSS px) to a tap another hull zone of the ship tapped may lie and still be the one meant: a
 * fingertip's contact is some 8-10 mm across, about 50 CSS px on a phone; a mouse pointer lands where it
 * is aimed, so only a click within a few px of a zone's edge is in doubt (render/interaction.ts).
 */
export const TAP_ZONE_REACH_PX = { mouse: 6, touch: 24 } as const;
