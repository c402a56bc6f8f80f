/** Milliseconds on the monotonic clock, for the benchmarks. */
export const now = () => Number(process.hrtime.bigint()) / 1e6;

/** The p-th percentile (0..1) of some timings, by the nearest-rank method. */
export const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
};
