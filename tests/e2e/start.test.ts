import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerExpectingFailure, startServer, tempDataDir } from './support/server.ts';

const dataDir = tempDataDir();
const startDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-start-'));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(startDir, { recursive: true, force: true });
});

describe('starting the server on a data directory', () => {
  it('prints the staff credentials on the first start only, reuses the data, and keeps a second process off it', async () => {
    const first = await startServer(dataDir);
    expect(first.output()).toMatch(/e-mail:\s+staff@dosehub\.local/);
    expect(first.output()).toMatch(/password:\s+\S{20}/);
    expect(first.output()).toMatch(/DoseHub is running at http:\/\/127\.0\.0\.1:\d+/);

    const blocked = await runServerExpectingFailure(dataDir);
    expect(blocked.code).not.toBe(0);
    expect(blocked.output).toMatch(/in use by another DoseHub process/);

    const health = await fetch(`${first.url}/api/v1/health/`);
    expect(await health.json()).toEqual({ status: 'ok' });
    await first.stop();

    const second = await startServer(dataDir);
    expect(second.output()).not.toMatch(/password:/);
    const isotopes = await (await fetch(`${second.url}/api/v1/isotopes/?q=radiosyno`)).json();
    expect(isotopes).toEqual({ count: 6, row: ['Re-186', 'Re-188', 'P-32', 'Y-90', 'Sm-153', 'Lu-177'] });
    await second.stop();
  }, 120_000); // three server starts, the first on an empty directory: 40–46 s on an idle CI machine here
});

// CI runs this file on Node 24 too (.ci/run): npm start's own entry on the production Node.
describe('npm start (src/server/start.ts)', () => {
  it('on a fresh data directory: creates the database, prints the staff credentials, serves the built app and the API', async () => {
    // A copy of the build, newer than every source, so start.ts serves it rather than building again.
    const distDir = path.join(startDir, 'dist');
    fs.cpSync(path.resolve(process.env.DIST_DIR ?? 'dist'), distDir, { recursive: true });
    fs.utimesSync(path.join(distDir, 'index.html'), new Date(), new Date());
    const server = await startServer(path.join(startDir, 'data'), { DIST_DIR: distDir }, 'src/server/start.ts');
    try {
      expect(server.output()).toMatch(/e-mail:\s+staff@dosehub\.local/);
      expect(server.output()).not.toMatch(/Building the client/);
      expect(fs.existsSync(path.join(startDir, 'data', 'db', 'PG_VERSION'))).toBe(true);
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      // The home page names the built entry for public/start-app.js, which loads it once the page has painted.
      const entry = /src="\/start-app\.js" data-entry="(\/assets\/index-[\w-]+\.js)"/.exec(await page.text())?.[1];
      expect(entry).toBeDefined();
      expect((await fetch(`${server.url}${entry}`)).headers.get('content-type')).toMatch(/javascript/);
      expect(await (await fetch(`${server.url}/api/v1/health/`)).json()).toEqual({ status: 'ok' });
    } finally {
      await server.stop();
    }
  }, 180_000);
});
