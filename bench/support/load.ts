import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds?: number;
}

/** Runs autocannon against one URL; the load generator runs in a worker thread. */
export async function measure(label: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 32,
    duration: options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 8),
    workers: 1,
  });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** A short unmeasured run so JIT and pools are warm before the measured one. */
export async function warmUp(options: LoadOptions): Promise<void> {
  await autocannon({ ...options, method: options.method ?? 'GET', connections: 8, duration: 2, workers: 1 });
}

export function printComparison(title: string, service: LoadResult, reference: LoadResult, target?: number): void {
  const ratio = service.requestsPerSecond / reference.requestsPerSecond;
  const row = (r: LoadResult) =>
    `  ${r.label.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50Ms).padStart(4)} ms   p99 ${String(r.p99Ms).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
  console.log(`\n${title}`);
  console.log(row(reference));
  console.log(row(service));
  console.log(
    `  ratio (service / reference): ${ratio.toFixed(2)}${target ? `   target >= ${target} ${ratio >= target ? 'MET' : 'NOT MET'}` : ''}`,
  );
}

export interface Latency {
  p50: number;
  p99: number;
  mean: number;
}

/** p50, p99 and mean of a run's durations (ms). */
export function latencyOf(durations: number[]): Latency {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}
