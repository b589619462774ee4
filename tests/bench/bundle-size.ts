/**
 * What a browser downloads on a first visit of `/`: Chromium loads it from the real server (serving the
 * built client in dist/), waits for the network to settle and for the loads the app defers to idle time
 * (src/app/lib/use-idle.ts), and every script and stylesheet the page fetched is gzipped at level 9.
 * Prints a table and exits 1 when the JavaScript is over the budget (sizes in kB = 1000 bytes), or
 * when the build uses a Mantine component whose styles src/app/ui/mantine-styles.ts leaves out.
 *
 *   npx tsx tests/bench/bundle-size.ts [distDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { AFTER_LOAD_MS } from '#app/lib/use-idle.ts';
import { launchBrowser } from '#tests/e2e/support/browser.ts';
import { startServer, tempDataDir } from '#tests/e2e/support/server.ts';

/** Issue 5: the JavaScript of a first visit of `/` ≤ 170 kB gzip (170 × 1000 bytes). */
export const JS_BUDGET_BYTES = 170 * 1000;
/** After the load event: use-idle.ts's delay, its idle-callback timeout, and a margin. */
const SETTLE_AFTER_LOAD_MS = AFTER_LOAD_MS + 2_000 + 2_000;
/** The page has settled when nothing was requested for this long. */
const QUIET_MS = 1_500;

export interface Download {
  /** The path, e.g. `/assets/index-abc.js`. */
  url: string;
  kind: 'script' | 'stylesheet';
  rawBytes: number;
  gzipBytes: number;
  /** When the response arrived, in ms since the navigation began. */
  atMs: number;
}

export interface FirstVisit {
  files: Download[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export function firstVisit(files: Download[]): FirstVisit {
  const sum = (kind: Download['kind']) => files.filter((file) => file.kind === kind).reduce((total, file) => total + file.gzipBytes, 0);
  return { files: files.toSorted((a, b) => a.atMs - b.atMs), jsGzipBytes: sum('script'), cssGzipBytes: sum('stylesheet') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Loads `url` in a fresh browser profile and collects its scripts and stylesheets until the page settles. */
async function collectDownloads(page: Page, url: string): Promise<Download[]> {
  const started = Date.now();
  let lastRequestAt = started;
  const downloads: Promise<Download>[] = [];
  page.on('request', () => (lastRequestAt = Date.now()));
  page.on('response', (response) => {
    const kind = response.request().resourceType();
    if (kind !== 'script' && kind !== 'stylesheet') return;
    const atMs = Date.now() - started;
    downloads.push(
      response.body().then((body) => ({ url: new URL(response.url()).pathname, kind, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length, atMs })),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  const loadedAt = Date.now();
  while (Date.now() - loadedAt < SETTLE_AFTER_LOAD_MS || Date.now() - lastRequestAt < QUIET_MS) await sleep(250);
  return Promise.all(downloads);
}

/** The first visit of `/`, from the real server serving `distDir` to headless Chromium. */
export async function measureFirstVisit(distDir = 'dist'): Promise<FirstVisit> {
  const server = await startServer(tempDataDir(), { DIST_DIR: path.resolve(distDir) });
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    return firstVisit(await collectDownloads(page, `${server.url}/`));
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/**
 * Mantine classes (`m_` + hash) that the built JavaScript uses and no built stylesheet defines (as a
 * class or a keyframes name): a component whose file is missing from src/app/ui/mantine-styles.ts.
 */
export function unstyledMantineClasses(distDir = 'dist'): string[] {
  const assets = path.join(distDir, 'assets');
  const read = (ext: string) => fs.readdirSync(assets).filter((file) => file.endsWith(ext)).map((file) => fs.readFileSync(path.join(assets, file), 'utf8'));
  const used = new Set(read('.js').flatMap((code) => code.match(/\bm_[0-9a-f]{6,8}\b/g) ?? []));
  const defined = new Set(read('.css').flatMap((css) => [...css.matchAll(/(?:\.|@keyframes\s+)(m_[0-9a-f]{6,8})\b/g)].map((match) => match[1]!)));
  return [...used].filter((name) => !defined.has(name)).sort();
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

export function bundleTable({ files, jsGzipBytes, cssGzipBytes }: FirstVisit): string {
  const rows = files.map((file) => `| ${file.atMs} | ${file.kind} | \`${file.url}\` | ${kB(file.rawBytes)} | ${kB(file.gzipBytes)} |`);
  return [
    '| at ms | kind | file | raw kB | gzip kB |',
    '| ---: | --- | --- | ---: | ---: |',
    ...rows,
    `| | **JS total** | | | **${kB(jsGzipBytes)}** (budget ${kB(JS_BUDGET_BYTES)}) |`,
    `| | **CSS total** | | | **${kB(cssGzipBytes)}** |`,
  ].join('\n');
}

async function main() {
  const distDir = process.argv[2] ?? 'dist';
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    process.stderr.write(`${distDir}/index.html not found: build the client first (npm run build).\n`);
    return 1;
  }
  const visit = await measureFirstVisit(distDir);
  process.stdout.write(`First visit of / in Chromium, idle-time loads included (gzip -9, kB = 1000 bytes)\n\n${bundleTable(visit)}\n`);
  let status = 0;
  if (visit.jsGzipBytes > JS_BUDGET_BYTES) {
    process.stderr.write(`\nThe first visit's JavaScript, ${kB(visit.jsGzipBytes)} kB, is over the ${kB(JS_BUDGET_BYTES)} kB budget.\n`);
    status = 1;
  }
  const unstyled = unstyledMantineClasses(distDir);
  if (unstyled.length > 0) {
    process.stderr.write(`\nMantine classes without styles (add the component's file to src/app/ui/mantine-styles.ts): ${unstyled.join(', ')}\n`);
    status = 1;
  }
  return status;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
