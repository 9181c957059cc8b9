/// <reference lib="webworker" />
import { KEPT_TAP_SIGMA_PX, patchRect, snapMark, type SnapRequest, type SnapResult } from '../photo/snap';

/*
 * Snapping off the main thread: the worker decodes the photo itself (once, on the first snap, upright
 * as the camera recorded it), and for each mark reads only the patch round the tap into grey levels
 * and refines the mark there (src/photo/snap.ts). A large photo's decode and every fit run here, so
 * the page never waits on them.
 */
export type SnapMessage =
  | { kind: 'photo'; id: string; blob: Blob }
  | { kind: 'snap'; seq: number; id: string; req: SnapRequest; half: number };
export type SnapReply = { seq: number; result: SnapResult } | { seq: number; error: string };

let photo: { id: string; blob: Blob; bitmap?: Promise<ImageBitmap> } | null = null;

/** the grey levels (Rec. 601 luma) of the patch of half-side `half` round a point */
async function patch(at: [number, number], half: number) {
  const bmp = await (photo!.bitmap ??= createImageBitmap(photo!.blob, { imageOrientation: 'from-image' }));
  const r = patchRect(at, half, bmp.width, bmp.height);
  if (!r) return null;
  const { x0, y0, w, h } = r;
  const canvas = new OffscreenCanvas(w, h);
  const g = canvas.getContext('2d', { willReadFrequently: true })!;
  g.drawImage(bmp, x0, y0, w, h, 0, 0, w, h);
  const rgba = g.getImageData(0, 0, w, h).data;
  const data = new Float32Array(w * h);
  for (let p = 0; p < data.length; p++)
    data[p] = 0.299 * rgba[4 * p] + 0.587 * rgba[4 * p + 1] + 0.114 * rgba[4 * p + 2];
  return { data, width: w, height: h, x0, y0 };
}

self.onmessage = async (ev: MessageEvent<SnapMessage>) => {
  const m = ev.data;
  const post = (r: SnapReply) => (self as unknown as Worker).postMessage(r);
  if (m.kind === 'photo') {
    void photo?.bitmap?.then((b) => b.close()).catch(() => {});
    photo = { id: m.id, blob: m.blob };
    return;
  }
  try {
    if (!photo || photo.id !== m.id) throw new Error('the photo is not loaded for refining');
    const img = await patch(m.req.tap, m.half);
    if (!img) {
      post({
        seq: m.seq,
        result: {
          refined: false,
          px: m.req.tap,
          sigmaPx: KEPT_TAP_SIGMA_PX,
          why: 'the tap is off the photo',
        },
      });
      return;
    }
    post({ seq: m.seq, result: snapMark(img, m.req) });
  } catch (e) {
    post({ seq: m.seq, error: (e as Error).message || String(e) });
  }
};
