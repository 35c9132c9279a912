// autocannon ships no types; the little of its result the benches read.
declare module 'autocannon' {
  type Stats = { average: number; p99: number };
  type Result = { requests: Stats; latency: Stats; non2xx: number };
  export default function autocannon(options: { url: string; connections: number; duration: number; headers?: Record<string, string> }): Promise<Result>;
}
