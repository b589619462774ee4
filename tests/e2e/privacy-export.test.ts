// Issue 30, "Download my data", in Chromium against the real server, in each language: the export asked for on /dashboard/privacy,
// its progress, the download, and the zip opened (data.json holds the user's calibration and its file, by SHA-256);
// offline, the page says the request needs the network.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader, type FileEntry } from '@zip.js/zip.js/index-native.js';
import type { DataExportDocument } from '#shared/schemas/data-export.ts';
import { SUPPORTED_LANGUAGES } from '#shared/languages.ts';
import { confirmedUser, createCalibrationViaApi, loginThroughUi } from './support/accounts.ts';
import { openPage } from './support/browser.ts';
import { useE2eEnvironment } from './support/environment.ts';

const read = (language: string, ns: string) => JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, 'utf8'));
const signIn = read('pt-BR', 'auth').login.submit as string;
const env = useE2eEnvironment();

/** A translated text with `{{values}}` as a pattern matching the whole text. */
const filled = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}$`);

describe('download my data, in Chromium', () => {
  it.for(SUPPORTED_LANGUAGES)('in %s: asks for the export, follows it, downloads the zip and finds the records and files in it', async (language) => {
    const t = { privacy: read(language, 'privacy-export') };
    const user = await confirmedUser(env.server.url, env.smtp, `exporta-${language.toLowerCase()}@hospital.example`);
    await createCalibrationViaApi(env.server.url, user, 'Fantoma exportado');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await openPage(context);
    await loginThroughUi(page, env.server.url, user, signIn);
    await page.goto(`${env.server.url}/dashboard/privacy?lang=${language}`);

    await page.getByRole('button', { name: t.privacy.request }).click();
    const link = page.getByRole('link', { name: filled(t.privacy.download) });
    await link.waitFor({ timeout: 20_000 });
    await page.getByText(filled(t.privacy.readySince)).waitFor();
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/privacy-export.png` });

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const bytes = fs.readFileSync((await download.path())!);
    const reader = new ZipReader(new Uint8ArrayReader(new Uint8Array(bytes)));
    const entries = new Map((await reader.getEntries()).filter((entry): entry is FileEntry => !entry.directory).map((entry) => [entry.filename, entry]));
    const json = await entries.get('data.json')!.getData(new Uint8ArrayWriter());
    const document = JSON.parse(new TextDecoder().decode(json)) as DataExportDocument;
    expect((document.records.calibrations as Array<{ calibrationName: string }>).map((row) => row.calibrationName)).toEqual(['Fantoma exportado']);
    expect(document.files).toHaveLength(1);
    const file = await entries.get(document.files[0]!.path)!.getData(new Uint8ArrayWriter());
    expect(createHash('sha256').update(file).digest('hex')).toBe(document.files[0]!.sha256);
    expect(entries.has('summary.html')).toBe(true);
    await reader.close();

    await context.setOffline(true);
    await page.getByText(t.privacy.needsNetwork).waitFor();
    expect(await page.getByRole('button', { name: t.privacy.requestAgain }).isDisabled()).toBe(true);
    await context.close();
  });
});
