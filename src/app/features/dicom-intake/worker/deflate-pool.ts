import type { Deflate } from './entry-data.ts';

type Answer = { id: number; chunks: Uint8Array[] } | { id: number; error: string };

/**
 * Hands each copy to deflate to the least busy of `count` deflate workers (deflate.worker.ts, started on the first
 * copy that needs one: stored studies never start them).
 */
export function deflatePool(count: number, create: () => Worker): Deflate {
  const busy = Array.from({ length: count }, () => 0);
  const waiting = new Map<number, { resolve: (chunks: Uint8Array[]) => void; reject: (error: Error) => void }>();
  let workers: Worker[] = [];
  let next = 0;
  const start = () =>
    Array.from({ length: count }, (_, index) => {
      const worker = create();
      worker.onmessage = ({ data }: MessageEvent<Answer>) => {
        busy[index]! -= 1;
        const answer = waiting.get(data.id)!;
        waiting.delete(data.id);
        if ('error' in data) answer.reject(new Error(data.error));
        else answer.resolve(data.chunks);
      };
      // A worker that fails (out of memory, say) fails what is waiting rather than leaving the intake waiting forever.
      worker.onerror = (event) => {
        for (const answer of waiting.values()) answer.reject(new Error(event.message || 'deflate worker failed'));
        waiting.clear();
        busy.fill(0);
      };
      return worker;
    });
  return (chunks) =>
    new Promise((resolve, reject) => {
      if (workers.length === 0) workers = start();
      const id = next++;
      const index = busy.indexOf(Math.min(...busy));
      busy[index]! += 1;
      waiting.set(id, { resolve, reject });
      workers[index]!.postMessage({ id, chunks });
    });
}
