import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerExpectingFailure, startServer, tempDataDir } from './support/server.ts';

const dataDir = tempDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

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
  });
});
