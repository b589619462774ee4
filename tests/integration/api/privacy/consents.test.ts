// Issue 30 (LGPD), consent records: registration keeps the versions of the terms of use and the privacy notice the person
// accepted; a newer version published (a setting, read at start) is asked again before any write; staff see the history.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#server/config.ts';
import { consents } from '#server/db/schema.ts';
import type { ConsentStatus } from '#shared/schemas/privacy.ts';
import type { StaffUserDetail } from '#shared/schemas/staff.ts';
import { API, createMailingTestApp, expectStatus, login, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { staffUser } from '#tests/utils/orders.ts';
import { createPostgresDatabase, createTestDatabase, usesPostgres } from '#tests/utils/test-database.ts';

const FIRST = { terms: '2026-01-10', privacy: '2026-01-10' };
/** The privacy notice republished; the terms unchanged. */
const SECOND = { terms: '2026-01-10', privacy: '2026-06-01' };
const DPO = { name: 'Dora Encarregada', email: 'dpo@dosehub.test' };

/** One database that outlives an app, so a second start reads what the first wrote (on disk for PGlite). */
async function lastingDatabase(): Promise<{ first: Config['database']; again: Config['database']; drop: () => Promise<void> }> {
  if (usesPostgres()) {
    const postgres = await createPostgresDatabase();
    return { first: postgres.database, again: postgres.database, drop: postgres.drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-consents-'));
  // The worker's migrated image (test-database.ts), loaded into a directory this time.
  const { database } = await createTestDatabase();
  return {
    first: { kind: 'pglite', dir, image: database.kind === 'pglite' ? database.image : undefined },
    again: { kind: 'pglite', dir },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

const appWith = (database: Config['database'], documents: typeof FIRST) => createMailingTestApp({ database, privacy: { documents, dpo: DPO } });

let database: Awaited<ReturnType<typeof lastingDatabase>>;
let t: MailingTestApp;
let ana: SignedInUser;
let staff: SignedInUser;

const get = <T>(user: SignedInUser, url: string, language = 'en-US') =>
  t.app.inject({ url: `${API}${url}`, headers: { cookie: user.cookies, 'accept-language': language } }).then((response) => {
    expectStatus(response, 200, url);
    return response.json<T>();
  });
const accept = (user: SignedInUser, accept: unknown) =>
  t.app.inject({ method: 'POST', url: `${API}/users/${user.id}/consents/`, headers: { cookie: user.cookies, 'accept-language': 'en-US' }, payload: { accept } });
const renameTo = (user: SignedInUser, name: string) =>
  t.app.inject({ method: 'PATCH', url: `${API}/users/${user.id}/`, headers: { cookie: user.cookies, 'accept-language': 'pt-BR' }, payload: { name } });

beforeAll(async () => {
  database = await lastingDatabase();
  t = await appWith(database.first, FIRST);
  ana = await verifiedUser(t, { name: 'Ana Consentida' });
  staff = await staffUser(t);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe('consent records', () => {
  it('registration records the versions in force of both documents, when, and from which address and browser', async () => {
    const status = await get<ConsentStatus>(ana, `/users/${ana.id}/consents/`);
    expect(status.current).toEqual(FIRST);
    expect(status.pending).toEqual([]);
    expect(status.history.map(({ document, version }) => [document, version]).sort()).toEqual([['privacy', '2026-01-10'], ['terms', '2026-01-10']]);
    expect(Date.now() - Date.parse(status.history[0]!.acceptedAt)).toBeLessThan(60_000);
    const [row] = await t.app.db.select().from(consents).where(eq(consents.userId, ana.id)).limit(1);
    expect(row!.ipAddress).toMatch(/^10\./);
  });

  it('an unknown document or a version that is no date is refused naming the field', async () => {
    const response = await accept(ana, [{ document: 'cookies', version: 'v2' }]);
    expectStatus(response, 400);
    expect(response.json<{ errors: string[] }>().errors).toEqual([
      'accept.0.document: Choose the terms of use or the privacy notice.',
      'accept.0.version: Give the version as its publication date (YYYY-MM-DD).',
    ]);
  });

  it('a newer privacy notice, published by a setting, is asked at the next sign-in and blocks every write until accepted', async () => {
    expectStatus(await renameTo(ana, 'Ana Antes'), 204);
    await t.close();
    t = await appWith(database.again, SECOND);
    ana = await login(t.app, ana.email, ana.password);
    const status = await get<ConsentStatus>(ana, `/users/${ana.id}/consents/`);
    expect([status.current, status.pending]).toEqual([SECOND, ['privacy']]);

    const refused = await renameTo(ana, 'Ana Depois');
    expectStatus(refused, 403);
    expect(refused.json()).toEqual({ errors: ['Publicamos uma nova versão dos termos de uso ou do aviso de privacidade. Leia e aceite-a no painel antes de continuar.'] });
    // Reads still answer: what the user holds stays readable.
    expect((await get<{ name: string }>(ana, `/users/${ana.id}/`)).name).toBe('Ana Antes');
    // The rights stay: taking one's data out (and leaving) needs no acceptance first.
    const exported = await t.app.inject({ method: 'POST', url: `${API}/users/${ana.id}/data-export/`, headers: { cookie: ana.cookies, 'accept-language': 'en-US' } });
    expectStatus(exported, 202);

    const stale = await accept(ana, [{ document: 'privacy', version: FIRST.privacy }]);
    expectStatus(stale, 409);
    expect(stale.json()).toEqual({ errors: ['accept: a newer version of the privacy notice was published; read it before accepting.'] });

    const accepted = await accept(ana, [{ document: 'privacy', version: SECOND.privacy }]);
    expectStatus(accepted, 200);
    expect(accepted.json<ConsentStatus>().pending).toEqual([]);
    expect(accepted.json<ConsentStatus>().history[0]).toMatchObject({ document: 'privacy', version: SECOND.privacy });
    expectStatus(await renameTo(ana, 'Ana Depois'), 204);
  }, 60_000);

  it("staff see the user's consent history on their record, newest first, and that the account is not deleted", async () => {
    staff = await staffUser(t);
    // Staff accept no terms: nothing is pending for them, so their dashboard never shows the acceptance screen.
    expect((await get<ConsentStatus>(staff, `/users/${staff.id}/consents/`)).pending).toEqual([]);
    const detail = await get<StaffUserDetail>(staff, `/staff/users/${ana.id}/`);
    expect(detail.consents.map(({ document, version }) => `${document} ${version}`)).toEqual(['privacy 2026-06-01', 'privacy 2026-01-10', 'terms 2026-01-10']);
    expect(detail.deletedAt).toBeNull();
  });

  it('the public notice facts name the encarregado from the settings and the versions in force', async () => {
    const response = await t.app.inject({ url: `${API}/privacy/` });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ dpo: DPO, versions: SECOND, controller: { name: 'Dosimagem' } });
  });
});
