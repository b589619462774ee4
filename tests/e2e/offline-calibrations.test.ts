import { imageBytes } from '#tests/utils/calibrations.ts';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiList, confirmedUser, createCalibrationViaApi, loginThroughUi } from './support/accounts.ts';
import { openPage, workerInControl } from './support/browser.ts';
import { calibrationField, calibrationItem, escapeRegExp, fillCalibrationForm, showCalibration } from './support/calibrations.ts';
import { useE2eEnvironment } from './support/environment.ts';

const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { cal: read('calibrations'), auth: read('auth'), common: read('common'), sync: read('sync'), server: read('server') };

const env = useE2eEnvironment();

describe('calibrations offline, in Chromium against the real server', () => {
  it('are created, edited and deleted offline, reach the server exactly once, and a rejection keeps the input for editing', async () => {
    const user = await confirmedUser(env.server.url, env.smtp, 'calibra@hospital.example');
    await createCalibrationViaApi(env.server.url, user, 'Existente');
    await createCalibrationViaApi(env.server.url, user, 'Para excluir');

    const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await openPage(context);
    await loginThroughUi(page, env.server.url, user, t.auth.login.submit);
    await page.goto(`${env.server.url}/dashboard/my-calibrations`);
    await showCalibration(page, 'Existente');
    // The app has been used here before: its worker holds the code of what opens offline (forms, messages).
    await workerInControl(page);

    await context.setOffline(true);
    // Another device registers a name this one is about to use.
    await createCalibrationViaApi(env.server.url, user, 'Duplicada');

    await page.getByRole('link', { name: t.cal.add }).first().click();
    await fillCalibrationForm(page, { name: 'Offline Nova', syringe: '40' });
    await page.getByRole('button', { name: t.cal.form.submitAdd }).click();
    await showCalibration(page, 'Offline Nova');

    await page.getByRole('link', { name: t.cal.add }).first().click();
    await fillCalibrationForm(page, { name: 'Duplicada', syringe: '30' });
    await page.getByRole('button', { name: t.cal.form.submitAdd }).click();
    await showCalibration(page, 'Duplicada');

    await (await showCalibration(page, 'Existente')).getByRole('link', { name: `Editar a calibração Existente` }).click();
    await calibrationField(page, t.cal.fields.syringeActivity).fill('60');
    await page.getByRole('button', { name: t.cal.form.submitEdit }).click();

    await (await showCalibration(page, 'Para excluir')).getByRole('button', { name: 'Excluir a calibração Para excluir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.common.confirmDialog.delete }).click();
    await page.getByText('Calibração excluída com sucesso!').first().waitFor();

    const before = await apiList<{ calibrationName: string }>(env.server.url, user, 'calibrations/');
    expect(before.row.map((c) => c.calibrationName).toSorted()).toEqual(['Duplicada', 'Existente', 'Para excluir']);

    // The tab closes while offline; the writes and the picked files wait in IndexedDB.
    await page.close();
    await context.setOffline(false);
    const reopened = await openPage(context);
    await reopened.goto(`${env.server.url}/dashboard/my-calibrations`);

    const names = async () => (await apiList<{ calibrationName: string }>(env.server.url, user, 'calibrations/')).row.map((c) => c.calibrationName).toSorted();
    await expect.poll(names, { timeout: 15_000 }).toEqual(['Duplicada', 'Existente', 'Offline Nova']);
    const existing = async () =>
      (await apiList<{ calibrationName: string; syringeActivity: number; version: number }>(env.server.url, user, 'calibrations/')).row.find(
        (c) => c.calibrationName === 'Existente',
      );
    await expect.poll(existing, { timeout: 15_000 }).toMatchObject({ syringeActivity: 60, version: 2 });

    // The local "Duplicada" was refused: the message is on the item, and editing keeps what was typed.
    await showCalibration(reopened, 'Duplicada');
    const refused = calibrationItem(reopened, 'Duplicada').filter({ hasText: t.sync.problems.editAndRetry });
    await refused.getByText(t.server.calibrations.nameTaken, { exact: false }).waitFor();
    await refused.getByRole('link', { name: new RegExp(`^${escapeRegExp(t.sync.problems.editAndRetry)}`) }).click();
    expect(await calibrationField(reopened, t.cal.fields.syringeActivity).inputValue()).toBe('30');
    await calibrationField(reopened, t.cal.fields.calibrationName).fill('Duplicada 2');
    await reopened.getByRole('button', { name: t.cal.form.submitEdit }).click();
    await expect.poll(names, { timeout: 15_000 }).toEqual(['Duplicada', 'Duplicada 2', 'Existente', 'Offline Nova']);
    await expect.poll(() => reopened.getByText(/pendentes?$/).count()).toBe(0);
    await context.close();
  });

  it('a replay storm of one queued create makes one calibration', async () => {
    const user = await confirmedUser(env.server.url, env.smtp, 'storm@hospital.example');
    const form = () => {
      const data = new FormData();
      const fields = { id: '0193a6c4-0000-7000-8000-000000000001', isotope: 'Lu-177', calibrationName: 'Tempestade', syringeActivity: '50', residualSyringeActivity: '1', measurementDatetime: '2026-11-20T10:00:00Z', phantomVolume: '200' };
      for (const [key, value] of Object.entries(fields)) data.append(key, value);
      data.append('images', new Blob([imageBytes(512, 3)]), 'phantom.zip');
      return data;
    };
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${env.server.url}/api/v1/users/${user.id}/calibrations/`, { method: 'POST', headers: { cookie: user.cookie, 'idempotency-key': key }, body: form() }),
      ),
    );
    expect(answers.every((a) => a.status === 201 || (a.status === 409 && a.headers.get('retry-after') !== null))).toBe(true);
    expect((await apiList(env.server.url, user, 'calibrations/')).count).toBe(1);
    expect((await apiList(env.server.url, user, 'notifications/')).count).toBe(1);
  });
});
