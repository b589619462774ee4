import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
const port = 4599;
const srv = spawn('npx', ['tsx', 'src/server/main.ts'], { env: { ...process.env, PORT: String(port), DATA_DIR: '/tmp/shotdata', LOG_LEVEL: 'silent' }, stdio: 'inherit' });
await new Promise((r) => setTimeout(r, 12000));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [w, h, name] of [[390, 900, 'phone'], [1280, 900, 'desk']]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(`http://127.0.0.1:${port}/services?lang=en-US`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/services-${name}.png`, fullPage: name === 'desk' });
}
await browser.close(); srv.kill();
