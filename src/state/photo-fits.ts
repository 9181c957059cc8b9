import { photoFitCheckSteps, type Table } from '../model/table';

/**
 * A table's photo fitted between frames: the app opens a table (a link, a file, an entry of Tables,
 * the one it starts with) with its photo's structure checked, then runs the fit a piece at a time,
 * giving the page back every SLICE_MS, so a photo of 200 pieces with 200 marks each never makes one
 * long task. The fits are kept (src/model/photo.ts): what the photo view, the report and the dispute
 * card then ask is answered from them. Rejects with the TableError naming the field the fit failed on.
 */
export const SLICE_MS = 25;

export async function fitPhotoInSlices(table: Table, sliceMs = SLICE_MS): Promise<void> {
  if (!table.photo) return;
  let t0 = performance.now();
  for (const _step of photoFitCheckSteps(table)) {
    if (performance.now() - t0 > sliceMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      t0 = performance.now();
    }
  }
}
