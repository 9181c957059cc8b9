/**
 * The page's side of snapping marks to the photo: a worker (src/ui/photo-snap-worker.ts) holds the
 * photo and refines each mark; this asks and waits. Any failure (no worker in this browser, the
 * worker stopped) comes back as a mark kept as tapped, with the reason.
 */
import { patchHalfPx, type SnapRequest, type SnapResult, TAP_SIGMA_PX } from '../photo/snap';
import type { SnapMessage, SnapReply } from './photo-snap-worker';

export class Snapper {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly waiting = new Map<number, (r: SnapResult) => void>();
  private photoId = '';
  private started = false;

  /** the photo marks are refined on (sent to the worker; it decodes it on the first snap) */
  setPhoto(id: string, blob: Blob) {
    this.photoId = id;
    this.start()?.postMessage({ kind: 'photo', id, blob } satisfies SnapMessage);
  }

  private start(): Worker | null {
    if (this.started) return this.worker;
    this.started = true;
    try {
      const w = new Worker(new URL('./photo-snap-worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (ev: MessageEvent<SnapReply>) => this.take(ev.data);
      w.onerror = () => this.stop('the refining worker stopped');
      this.worker = w;
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  private stop(why: string) {
    this.worker?.terminate();
    this.worker = null;
    for (const [seq] of this.waiting) this.take({ seq, error: why });
  }

  private take(r: SnapReply) {
    const done = this.waiting.get(r.seq);
    if (!done) return;
    this.waiting.delete(r.seq);
    done(
      'result' in r
        ? r.result
        : { refined: false, px: this.asked.get(r.seq)!, sigmaPx: TAP_SIGMA_PX, why: r.error },
    );
    this.asked.delete(r.seq);
  }
  private readonly asked = new Map<number, [number, number]>();

  /** Refine a mark on the photo; never rejects (a mark not refined says why). */
  snap(req: SnapRequest): Promise<SnapResult> {
    const w = this.start();
    if (!w || !this.photoId)
      return Promise.resolve({
        refined: false,
        px: req.tap,
        sigmaPx: TAP_SIGMA_PX,
        why: 'refining is not available in this browser',
      });
    const seq = ++this.seq;
    const half = patchHalfPx(req);
    this.asked.set(seq, req.tap);
    return new Promise((resolve) => {
      this.waiting.set(seq, resolve);
      w.postMessage({ kind: 'snap', seq, id: this.photoId, req, half } satisfies SnapMessage);
    });
  }
}
