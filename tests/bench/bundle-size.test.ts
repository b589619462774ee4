import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { JS_BUDGET_BYTES, initialFiles, measureBundle, unstyledMantineClasses } from './bundle-size.ts';

const gzipped = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

function fakeDist(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-dist-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const ENTRY = 'import"./shared.js";console.log("m_8a5d1357 m_5ae2e3c");'.repeat(20);
const SHARED = 'export const x="m_6d731127";'.repeat(30);
const CSS = '.m_8a5d1357{color:red}@keyframes m_5ae2e3c{}'.repeat(10);
const INDEX = `<!doctype html><html><head>
  <link rel="preload" href="/locales/pt-BR/common.json" as="fetch" crossorigin>
  <script type="module" crossorigin src="/assets/entry.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/shared.js">
  <link rel="stylesheet" crossorigin href="/assets/style.css">
  <link rel="manifest" href="/manifest.webmanifest">
</head><body><div id="root"></div></body></html>`;

// The check itself runs on the real build in CI (`.ci/run`, after `npm test` built it) and in `npm run bench`.
describe('the bundle budget (tests/bench/bundle-size.ts)', () => {
  it('counts the entry script and its modulepreloads as JavaScript, the stylesheets as CSS, gzip level 9', () => {
    const dist = fakeDist({ 'index.html': INDEX, 'assets/entry.js': ENTRY, 'assets/shared.js': SHARED, 'assets/style.css': CSS });
    const size = measureBundle(dist);
    expect(size.files.map(({ url, kind }) => [url, kind])).toEqual([
      ['/assets/entry.js', 'entry'],
      ['/assets/shared.js', 'modulepreload'],
      ['/assets/style.css', 'css'],
    ]);
    expect(size.jsGzipBytes).toBe(gzipped(ENTRY) + gzipped(SHARED));
    expect(size.cssGzipBytes).toBe(gzipped(CSS));
    expect(size.files[0]).toMatchObject({ rawBytes: ENTRY.length, gzipBytes: gzipped(ENTRY) });
    fs.rmSync(dist, { recursive: true });
  });

  it('ignores what is not a script or stylesheet (fetch preloads, the manifest)', () => {
    expect(initialFiles(INDEX).map((file) => file.url)).not.toContain('/locales/pt-BR/common.json');
    expect(initialFiles(INDEX).map((file) => file.url)).not.toContain('/manifest.webmanifest');
  });

  it('is 170 kB, in kB of 1000 bytes', () => {
    expect(JS_BUDGET_BYTES).toBe(170_000);
  });

  it('finds Mantine classes the scripts use and no stylesheet defines', () => {
    const dist = fakeDist({ 'index.html': INDEX, 'assets/entry.js': ENTRY, 'assets/shared.js': SHARED, 'assets/style.css': CSS });
    expect(unstyledMantineClasses(dist)).toEqual(['m_6d731127']);
    fs.rmSync(dist, { recursive: true });
  });
});
