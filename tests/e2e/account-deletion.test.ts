// Issue 30: "Delete my account" in Chromium against the real server, in each language. Device 1 deletes the account from the privacy
// page; device 2 (another browser context, with the account's calibrations in its IndexedDB) wipes its local data
// at its next contact with the server and says why.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SUPPORTED_LANGUAGES } from '#shared/languages.ts';
import { E2E_PASSWORD, confirmedUser, createCalibrationViaApi, loginThroughUi } from './support/accounts.ts';
import { openPage } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

const read = (language: string, ns: string) => JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, 'utf8'));
const signIn = read('pt-BR', 'auth').login.submit as string;

const env = useE2eEnvironment();

/** The calibrations this browser keeps in IndexedDB (Dexie's `dosehub` database). */
const localCalibrations = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('dosehub');
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('calibrations')) return resolve(0);
          const count = database.transaction('calibrations').objectStore('calibrations').count();
          count.onsuccess = () => resolve(count.result);
        };
        open.onerror = () => resolve(0);
      }),
  );

describe('deleting the account', () => {
  it.for(SUPPORTED_LANGUAGES)('in %s: on device 1 after the password and the typed e-mail; device 2 wipes its local data at its next contact', async (language) => {
    const t = { deletion: read(language, 'account-deletion') };
    const user = await confirmedUser(env.server.url, env.smtp, `apagar-${language.toLowerCase()}@hospital.example`);
    await createCalibrationViaApi(env.server.url, user, 'Antes da Exclusão');

    const second = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const device2 = await openPage(second);
    await loginThroughUi(device2, env.server.url, user, signIn);
    await device2.goto(`${env.server.url}/dashboard/my-calibrations`);
    await device2.getByRole('article', { name: 'Antes da Exclusão' }).waitFor();
    expect(await localCalibrations(device2)).toBe(1);

    const first = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const device1 = await openPage(first);
    await loginThroughUi(device1, env.server.url, user, signIn);
    await device1.goto(`${env.server.url}/dashboard/privacy?lang=${language}`);
    await device1.getByRole('link', { name: t.deletion.section.open }).click();
    await device1.getByRole('heading', { level: 3, name: t.deletion.screen.keptTitle }).waitFor();
    await device1.getByLabel(new RegExp(`^${t.deletion.screen.password}`)).fill(E2E_PASSWORD);
    await device1.getByLabel(new RegExp(`^${t.deletion.screen.confirmation}`)).fill(user.email);
    await device1.getByRole('button', { name: t.deletion.screen.submit }).click();
    await device1.getByRole('heading', { level: 1, name: t.deletion.deleted.title }).waitFor();
    expect(await localCalibrations(device1)).toBe(0);

    // Device 2's next contact: a page it opens pulls from the server, which answers that the account is gone. Its
    // first requests leave before the signed-in runtime (which wipes) has loaded: the answer waits for it
    // (api-client.ts onAccountDeleted), the failed refresh's sign-in page is not the last word.
    await device2.goto(`${env.server.url}/dashboard/my-calibrations?lang=${language}`);
    await device2.waitForURL(`${env.server.url}/account-deleted`, { timeout: 20_000 });
    await device2.getByRole('heading', { level: 1, name: t.deletion.deleted.title }).waitFor();
    expect(await localCalibrations(device2)).toBe(0);
    expect(device1.problems.filter((problem) => !/401|Unauthorized/.test(problem))).toEqual([]);
    await Promise.all([first.close(), second.close()]);
  });
});
