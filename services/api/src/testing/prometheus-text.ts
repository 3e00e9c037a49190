/** Reading samples out of the Prometheus text format, for tests of the metrics. */

/** The value of the sample with exactly these labels, or null when there is none. */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const wanted = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-zA-Z_]+=")/).filter(Boolean).sort().join(',');
    if (present === wanted) return Number(match[3]);
  }
  return null;
}
