// The load generator of the pages benchmark, in a process of its own so that its work does not share the
// bench's event loop: CONNECTIONS clients at once, each asking for the next page as soon as the last one
// arrived (closed loop), for SECONDS after a second of warm-up. Every answer is read to its end. Prints one
// JSON line: pages per second, p50/p99 of the whole answer's time, statuses and page-cache hits.
// Usage (by run.ts): tsx test/bench/pages/load.ts '<json: url, host, headers, seconds, connections>'
import { Agent, request } from 'undici';

interface Job {
  url: string;
  host: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
}

const job = JSON.parse(process.argv[2]) as Job;
const agent = new Agent({ connections: job.connections, pipelining: 1 });
const times: number[] = [];
const statuses: Record<string, number> = {};
let hits = 0;
let errors = 0;
const warmEnd = performance.now() + 1000;
const end = warmEnd + job.seconds * 1000;

await Promise.all(
  Array.from({ length: job.connections }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const res = await request(job.url, { dispatcher: agent, headers: { host: job.host, 'accept-encoding': 'br, gzip', ...job.headers } });
        for await (const _ of res.body) { /* read to the end, as a browser does */ }
        const t1 = performance.now();
        if (t0 < warmEnd) continue;
        if (t1 > end) break;
        times.push(t1 - t0);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.headers['x-page-cache'] === 'hit') hits++;
      } catch {
        errors++;
      }
    }
  }),
);
await agent.close();
times.sort((a, b) => a - b);
const pct = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : NaN);
process.stdout.write(`${JSON.stringify({ pagesPerSec: times.length / job.seconds, p50: pct(50), p99: pct(99), statuses, hits, errors })}\n`);
