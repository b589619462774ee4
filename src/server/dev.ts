import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the API (reloading on change) on PORT+1 behind Vite's dev server on PORT, which proxies /api.
 */
const port = Number(process.env.PORT ?? 8080);
const apiPort = port + 1;

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1', SERVE_CLIENT: 'false' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', String(port), '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];

const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.once('SIGINT', stopAll);
process.once('SIGTERM', stopAll);
children.forEach((child) => child.once('exit', stopAll));
