import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JS_BUDGET_BYTES, bundleTable, firstVisit, unstyledMantineClasses, type Download } from './bundle-size.ts';

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

const download = (url: string, kind: Download['kind'], gzipBytes: number, atMs: number): Download => ({ url, kind, rawBytes: gzipBytes * 3, gzipBytes, atMs });

// The measurement itself (Chromium against the real server) runs on the real build in CI (`.ci/run`, after
// `npm test` built it) and in `npm run bench`.
describe('the first-visit budget (tests/bench/bundle-size.ts)', () => {
  it('adds every script fetched, the idle-time ones too, as JavaScript, and the stylesheets as CSS', () => {
    const visit = firstVisit([
      download('/assets/notifications-container.js', 'script', 8_800, 4_500),
      download('/assets/index.js', 'script', 154_000, 600),
      download('/assets/index.css', 'stylesheet', 18_600, 300),
      download('/assets/login-form.js', 'script', 14_500, 4_510),
    ]);
    expect(visit.jsGzipBytes).toBe(154_000 + 8_800 + 14_500);
    expect(visit.cssGzipBytes).toBe(18_600);
    expect(visit.files.map((file) => file.url)).toEqual(['/assets/index.css', '/assets/index.js', '/assets/notifications-container.js', '/assets/login-form.js']);
  });

  it('prints each download in arrival order with the totals against the budget', () => {
    const table = bundleTable(firstVisit([download('/assets/late.js', 'script', 1_000, 5_000), download('/assets/index.js', 'script', 171_000, 600)]));
    expect(table.indexOf('/assets/index.js')).toBeLessThan(table.indexOf('/assets/late.js'));
    expect(table).toContain('**JS total** | | | **172.0** (budget 170.0)');
  });

  it('is 170 kB, in kB of 1000 bytes', () => {
    expect(JS_BUDGET_BYTES).toBe(170_000);
  });

  it('finds Mantine classes the scripts use and no stylesheet defines', () => {
    const dist = fakeDist({ 'assets/entry.js': ENTRY, 'assets/shared.js': SHARED, 'assets/style.css': CSS });
    expect(unstyledMantineClasses(dist)).toEqual(['m_6d731127']);
    fs.rmSync(dist, { recursive: true });
  });
});
