/**
 * The initial download of `/`: the entry script of dist/index.html plus every
 * `<link rel="modulepreload">` (JavaScript), and its stylesheets (CSS), each gzipped at level 9.
 * Prints a table and exits 1 when the JavaScript is over the budget (sizes in kB = 1000 bytes), or
 * when the build uses a Mantine component whose styles src/app/ui/mantine-styles.ts leaves out.
 *
 *   npx tsx tests/bench/bundle-size.ts [distDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Issue 5: initial JavaScript of `/` ≤ 170 kB gzip (170 × 1000 bytes). */
export const JS_BUDGET_BYTES = 170 * 1000;

export interface BundleFile {
  /** As referenced by index.html, e.g. `/assets/index-abc.js`. */
  url: string;
  kind: 'entry' | 'modulepreload' | 'css';
  rawBytes: number;
  gzipBytes: number;
}

export interface BundleSize {
  files: BundleFile[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

/** The files index.html makes the browser fetch before the app runs, in document order. */
export function initialFiles(html: string): Pick<BundleFile, 'url' | 'kind'>[] {
  const files: Pick<BundleFile, 'url' | 'kind'>[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    const rel = attribute(tag, 'rel')?.toLowerCase();
    const url = isScript ? attribute(tag, 'src') : attribute(tag, 'href');
    if (!url) continue;
    if (isScript && attribute(tag, 'type') === 'module') files.push({ url, kind: 'entry' });
    else if (rel === 'modulepreload') files.push({ url, kind: 'modulepreload' });
    else if (rel === 'stylesheet') files.push({ url, kind: 'css' });
  }
  return files;
}

/** Measures the initial JavaScript and CSS of a built client (`dist/`). */
export function measureBundle(distDir = 'dist'): BundleSize {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = initialFiles(html).map(({ url, kind }) => {
    const content = fs.readFileSync(path.join(distDir, new URL(url, 'http://x/').pathname));
    return { url, kind, rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  const sum = (list: BundleFile[]) => list.reduce((total, file) => total + file.gzipBytes, 0);
  return {
    files,
    jsGzipBytes: sum(files.filter((file) => file.kind !== 'css')),
    cssGzipBytes: sum(files.filter((file) => file.kind === 'css')),
  };
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

export function bundleTable({ files, jsGzipBytes, cssGzipBytes }: BundleSize): string {
  const rows = files.map((file) => `| ${file.kind} | \`${file.url}\` | ${kB(file.rawBytes)} | ${kB(file.gzipBytes)} |`);
  return [
    '| kind | file | raw kB | gzip kB |',
    '| --- | --- | ---: | ---: |',
    ...rows,
    `| **JS total** | | | **${kB(jsGzipBytes)}** (budget ${kB(JS_BUDGET_BYTES)}) |`,
    `| **CSS total** | | | **${kB(cssGzipBytes)}** |`,
  ].join('\n');
}

function main() {
  const distDir = process.argv[2] ?? 'dist';
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    process.stderr.write(`${distDir}/index.html not found: build the client first (npx vite build).\n`);
    return 1;
  }
  const size = measureBundle(distDir);
  process.stdout.write(`Initial download of / (gzip -9, kB = 1000 bytes)\n\n${bundleTable(size)}\n`);
  let status = 0;
  if (size.jsGzipBytes > JS_BUDGET_BYTES) {
    process.stderr.write(`\nInitial JavaScript ${kB(size.jsGzipBytes)} kB is over the ${kB(JS_BUDGET_BYTES)} kB budget.\n`);
    status = 1;
  }
  const unstyled = unstyledMantineClasses(distDir);
  if (unstyled.length > 0) {
    process.stderr.write(`\nMantine classes without styles (add the component's file to src/app/ui/mantine-styles.ts): ${unstyled.join(', ')}\n`);
    status = 1;
  }
  return status;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
