// Request/answer over a child process's IPC channel, for the fan-out benchmark's processes.
import type { ChildProcess } from 'node:child_process';

export interface Request {
  id: number;
  cmd: string;
  [k: string]: unknown;
}

/** The parent's side: call(child, cmd, args) resolves with the child's answer. */
export function caller(child: ChildProcess) {
  let next = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  child.on('message', (m: { id: number; ok: boolean; value?: unknown; error?: string }) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.ok) w.resolve(m.value);
    else w.reject(new Error(m.error));
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`child exited with ${code}`));
    waiting.clear();
  });
  return function call<T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, cmd, ...args });
    });
  };
}

/** The child's side: answers each request with the handler's result. */
export function serve(handlers: Record<string, (req: Request) => Promise<unknown> | unknown>) {
  process.on('message', async (req: Request) => {
    try {
      const handler = handlers[req.cmd];
      if (!handler) throw new Error(`unknown command ${req.cmd}`);
      const value = await handler(req);
      process.send?.({ id: req.id, ok: true, value });
    } catch (err) {
      process.send?.({ id: req.id, ok: false, error: (err as Error).stack ?? String(err) });
    }
  });
}

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes on one machine. */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}
