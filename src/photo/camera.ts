/**
 * A pinhole camera over the table plane, for tests and the synthetic photo script: what a
 * phone held above the table sees. World: table millimetres, z up from the table's surface.
 * Image: pixels, x right, y down.
 */
import type { Point } from '../geometry/point';

type V3 = [number, number, number];
const cross = (a: V3, b: V3): V3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: V3): V3 => {
  const l = Math.hypot(...a);
  return [a[0] / l, a[1] / l, a[2] / l];
};
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

export interface CameraSpec {
  /** the table point the camera looks at (mm) */
  target: Point;
  /** from the camera to the target, mm */
  distance: number;
  /** degrees from straight down */
  tiltDeg: number;
  /** which way the camera leans (degrees counter-clockwise from +x) */
  tiltTowardDeg: number;
  /** which table direction points up in the photo (degrees counter-clockwise from +x) */
  upDeg: number;
  width: number;
  height: number;
  focalPx: number;
}

export class PinholeCamera {
  readonly centre: V3;
  readonly right: V3;
  readonly down: V3;
  readonly forward: V3;

  constructor(readonly spec: CameraSpec) {
    const t = (spec.tiltDeg * Math.PI) / 180,
      a = (spec.tiltTowardDeg * Math.PI) / 180,
      u = (spec.upDeg * Math.PI) / 180;
    // leaning toward a means looking away from it: the camera stands back on the side of a
    this.forward = unit([-Math.sin(t) * Math.cos(a), -Math.sin(t) * Math.sin(a), -Math.cos(t)]);
    this.centre = [
      spec.target.x - spec.distance * this.forward[0],
      spec.target.y - spec.distance * this.forward[1],
      -spec.distance * this.forward[2],
    ];
    this.right = unit(cross(this.forward, [Math.cos(u), Math.sin(u), 0]));
    this.down = cross(this.forward, this.right);
  }

  /** Where a point at height z (mm) above the table appears; null behind the camera. */
  project(p: Point, z = 0): Point | null {
    const d: V3 = [p.x - this.centre[0], p.y - this.centre[1], z - this.centre[2]];
    const zc = dot(d, this.forward);
    if (!(zc > 1e-6)) return null;
    const { focalPx: f, width, height } = this.spec;
    return { x: width / 2 + (f * dot(d, this.right)) / zc, y: height / 2 + (f * dot(d, this.down)) / zc };
  }

  /** The table point (z = 0) seen at a pixel; null when that ray never meets the table. */
  unproject(px: Point): Point | null {
    const { focalPx: f, width, height } = this.spec;
    const a = (px.x - width / 2) / f,
      b = (px.y - height / 2) / f;
    const ray: V3 = [0, 1, 2].map((i) => this.forward[i] + a * this.right[i] + b * this.down[i]) as V3;
    if (!(ray[2] < 0)) return null;
    const s = -this.centre[2] / ray[2];
    return { x: this.centre[0] + s * ray[0], y: this.centre[1] + s * ray[1] };
  }
}

/**
 * A camera that frames `pts` (table mm) inside `fill` of a width x height image: the spec's
 * focal length is scaled until the farthest point from the image centre just fits.
 */
export function framingCamera(
  spec: Omit<CameraSpec, 'focalPx'>,
  pts: readonly Point[],
  fill = 0.9,
): PinholeCamera {
  const unitCam = new PinholeCamera({ ...spec, focalPx: 1 });
  let reach = 0;
  for (const p of pts) {
    const q = unitCam.project(p);
    if (!q) throw new Error('a point lies behind the camera');
    reach = Math.max(
      reach,
      Math.abs(q.x - spec.width / 2) / (spec.width / 2),
      Math.abs(q.y - spec.height / 2) / (spec.height / 2),
    );
  }
  return new PinholeCamera({ ...spec, focalPx: fill / reach });
}
