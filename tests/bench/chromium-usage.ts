/**
 * What this process's Chromium uses while a bench runs (Linux /proc): CPU seconds per process kind and per thread
 * (which thread of the renderer or browser did the work), and peak resident memory. Other Chromiums on the shared
 * machine are not counted: only our descendants.
 */
import fs from 'node:fs';

const CLOCK_TICKS = 100;

export type ChromiumKind = 'renderer' | 'browser' | 'other';

const kindOf = (command: string): ChromiumKind => (command.includes('--type=renderer') ? 'renderer' : command.includes('--type=') ? 'other' : 'browser');

/** This process's Chromium descendants, with their kind (browser process, renderers, the rest: network, storage, GPU utilities). */
export function ourChromium(): { pid: number; kind: ChromiumKind }[] {
  const parents = new Map<number, number>();
  for (const name of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const ours = (pid: number): boolean => pid === process.pid || (pid > 1 && parents.has(pid) && ours(parents.get(pid)!));
  return [...parents.keys()].flatMap((pid) => {
    try {
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return ours(pid) && command.includes('chromium') ? [{ pid, kind: kindOf(command) }] : [];
    } catch {
      return [];
    }
  });
}

/** CPU seconds (user + system) of a /proc stat line. */
const statSeconds = (stat: string) => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
};
const threadName = (stat: string) => stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));

/** CPU seconds so far per `kind:thread name` (threads of one name added up), and per kind. */
export function cpuSnapshot(processes: { pid: number; kind: ChromiumKind }[]): Map<string, number> {
  const seconds = new Map<string, number>();
  const add = (key: string, value: number) => seconds.set(key, (seconds.get(key) ?? 0) + value);
  for (const { pid, kind } of processes) {
    let tasks: string[];
    try {
      tasks = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        add(`${kind}:${threadName(stat)}`, statSeconds(stat));
        add(kind, statSeconds(stat));
      } catch {
        // A thread that ended meanwhile: its time is lost to both snapshots' difference.
      }
    }
  }
  return seconds;
}

/** After minus before, per key. */
export const cpuSince = (before: Map<string, number>, after: Map<string, number>) =>
  new Map([...after].map(([key, value]) => [key, value - (before.get(key) ?? 0)] as const));

const statusKiB = (pid: number, field: 'VmHWM' | 'VmRSS') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** Resets the processes' peak RSS; returns the largest RSS at the reset and a reader of the highest peak since (MB). */
export function watchPeak(pids: number[]) {
  for (const pid of pids) fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = Math.max(...pids.map((pid) => statusKiB(pid, 'VmRSS'))) / 1024;
  return { before, peak: () => Math.max(...pids.map((pid) => statusKiB(pid, 'VmHWM'))) / 1024 };
}

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
}

/**
 * Self time per JavaScript function and thread from a Chromium trace recorded with the
 * `disabled-by-default-v8.cpu_profiler` category (page and workers alike): the top `count` as text lines.
 */
export function profileSummary(trace: { traceEvents: TraceEvent[] }, count = 40): string[] {
  const frames = new Map<string, ProfileNode['callFrame']>();
  const self = new Map<string, Map<string, number>>();
  for (const event of trace.traceEvents) {
    if (event.name !== 'ProfileChunk') continue;
    const data = event.args?.data;
    const profile = `${event.pid}:${event.id}`;
    for (const node of data?.cpuProfile?.nodes ?? []) frames.set(`${profile}:${node.id}`, node.callFrame);
    const times = self.get(profile) ?? new Map<string, number>();
    self.set(profile, times);
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      const frame = frames.get(`${profile}:${node}`);
      const where = frame ? `${frame.functionName || '(anonymous)'} ${(frame.url ?? '').split('/').pop()}:${frame.lineNumber ?? ''}` : '?';
      times.set(where, (times.get(where) ?? 0) + (deltas[index] ?? 0) / 1000);
    });
  }
  // A profile is one thread's isolate (the page, the intake worker, a codec worker): named by its busiest script.
  const lines: [string, number][] = [];
  for (const [profile, times] of self) {
    const scripts = new Map<string, number>();
    for (const [where, ms] of times) if (/\.js:/.test(where)) scripts.set(where.split(' ').pop()!.split(':')[0]!, (scripts.get(where.split(' ').pop()!.split(':')[0]!) ?? 0) + ms);
    const name = `${profile} ${[...scripts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ''}`;
    for (const [where, ms] of times) lines.push([`${name} | ${where}`, ms]);
  }
  return lines
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`);
}
