import fs from 'node:fs';

const START = /^node((?: --[\w-]+(?:=\S+)?)*) --import tsx src\/server\/start\.ts$/;

/**
 * The Node flags `npm start` gives the server (package.json's start script), so a bench starts the server as
 * production runs it. BENCH_NODE_FLAGS replaces them (an empty value: Node's defaults), to compare before and after.
 */
export function startNodeFlags(): string[] {
  const override = process.env.BENCH_NODE_FLAGS;
  if (override !== undefined) return override.split(' ').filter(Boolean);
  const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const flags = START.exec(scripts.start)?.[1];
  if (flags === undefined) throw new Error(`package.json's start script is not "node [flags] --import tsx src/server/start.ts": ${scripts.start}`);
  return flags.split(' ').filter(Boolean);
}
