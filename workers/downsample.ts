// piscina task: thins a chart series out to about as many points as the chart has pixels to draw them
// (largest-triangle-three-buckets: keeps peaks and troughs that plain every-nth sampling would lose).
// Pure; points in and out are plain objects, ascending by t.

export interface ChartPoint {
  t: number;
  centAmount: number;
}

export interface DownsampleTask {
  points: ChartPoint[];
  /** at most this many points come back (first and last are always kept) */
  target: number;
}

export function downsample({ points, target }: DownsampleTask): ChartPoint[] {
  const n = points.length;
  if (target >= n || target < 3) return points.slice();
  const out: ChartPoint[] = [points[0]];
  const bucket = (n - 2) / (target - 2);
  let a = 0;
  for (let i = 0; i < target - 2; i++) {
    // average of the next bucket: the third corner of the triangle
    const nextStart = Math.floor((i + 1) * bucket) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * bucket) + 1, n);
    let avgT = 0;
    let avgV = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      avgT += points[j].t;
      avgV += points[j].centAmount;
    }
    const count = Math.max(1, nextEnd - nextStart);
    avgT /= count;
    avgV /= count;
    const start = Math.floor(i * bucket) + 1;
    const end = Math.floor((i + 1) * bucket) + 1;
    const pa = points[a];
    let best = start;
    let bestArea = -1;
    for (let j = start; j < end; j++) {
      const area = Math.abs((pa.t - avgT) * (points[j].centAmount - pa.centAmount) - (pa.t - points[j].t) * (avgV - pa.centAmount));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
    }
    out.push(points[best]);
    a = best;
  }
  out.push(points[n - 1]);
  return out;
}

export default downsample;
