/**
 * The photo of the real table drawn under the pieces, rectified: a fine mesh over the image whose
 * vertices sit where the calibration maps them on the table (table mm; draw() gives the container
 * the frame's view), so the photo lies perspective-correct at every zoom (64 x 48 cells: within a
 * fraction of a screen pixel of the exact projective map at any zoom the app allows).
 */
import { Container, Matrix, MeshSimple, Texture } from 'pixi.js';
import type { Frame, SceneLayer } from './scene';

const CELLS_X = 64;
const CELLS_Y = 48;
/** vertices mapped farther than this from the table (mm) lie beyond the photo's horizon: left out */
const FAR_MM = 6000;

export class PhotoLayer implements SceneLayer {
  /** in table mm: the frame's view maps it to the canvas (plugged in the scene's 'on-table' slot) */
  readonly container = new Container();
  private mesh: MeshSimple | null = null;
  private texture: Texture | null = null;
  private key = '';

  draw({ view: v }: Frame) {
    this.container.setFromMatrix(
      v.turn
        ? new Matrix(0, v.scale, v.scale, 0, v.ox, v.oy)
        : new Matrix(v.scale, 0, 0, -v.scale, v.ox, v.oy),
    );
  }

  /**
   * Show `image` (size: the photo's full-resolution width and height) mapped by H (3x3, pixels to
   * table mm, row-major), or nothing when image or H is null.
   */
  set(
    image: ImageBitmap | null,
    size: [number, number] | null,
    H: number[][] | null,
    opacity: number,
    visible: boolean,
  ) {
    const key = image && H && size ? `${size}:${H.flat().join(',')}` : '';
    if (key !== this.key) {
      this.key = key;
      this.mesh?.destroy();
      this.mesh = null;
      if (image && H && size) {
        if (!this.texture || this.texture.source.resource !== image) {
          this.texture?.destroy(false);
          this.texture = Texture.from(image);
        }
        this.mesh = this.build(this.texture, size, H);
        if (this.mesh) this.container.addChild(this.mesh);
      }
    }
    if (this.mesh) {
      this.mesh.alpha = opacity;
      this.mesh.visible = visible;
    }
  }

  private build(texture: Texture, [W, Hh]: [number, number], H: number[][]): MeshSimple | null {
    const nx = CELLS_X + 1,
      ny = CELLS_Y + 1;
    const vertices = new Float32Array(nx * ny * 2),
      uvs = new Float32Array(nx * ny * 2);
    const ok = new Uint8Array(nx * ny);
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const u = i / CELLS_X,
          v = j / CELLS_Y,
          x = u * W,
          y = v * Hh,
          k = j * nx + i;
        const w = H[2][0] * x + H[2][1] * y + H[2][2];
        const mx = (H[0][0] * x + H[0][1] * y + H[0][2]) / w,
          my = (H[1][0] * x + H[1][1] * y + H[1][2]) / w;
        ok[k] = w > 0 && Math.abs(mx) < FAR_MM && Math.abs(my) < FAR_MM ? 1 : 0;
        vertices[2 * k] = ok[k] ? mx : 0;
        vertices[2 * k + 1] = ok[k] ? my : 0;
        uvs[2 * k] = u;
        uvs[2 * k + 1] = v;
      }
    }
    const idx: number[] = [];
    for (let j = 0; j < CELLS_Y; j++) {
      for (let i = 0; i < CELLS_X; i++) {
        const a = j * nx + i,
          b = a + 1,
          c = a + nx,
          d = c + 1;
        if (ok[a] && ok[b] && ok[c] && ok[d]) idx.push(a, b, c, b, d, c);
      }
    }
    if (!idx.length) return null;
    return new MeshSimple({ texture, vertices, uvs, indices: new Uint32Array(idx) });
  }
}
