/**
 * `npm run bench`: every benchmark in turn, each in its own process, all of them even when one misses its goal
 * (a missed goal exits 1); then the list of those that failed, and exit 1 if any did.
 */
import { spawnSync } from 'node:child_process';

const STEPS: readonly (readonly string[])[] = [
  ['tsx', 'tests/bench/api.bench.ts'],
  ['tsx', 'tests/bench/reads.bench.ts'],
  ['tsx', 'tests/bench/replay.bench.ts'],
  ['tsx', 'tests/bench/upload.bench.ts'],
  ['tsx', 'tests/bench/payments.bench.ts'],
  ['tsx', 'tests/bench/privacy-export.bench.ts'],
  ['tsx', 'tests/bench/start-memory.bench.ts'],
  ['npm', 'run', 'build'],
  ['tsx', 'tests/bench/bundle-size.ts'],
  ['tsx', 'tests/bench/lighthouse.bench.ts'],
  ['tsx', 'tests/bench/offline-start.bench.ts'],
  ['tsx', 'tests/bench/reconnect.bench.ts'],
  ['tsx', 'tests/bench/dicom-deidentify.bench.ts'],
];

const failed: string[] = [];
for (const [command, ...args] of STEPS) {
  const step = [command, ...args].join(' ');
  process.stdout.write(`\n==> ${step}\n`);
  const { status } = spawnSync(command!, args, { stdio: 'inherit' });
  if (status !== 0) {
    failed.push(`${step} (exit ${status})`);
    // Without a build, the browser benches after it would measure nothing.
    if (command === 'npm') break;
  }
}
process.stdout.write(failed.length === 0 ? '\nEvery benchmark met its goals.\n' : `\nMissed goals or failed:\n${failed.map((step) => `- ${step}`).join('\n')}\n`);
process.exitCode = failed.length === 0 ? 0 : 1;
