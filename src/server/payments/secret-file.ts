import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a PGlite server leaves its generated webhook secret for `npm run sandbox:pay`: a second process cannot
 * open that database while the server runs. The data directory holds the whole database anyway.
 */
export const webhookSecretFile = (dataDir: string) => path.join(dataDir, 'payments-webhook-secret');

export function writeWebhookSecretFile(dataDir: string, secret: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(webhookSecretFile(dataDir), secret, { mode: 0o600 });
}

export function readWebhookSecretFile(dataDir: string): string | null {
  try {
    return fs.readFileSync(webhookSecretFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
