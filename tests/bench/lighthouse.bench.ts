/**
 * Lighthouse 12 (default config: the mobile preset, simulated slow 4G and 4× CPU) on `/`, `/login` and the
 * public site's `/about`, `/services`, `/service-info/dosi-clin` (issue 18) and `/plans` (issue 35),
 * served by the real server (a temporary data directory) from the built client in dist/.
 * Prints the median of LIGHTHOUSE_RUNS runs (default 3) with the spread, and the audits that
 * cost points; exits 1 if any single run misses a target (issue 35: a median hid runs 10–15 points lower):
 * performance ≥ 95 with TBT ≤ 200 ms and LCP ≤ 2 s, the other categories 100 (issue 5).
 * LIGHTHOUSE_PAGES=/,/about chooses the pages; LIGHTHOUSE_REPORT_DIR=dir also writes each run's full
 * report (JSON, for the Lighthouse viewer).
 *
 *   npx vite build && npx tsx tests/bench/lighthouse.bench.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { startServer } from '#tests/e2e/support/server.ts';

const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/login', '/about', '/services', '/service-info/dosi-clin', '/plans'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Upper bounds on single runs' metrics, in ms. */
const METRIC_LIMITS = { TBT: 200, LCP: 2000 } as const;
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const MAX_ATTEMPTS = 3;

interface Run {
  scores: Record<Category, number>;
  metrics: Record<(typeof METRICS)[number][0], number>;
  /** Audits that cost points: "category: audit title". */
  problems: string[];
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function readRun(lhr: Result): Run {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Run['scores'];
  const metrics = Object.fromEntries(METRICS.map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? Number.NaN])) as Run['metrics'];
  const problems: string[] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (ref.weight > 0 || (id === 'performance' && audit.details?.type === 'opportunity')) {
        problems.push(`${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
  }
  return { scores, metrics, problems };
}

/** What one run missed: "performance 91 < 95", "TBT 310 ms > 200 ms". */
function missedTargets(run: Run): string[] {
  const scores = CATEGORIES.filter((id) => run.scores[id] < TARGETS[id]).map((id) => `${id} ${run.scores[id]} < ${TARGETS[id]}`);
  const metrics = Object.entries(METRIC_LIMITS)
    .filter(([name, limit]) => !(run.metrics[name as keyof typeof METRIC_LIMITS] <= limit))
    .map(([name, limit]) => `${name} ${Math.round(run.metrics[name as keyof typeof METRIC_LIMITS])} ms > ${limit} ms`);
  return [...scores, ...metrics];
}

const formatMetric = (name: string, value: number) => (name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`);

function spread(values: number[], format: (value: number) => string) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? format(median(values)) : `${format(median(values))} (${format(low)}–${format(high)})`;
}

function table(results: Map<string, Run[]>): string {
  const head = ['page', ...CATEGORIES, ...METRICS.map(([name]) => name)];
  const rows = [...results].map(([page, runs]) => [
    `\`${page}\``,
    ...CATEGORIES.map((id) => spread(runs.map((run) => run.scores[id]), String)),
    ...METRICS.map(([name]) => spread(runs.map((run) => run.metrics[name]), (value) => formatMetric(name, value))),
  ]);
  return [head, head.map((_, i) => (i === 0 ? '---' : '---:')), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

const reportFile = (page: string, run: number) =>
  path.join(process.env.LIGHTHOUSE_REPORT_DIR ?? '', `${page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${run}.json`);

/** One Lighthouse run; a run that fails to record (NO_NAVSTART, NO_FCP on a busy machine) is repeated, up to MAX_ATTEMPTS. */
async function measure(url: string, port: number, label: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { runtimeError, runWarnings, timing } = result.lhr;
    for (const warning of runWarnings) process.stderr.write(`${label}: ${warning}\n`);
    process.stderr.write(`${label}: ${(timing.total / 1000).toFixed(1)} s${runtimeError ? `, ${runtimeError.code}` : ''}\n`);
    if (!runtimeError || attempt === MAX_ATTEMPTS) return result.lhr;
  }
}

async function main(): Promise<number> {
  const distDir = process.env.DIST_DIR ?? 'dist';
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`${distDir}/index.html not found: build the client first (npx vite build).`);
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
  const server = await startServer();
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results = new Map<string, Run[]>();
  try {
    for (const page of PAGES) {
      const pageRuns: Run[] = [];
      for (let i = 1; i <= runs; i++) {
        const lhr = await measure(`${server.url}${page}`, chrome.port, `${page} run ${i}/${runs}`);
        if (process.env.LIGHTHOUSE_REPORT_DIR) {
          fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
          fs.writeFileSync(reportFile(page, i), JSON.stringify(lhr));
        }
        pageRuns.push(readRun(lhr));
      }
      results.set(page, pageRuns);
    }
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }

  process.stdout.write(`\nLighthouse ${runs} run(s) per page, mobile preset: median (min–max)\n\n${table(results)}\n`);
  let failed = false;
  for (const [page, pageRuns] of results) {
    const problems = [...new Set(pageRuns.flatMap((run) => run.problems))];
    if (problems.length > 0) process.stdout.write(`\n${page}: audits below full marks in some run\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
    pageRuns.forEach((run, i) => {
      const missed = missedTargets(run);
      if (missed.length === 0) return;
      failed = true;
      process.stderr.write(`\n${page} run ${i + 1}: below target: ${missed.join(', ')}\n`);
    });
  }
  return failed ? 1 : 0;
}

main().then(
  (exitCode) => process.exit(exitCode),
  (error: unknown) => {
    process.stderr.write(`Lighthouse bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
