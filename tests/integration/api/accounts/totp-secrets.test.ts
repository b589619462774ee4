// Issue 31: authenticator secrets are sealed at rest (AES-256-GCM under SECRETS_KEY, services/secret-box.ts), the
// key named in each value so that it can rotate; secrets stored in clear before are read, then sealed at start.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { rateLimits, totpFactors } from '#server/db/schema.ts';
import { DEVELOPMENT_SECRETS_KEYS, UnknownSecretsKeyError, createSecretBox, secretsKeyId } from '#server/services/secret-box.ts';
import { checkTotpCode, resealTotpSecrets } from '#server/services/totp.ts';
import { createMailingTestApp, expectStatus, registerUser, type MailingTestApp } from '#tests/utils/accounts.ts';
import { codeAt, enrolTotp, passwordStep, secondStep } from '#tests/utils/second-factor.ts';

let t: MailingTestApp;
beforeAll(async () => {
  t = await createMailingTestApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

const storedSecret = async (userId: string) => (await t.app.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)))[0]!.secret;
const key = () => randomBytes(32);

describe('SECRETS_KEY', () => {
  it('is required in production, with a message naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY must be set in production/);
    expect(loadConfig({}).secretsKeys).toBeNull();
  });

  it('must be 32 bytes in base64; previous keys are a comma-separated list', () => {
    expect(() => loadConfig({ SECRETS_KEY: randomBytes(16).toString('base64') })).toThrow(/SECRETS_KEY: must be 32 bytes in base64/);
    const [current, previous] = [key(), key()];
    const config = loadConfig({ NODE_ENV: 'production', SECRETS_KEY: current.toString('base64'), SECRETS_KEY_PREVIOUS: previous.toString('base64') });
    expect(config.secretsKeys).toEqual({ current, previous: [previous] });
  });
});

describe('the secret box', () => {
  const box = createSecretBox({ current: key(), previous: [] });

  it('opens what it sealed only for the same owner, and refuses a changed value', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:a');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'totp:a')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'totp:b')).toThrow();
    const [version, id, iv, data, tag] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([version, id, iv, flipped.toString('base64url'), tag].join('.'), 'totp:a')).toThrow();
  });

  it('a value sealed under a key it does not have: an error naming the key id', () => {
    const other = key();
    const sealed = createSecretBox({ current: other, previous: [] }).seal('x', 'c');
    expect(() => box.open(sealed, 'c')).toThrow(UnknownSecretsKeyError);
    expect(() => box.open(sealed, 'c')).toThrow(secretsKeyId(other));
  });
});

describe('authenticator secrets in the database', () => {
  it('are sealed under the current key: the secret is not in the row, and its codes sign in', async () => {
    const ana = await enrolTotp(t.app, await registerUser(t.app, { name: 'Ana Cofre' }));
    const stored = await storedSecret(ana.id);
    expect(stored).toMatch(new RegExp(`^v1\\.${secretsKeyId(DEVELOPMENT_SECRETS_KEYS.current)}\\.`));
    expect(stored).not.toContain(ana.secret);
    expectStatus(await secondStep(t.app, await passwordStep(t.app, ana), { code: await codeAt(ana.secret) }), 200);
  });

  it('one stored in clear (before sealing) still signs in, and is sealed at the next start', async () => {
    const bia = await enrolTotp(t.app, await registerUser(t.app, { name: 'Bia Legada' }));
    const clear = generateSecret();
    await t.app.db.update(totpFactors).set({ secret: clear, lastUsedStep: null }).where(eq(totpFactors.userId, bia.id));
    expectStatus(await secondStep(t.app, await passwordStep(t.app, bia), { code: await codeAt(clear, -1) }), 200);
    expect(await resealTotpSecrets(t.app.db, t.app.secretBox)).toBeGreaterThanOrEqual(1);
    expect(await storedSecret(bia.id)).toMatch(/^v1\./);
    expectStatus(await secondStep(t.app, await passwordStep(t.app, bia), { code: await codeAt(clear, 0) }), 200);
  });

  it('a rotation: the new key with the old one as previous seals everything again; without the old key, start fails naming it', async () => {
    const carla = await enrolTotp(t.app, await registerUser(t.app, { name: 'Carla Rotação' }));
    const next = { current: key(), previous: [DEVELOPMENT_SECRETS_KEYS.current] };
    const rotated = createSecretBox(next);
    expect(await resealTotpSecrets(t.app.db, rotated)).toBeGreaterThanOrEqual(1);
    expect(await storedSecret(carla.id)).toMatch(new RegExp(`^v1\\.${secretsKeyId(next.current)}\\.`));
    expect(await checkTotpCode(t.app.db, createSecretBox({ current: next.current, previous: [] }), carla.id, await codeAt(carla.secret, 0))).toBe(true);
    await expect(resealTotpSecrets(t.app.db, createSecretBox(DEVELOPMENT_SECRETS_KEYS))).rejects.toThrow(UnknownSecretsKeyError);
    expect(await resealTotpSecrets(t.app.db, createSecretBox({ current: DEVELOPMENT_SECRETS_KEYS.current, previous: [next.current] }))).toBeGreaterThanOrEqual(1);
  });
});
