import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

/**
 * Run by `npm start` (src/server/start.ts) in a child process when the PGlite database does not exist
 * yet: creating it (PGlite's initdb) takes ~800 MB, which a process keeps, so the server's own process
 * opens a database that already exists. Also applies the migrations; the server seeds as on any start.
 */
const opened = await openDatabase(loadConfig().database);
await opened.close();
