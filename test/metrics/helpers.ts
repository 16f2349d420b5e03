// Reading a Prometheus text answer in the metrics tests (issue 27): one series' value by name and labels.

/** The value of one series whose labels are exactly `labels` (the part's default labels included);
 * undefined: absent. */
export function seriesValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (want.every(([k, v]) => got[k] === v) && Object.keys(got).length === want.length) return m[3] === '+Inf' ? Infinity : Number(m[3]);
  }
  return undefined;
}

/** Whether the text names a metric (its HELP line). */
export const hasMetric = (text: string, name: string): boolean => text.includes(`# HELP ${name} `);
