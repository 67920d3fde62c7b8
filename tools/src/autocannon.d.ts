declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (request: Request) => Request };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    pipelining?: number;
    method?: string;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    requests?: Request[];
  };
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number };
  export type Result = { requests: Histogram & { total: number }; latency: Histogram; errors: number; non2xx: number; timeouts: number };
  export default function autocannon(opts: Options): Promise<Result>;
}
