declare module 'autocannon' {
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string>; pipelining?: number };
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number };
  export type Result = { requests: Histogram & { total: number }; latency: Histogram; errors: number; non2xx: number; timeouts: number };
  export default function autocannon(opts: Options): Promise<Result>;
}
