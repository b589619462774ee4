import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { SeenRequest } from './network.ts';

/** The calibrations screens as a user works them (pt-BR): find an item across the list's pages, fill the form. */

const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/pt-BR/${ns}.json`, 'utf8'));
const texts = read('calibrations');

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const calibrationField = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
export const calibrationItem = (page: Page, name: string) => page.getByRole('article', { name });

/** The list shows two per page: look on each page until the calibration is on screen. */
export async function showCalibration(page: Page, name: string) {
  await page.getByRole('heading', { name: texts.title, level: 2 }).waitFor();
  for (let attempt = 0; attempt < 3; attempt++) {
    const pages = Math.max(1, await page.getByRole('button', { name: /^Página \d+$/ }).count());
    for (let n = 1; n <= pages; n++) {
      const button = page.getByRole('button', { name: `Página ${n}`, exact: true });
      if ((await button.count()) > 0) await button.click();
      if (await calibrationItem(page, name).isVisible()) return calibrationItem(page, name);
    }
    await page.waitForTimeout(300);
  }
  throw new Error(`calibration ${name} not listed`);
}

export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A 2 KB "zip": the server checks a file's first bytes. */
export const smallZip = (): PickedFile => ({
  name: 'fantoma.zip',
  mimeType: 'application/zip',
  buffer: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(2044, 7)]),
});

/** Fills the add form (Lu-177, fixed values but the name and syringe activity) and picks the images. */
export async function fillCalibrationForm(page: Page, values: { name: string; syringe: string }, images: PickedFile | string = smallZip()) {
  const fields = texts.fields;
  await calibrationField(page, fields.isotope).first().click();
  await page.getByRole('option', { name: 'Lu-177' }).click();
  await calibrationField(page, fields.calibrationName).fill(values.name);
  await calibrationField(page, fields.syringeActivity).fill(values.syringe);
  await calibrationField(page, fields.residualSyringeActivity).fill('0,5');
  await calibrationField(page, fields.measurementDatetime).fill('20/11/2026 09:30');
  await calibrationField(page, fields.phantomVolume).fill('250');
  await page.locator('input[type=file][accept]').setInputFiles(images);
}

/** Renames a calibration through its edit form and waits for the new name in the list. */
export async function renameCalibration(page: Page, from: string, to: string) {
  await (await showCalibration(page, from)).getByRole('link', { name: `Editar a calibração ${from}` }).click();
  await calibrationField(page, texts.fields.calibrationName).fill(to);
  await page.getByRole('button', { name: texts.form.submitEdit }).click();
  await showCalibration(page, to);
}

/** A queued write on its way to the server: an upload's creation or bytes, or a calibration's create, update or delete. */
export const isCalibrationWrite = (request: SeenRequest) =>
  ['POST', 'PATCH', 'PUT', 'DELETE'].includes(request.method) && /^\/api\/v1\/(uploads\/|users\/[^/]+\/calibrations\/)/.test(request.path);
