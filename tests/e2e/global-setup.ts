import fs from 'node:fs';
import path from 'node:path';
import { chromiumPath } from './support/browser.ts';

/** The e2e suite drives the built client served by the real server: both must exist before it starts. */
export default function setup() {
  const executable = chromiumPath();
  if (!fs.existsSync(executable)) {
    throw new Error(`Chromium not found at ${executable}. Install Debian's chromium package or set CHROME_PATH.`);
  }
  if (!fs.existsSync(path.resolve(process.env.DIST_DIR ?? 'dist', 'index.html'))) {
    throw new Error('The client is not built: run `npm run build` (npm test does it first).');
  }
}
