// Issue 30, the staff's side of "Download my data", in Chromium against the real server: on a user's record, staff
// export the person's data (a dialog says it is audited; focus returns to the button), the export becomes ready with
// its expiry in the interface's language, and the zip staff download holds that user's data.json; the audit log has
// the request and the download.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader, type FileEntry } from '@zip.js/zip.js/index-native.js';
import type { DataExportDocument } from '#shared/schemas/data-export.ts';
import type { AuditList } from '#shared/schemas/staff-audit.ts';
import { confirmedUser } from './support/accounts.ts';
import { openPage } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { enrolTotpInBrowser, signInWithCode } from './support/second-factor.ts';

const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const t = { staff: read('staff'), auth: read('auth'), account: read('account') };
const env = useE2eEnvironment();

/** data.json of a zip's bytes. */
async function dataJsonOf(bytes: Buffer): Promise<DataExportDocument> {
  const reader = new ZipReader(new Uint8ArrayReader(new Uint8Array(bytes)));
  const entry = (await reader.getEntries()).find((each): each is FileEntry => !each.directory && each.filename === 'data.json');
  const json = await entry!.getData(new Uint8ArrayWriter());
  await reader.close();
  return JSON.parse(new TextDecoder().decode(json)) as DataExportDocument;
}

describe("the staff export of a user's data, in Chromium", () => {
  it('staff ask for it on the record, it becomes ready, and the zip they download holds that user\'s data.json', async () => {
    const clinician = await confirmedUser(env.server.url, env.smtp, 'pede-dados@clinica.example');
    const staffEmail = /e-mail:\s+(\S+)/.exec(env.server.output())![1]!;
    const staffPassword = /password:\s+(\S+)/.exec(env.server.output())![1]!;
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
    const page = await openPage(context);
    await page.goto(`${env.server.url}/login`);
    await page.getByLabel(new RegExp(`^${t.auth.fields.email}( \\*)?$`)).fill(staffEmail);
    await page.getByLabel(new RegExp(`^${t.auth.fields.password}( \\*)?$`)).fill(staffPassword);
    await page.getByRole('main').getByRole('button', { name: t.auth.login.submit }).click();
    await page.waitForURL(/\/dashboard\/second-factor/);
    const secret = await enrolTotpInBrowser(page);
    await page.getByRole('button', { name: t.account.secondFactor.continue }).click();
    await page.waitForURL(/\/staff/);

    await page.goto(`${env.server.url}/staff/users/${clinician.id}`);
    const section = page.getByRole('region', { name: t.staff.users.exportTitle });
    await section.getByText(t.staff.users.exportNone).waitFor();
    const button = section.getByRole('button', { name: t.staff.users.exportButton });
    await button.click();
    const dialog = page.getByRole('dialog', { name: t.staff.users.exportDialogTitle });
    await dialog.getByText(t.staff.users.exportDialogAudit).waitFor();
    await dialog.getByRole('button', { name: t.staff.users.exportConfirm }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);

    const link = section.getByRole('link', { name: /^Baixar a exportação \(/ });
    await link.waitFor({ timeout: 20_000 });
    // The expiry as pt-BR writes a date: dd/mm/yyyy.
    expect(await section.getByText(/^Disponível até \d{2}\/\d{2}\/\d{4}/).count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const exported = await dataJsonOf(fs.readFileSync((await download.path())!));
    expect(exported.userId).toBe(clinician.id);
    expect((exported.records.profile as { email: string }).email).toBe(clinician.email);
    expect(page.problems).toEqual([]);
    await context.close();

    const { cookie } = await signInWithCode(env.server.url, staffEmail, staffPassword, secret);
    const audit = (await (await fetch(`${env.server.url}/api/v1/staff/audit/?recordId=${clinician.id}`, { headers: { cookie } })).json()) as AuditList;
    expect(audit.row.map((entry) => entry.action).sort()).toEqual(['user.dataExport', 'user.dataExportDownload']);
  });
});
