/** The picture's colours live with the overlays model that names them (src/state/colours.ts). */
export * from '../state/colours';
