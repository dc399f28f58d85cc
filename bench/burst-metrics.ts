/**
 * What bench/burst.ts reads of the app: which guard answered each 503 (from its log lines), and its
 * /metrics around the burst (the event loop's delay, the waits for a database connection and in the
 * write queue). An app without those metrics (an older checkout) gives null for them.
 */

/** The guard a log line says answered 503, or undefined for any other line. */
export function guardOf(line: string): string | undefined {
  let entry: { msg?: string; type?: string; reason?: string };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return undefined;
  }
  if (entry.msg === 'overloaded: answered 503') return entry.type === 'eventLoopDelay' ? 'event loop' : (entry.type ?? 'overload');
  if (entry.msg === 'write queue: answered 503') return `write queue ${entry.reason ?? ''}`.trim();
  if (entry.msg !== 'database overloaded: answered 503') return undefined;
  const reason = entry.reason ?? '';
  if (/too many calls waiting/i.test(reason)) return 'pool queue full';
  if (/timeout exceeded when trying to connect/i.test(reason)) return 'pool wait';
  if (/statement timeout/i.test(reason)) return 'statement timeout';
  if (/locked|busy/i.test(reason)) return 'SQLite busy';
  return `database: ${reason.slice(0, 40)}`;
}

/** A histogram's waits over the burst, in ms: the mean, and the upper bound of the bucket holding the 99th percentile. */
export interface Waits {
  count: number;
  mean: string;
  p99: string;
}

export interface Scraped {
  values: Map<string, number>;
  loopP99Ms: string;
  loopMaxMs: string;
  connection: Waits;
  queue: Waits | null;
}

const ms = (seconds: number | undefined) => (seconds === undefined ? '–' : (seconds * 1000).toFixed(seconds < 0.01 ? 1 : 0));

/** The samples of one histogram added since `before` (or all of them). */
function waits(now: Map<string, number>, before: Map<string, number> | undefined, name: string): Waits | null {
  const since = (key: string) => (now.get(key) ?? 0) - (before?.get(key) ?? 0);
  if (!now.has(`${name}_count`)) return null;
  const count = since(`${name}_count`);
  if (count === 0) return { count, mean: '0', p99: '0' };
  const bounds = [...now.keys()]
    .map((key) => new RegExp(`^${name}_bucket\\{le="([^"]+)"\\}$`).exec(key))
    .filter((m) => m !== null)
    .map((m) => ({ le: m[1]!, n: since(m[0]) }));
  const p99 = bounds.find((b) => b.n >= 0.99 * count)?.le ?? '+Inf';
  return { count, mean: ms(since(`${name}_sum`) / count), p99: p99 === '+Inf' ? '> max' : `≤ ${ms(Number(p99))}` };
}

/** The app's /metrics (undefined without them), and with `before` what changed since that scrape. */
export async function readMetrics(base: string, token: string, before?: Scraped): Promise<Scraped | undefined> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) return undefined;
  const values = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line.startsWith('#') || line === '') continue;
    const space = line.lastIndexOf(' ');
    values.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return {
    values,
    loopP99Ms: ms(values.get('inkwell_event_loop_delay_p99_seconds')),
    loopMaxMs: ms(values.get('inkwell_event_loop_delay_max_seconds')),
    connection: waits(values, before?.values, 'inkwell_db_connection_wait_seconds') ?? { count: 0, mean: '–', p99: '–' },
    queue: waits(values, before?.values, 'inkwell_write_queue_wait_seconds'),
  };
}
