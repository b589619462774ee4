import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '#server/db/client.ts';

const MIGRATIONS = path.resolve('src/server/db/migrations');

/** Names the migrations and PGlite's version: a template made from other ones is never reused. */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(JSON.parse(fs.readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  for (const file of fs.readdirSync(MIGRATIONS, { recursive: true, encoding: 'utf8' }).toSorted()) {
    const full = path.join(MIGRATIONS, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<string> | undefined;

/**
 * A PGlite database directory with every migration applied, made once per machine and migration set (in the
 * temporary directory, under a name from the migrations' hash). Most browser journeys start their server on a
 * copy: PGlite's initdb is about half of a server's start (4.5 of 9 s). The start itself (staff account, keys)
 * still happens on the copy; `start.test.ts` and the other first-start tests use an empty directory.
 */
export function migratedDatabaseTemplate(): Promise<string> {
  template ??= (async () => {
    const finalDir = path.join(os.tmpdir(), `dosehub-e2e-db-${templateKey()}`);
    if (fs.existsSync(finalDir)) return finalDir;
    const building = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-e2e-db-building-'));
    const database = await openDatabase({ kind: 'pglite', dir: path.join(building, 'db') });
    await database.close();
    try {
      fs.renameSync(path.join(building, 'db'), finalDir);
    } catch (error) {
      // Another worker got there first: its copy is the same.
      if (!fs.existsSync(finalDir)) throw error;
    } finally {
      fs.rmSync(building, { recursive: true, force: true });
    }
    return finalDir;
  })();
  return template;
}
