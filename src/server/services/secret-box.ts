import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (authenticator apps' TOTP secrets), sealed with AES-256-GCM under SECRETS_KEY,
 * which lives in the environment, never in the database nor its backups. A sealed value names its key
 * (`v1.<key id>.<iv>.<ciphertext>.<tag>`, base64url), so a key can rotate: the previous ones still open what
 * they sealed until everything is sealed again under the new one (services/totp.ts `resealTotpSecrets`).
 */
export interface SecretsKeys {
  current: Buffer;
  /** Keys that only open (SECRETS_KEY_PREVIOUS), while a rotation is under way. */
  previous: Buffer[];
}

export interface SecretBox {
  /** `context` (e.g. the owner's id) is bound to the value: it opens only under the same context. */
  seal(plain: string, context: string): string;
  /** A value sealed by `seal` (any known key), or a value stored before sealing existed, as it is. */
  open(stored: string, context: string): string;
  /** Sealed under the current key (nothing to do on a rotation). */
  isCurrent(stored: string): boolean;
}

const VERSION = 'v1';
/** Development and tests only: config.ts refuses to start without SECRETS_KEY when NODE_ENV=production. */
export const DEVELOPMENT_SECRETS_KEYS: SecretsKeys = {
  current: createHash('sha256').update('DoseHub development SECRETS_KEY (not secret)').digest(),
  previous: [],
};

export const secretsKeyId = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 8);
const b64 = (bytes: Buffer) => bytes.toString('base64url');

export class UnknownSecretsKeyError extends Error {
  constructor(keyId: string) {
    super(`A stored secret is sealed under key ${keyId}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`);
  }
}

export function createSecretBox(keys: SecretsKeys): SecretBox {
  const currentId = secretsKeyId(keys.current);
  const byId = new Map([keys.current, ...keys.previous].map((key) => [secretsKeyId(key), key]));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.current, iv).setAAD(Buffer.from(context));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, currentId, b64(iv), b64(sealed), b64(cipher.getAuthTag())].join('.');
    },
    open(stored, context) {
      const [version, keyId, iv, sealed, tag] = stored.split('.');
      if (version !== VERSION || !keyId || !iv || sealed === undefined || !tag) return stored;
      const key = byId.get(keyId);
      if (!key) throw new UnknownSecretsKeyError(keyId);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
    isCurrent: (stored) => stored.startsWith(`${VERSION}.${currentId}.`),
  };
}
