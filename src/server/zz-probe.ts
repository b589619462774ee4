// Starts the server like start.ts does, waits, prints where resident memory goes.
import v8flags from 'node:v8'; if (process.env.SEMI) v8flags.setFlagsFromString('--max-semi-space-size=' + process.env.SEMI);
if (process.env.NOMAPS) process.setSourceMapsEnabled(false); console.log('sourceMapsEnabled', process.sourceMapsEnabled);
import fs from 'node:fs';
import v8 from 'node:v8';
import { loadConfig } from './config.ts';
const MB = (b: number) => (b / 1048576).toFixed(1);
const config = loadConfig();
const { startServer } = await import('./main.ts');
await startServer(config);
await new Promise((r) => setTimeout(r, 4000));
const mu = process.memoryUsage();
const hs = v8.getHeapStatistics();
console.log('memoryUsage MiB', Object.fromEntries(Object.entries(mu).map(([k, v]) => [k, MB(v)])));
console.log('heap: used', MB(hs.used_heap_size), 'total', MB(hs.total_heap_size), 'physical', MB(hs.total_physical_size), 'malloced', MB(hs.malloced_memory), 'external', MB(hs.external_memory));
for (const s of v8.getHeapSpaceStatistics()) console.log('  ', s.space_name, MB(s.space_size), 'used', MB(s.space_used_size), 'phys', MB(s.physical_space_size));
console.log(fs.readFileSync('/proc/self/smaps_rollup', 'utf8').split('\n').filter((l) => /Rss|Anonymous|Pss_File|Private/.test(l)).join('\n'));
// Biggest mappings by Rss
const smaps = fs.readFileSync('/proc/self/smaps', 'utf8').split('\n');
const maps: { head: string; rss: number }[] = [];
let cur: { head: string; rss: number } | null = null;
for (const line of smaps) {
  if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) { cur = { head: line, rss: 0 }; maps.push(cur); }
  else if (line.startsWith('Rss:') && cur) cur.rss = Number(/(\d+)/.exec(line)![1]) * 1024;
}
for (const m of maps.sort((a, b) => b.rss - a.rss).slice(0, 12)) {
  const [range] = m.head.split(' ');
  const [a, b] = range!.split('-').map((x) => parseInt(x, 16));
  console.log(MB(m.rss).padStart(7), 'of', MB(b! - a!).padStart(8), m.head.split(/\s+/).slice(5).join(' ') || '[anon]');
}
for (const m of maps.filter((m) => { const [a, b] = m.head.split(' ')[0]!.split('-').map((x) => parseInt(x, 16)); return b! - a! > 2 ** 30; })) console.log('big', m.head, MB(m.rss));
const byKind: Record<string, number> = {};
for (const m of maps) { const k = m.head.split(/\s+/).slice(5).join(' ') || '[anon]'; byKind[k] = (byKind[k] ?? 0) + m.rss; }
console.log(Object.entries(byKind).sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${MB(v)} ${k}`).join('\n'));
const mods = Object.keys((globalThis as any).require?.cache ?? {}).length;
console.log('loaded modules (cjs):', mods);
if (process.env.SNAP) { const f = v8.writeHeapSnapshot(process.env.SNAP); console.log('snapshot', f); }
process.exit(0);
