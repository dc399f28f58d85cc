/** Upper bounds (seconds) of the waits' histograms: for a database connection, for a turn in the write queue. */
export const WAIT_BUCKETS: readonly number[] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A Prometheus histogram's numbers (metrics/metrics.ts writes them out): how many values were at or
 * below each upper bound, their sum and their count, since the process started.
 */
export class Histogram {
  readonly bounds: readonly number[];
  readonly buckets: number[];
  sum = 0;
  count = 0;

  constructor(bounds: readonly number[]) {
    this.bounds = bounds;
    this.buckets = bounds.map(() => 0);
  }

  observe(value: number): void {
    for (let i = 0; i < this.bounds.length; i += 1) if (value <= this.bounds[i]!) this.buckets[i]! += 1;
    this.sum += value;
    this.count += 1;
  }
}
