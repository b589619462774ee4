import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Namespaces only the server reads (its answers and its mail): never sent to the browser. */
const SERVER_NAMESPACES = new Set(['server.json', 'mail.json']);

/** Serves /locales/{lng}/{ns}.json from ./locales in dev and copies them into the build. */
export function localesPlugin(): Plugin {
  let localesDir = '';
  return {
    name: 'dosehub-locales',
    configResolved(config) {
      localesDir = path.resolve(config.root, 'locales');
    },
    configureServer(server) {
      server.middlewares.use('/locales', (req, res, next) => {
        const file = path.join(localesDir, decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
        if (!file.startsWith(localesDir) || !file.endsWith('.json') || !fs.existsSync(file)) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(fs.readFileSync(file));
      });
    },
    generateBundle() {
      for (const lng of fs.readdirSync(localesDir)) {
        for (const file of fs.readdirSync(path.join(localesDir, lng))) {
          if (SERVER_NAMESPACES.has(file)) continue;
          this.emitFile({
            type: 'asset',
            fileName: `locales/${lng}/${file}`,
            source: fs.readFileSync(path.join(localesDir, lng, file)),
          });
        }
      }
    },
  };
}
