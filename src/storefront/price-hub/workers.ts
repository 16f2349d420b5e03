// The hub's piscina threads: store payloads (workers/price-payload.ts) and chart down-sampling
// (workers/downsample.ts). Threads start with the hub (warmUp), not with the app object: an app that is
// built and never started must not hold worker threads.
import { Piscina } from 'piscina';
import type { PayloadTask, StorePayload } from '../../../workers/price-payload.ts';
import type { ChartPoint, DownsampleTask } from '../../../workers/downsample.ts';

const payloadWorker = new URL('../../../workers/price-payload.ts', import.meta.url).href;
const downsampleWorker = new URL('../../../workers/downsample.ts', import.meta.url).href;

export interface HubWorkers {
  /** starts the threads and loads both task modules in them */
  warmUp(): void;
  buildPayload(task: PayloadTask): Promise<StorePayload>;
  downsample(task: DownsampleTask): Promise<ChartPoint[]>;
  close(): Promise<void>;
}

export function createHubWorkers(threads: number): HubWorkers {
  let pool: Piscina | null = null;
  // A fixed number of threads: a recalculation every 180 s would otherwise find them retired by the idle
  // timeout and pay their start-up (hundreds of ms under tsx) right when browsers wait for prices.
  // execArgv []: the worker modules are plain .ts that Node 24 strips natively; inheriting the parent's
  // `--import tsx` made every thread load and run the tsx compiler first (seconds on a cold cache).
  const workers = () => (pool ??= new Piscina({ filename: payloadWorker, minThreads: threads, maxThreads: threads, execArgv: [] }));
  return {
    warmUp() {
      void workers().run({ points: [], target: 3 } satisfies DownsampleTask, { filename: downsampleWorker }).catch(() => {});
      void workers().run(null).catch(() => {});
    },
    buildPayload: (task) => workers().run(task) as Promise<StorePayload>,
    downsample: (task) => workers().run(task, { filename: downsampleWorker }) as Promise<ChartPoint[]>,
    async close() {
      await pool?.destroy();
    },
  };
}
