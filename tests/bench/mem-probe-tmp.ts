import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
(await import('node:v8')).setFlagsFromString(process.env.RUNTIME_FLAGS ?? '');
const { startServer } = await import('#server/main.ts');
import { PGlite } from '@electric-sql/pglite';
const create = PGlite.create.bind(PGlite);
let client: any;
(PGlite as any).create = async (...a: any[]) => (client = await (create as any)(...a));
await startServer();
setTimeout(() => {
  globalThis.gc?.();
  for (const sp of (require('node:v8') as any).getHeapSpaceStatistics()) process.stdout.write(`PROBE ${sp.space_name} ${(sp.space_used_size/1e6).toFixed(1)}/${(sp.space_size/1e6).toFixed(1)}\n`);
  const m = process.memoryUsage();
  const f = (n: number) => (n / 1e6).toFixed(0);
  process.stdout.write(`PROBE rss ${f(m.rss)} heapTotal ${f(m.heapTotal)} heapUsed ${f(m.heapUsed)} external ${f(m.external)} arrayBuffers ${f(m.arrayBuffers)} wasm ${f(client.mod.HEAPU8.length)}\n`);
}, 3000);
