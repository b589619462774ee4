// The calibration form's checks (docs/v1-contract.md §1.13 messages; docs/domain.md "Calibration records": residual < syringe,
// values ≥ 0, phantom volume > 0, measurement not in the future), on create and on replace; the images are
// held to the analyses' rule (a zip, DICOM or image by declared type or extension and first bytes).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, expectStatus, lang, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import {
  calibrationFields,
  calibrationsUrl,
  calibrationUrl,
  createCalibration,
  fileRowsOf,
  getCalibration,
  imageBytes,
  listCalibrations,
  postCalibration,
  putCalibration,
  sha256,
  storedFiles,
  verifiedUser,
  type Calibration,
  type User,
} from '#tests/utils/calibrations.ts';
import { multipart, type MultipartFields, type MultipartFile } from '#tests/utils/multipart.ts';

const REQUIRED = 'Este campo é obrigatório.';
const NUMBER = 'Informe um número.';
// docs/v1-contract.md §1.13 and the message catalogue: Django's wording, "0.0" and (pt) "Certifique-se que".
const NOT_NEGATIVE = 'Certifique-se que este valor seja maior ou igual a 0.0.';
const POSITIVE = 'O valor precisa ser maior que 0.';
// v1 (Django) counts the characters: "Ensure this value has at least 3 characters (it has 2)."
const AT_LEAST = (min: number, length: number) => `Certifique-se de que o valor tenha no mínimo ${min} caracteres (ele possui ${length}).`;
const AT_MOST = (max: number, length: number) => `Certifique-se de que o valor tenha no máximo ${max} caracteres (ele possui ${length}).`;
const ISOTOPE = 'Isótopo não registrado.';
const RESIDUAL = 'A atividade residual precisa ser menor que a atividade da seringa.';
const FUTURE = 'A data da medição não pode estar no futuro.';
const BAD_DATE = 'Informe uma data/hora válida.';
// v1's non-field uniqueness message (model and field labels as v1 has them, untranslated in pt).
const NAME_TAKEN = {
  'pt-BR': 'Calibração com este User e Calibration Name já existe.',
  'en-US': 'Calibration with this User and Calibration Name already exists.',
  es: 'Calibración con este User y Calibration Name ya existe.',
};

let t: MailingTestApp;
let ana: SignedInUser;
let bia: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  [ana, bia] = await Promise.all([verifiedUser(t, { name: 'Ana Valida' }), verifiedUser(t, { name: 'Bia Valida' })]);
});
afterAll(() => t?.close());

const without = (field: string): MultipartFields => {
  const { [field]: _dropped, ...rest } = calibrationFields();
  return rest;
};
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

interface Case {
  label: string;
  fields: () => MultipartFields;
  error: string;
}

const CASES: Case[] = [
  { label: 'isotope missing', fields: () => without('isotope'), error: `isotope: ${REQUIRED}` },
  { label: 'isotope empty', fields: () => calibrationFields({ isotope: '' }), error: `isotope: ${REQUIRED}` },
  { label: 'isotope P-32 (radiosynoviorthesis only, not dosimetry)', fields: () => calibrationFields({ isotope: 'P-32' }), error: `isotope: ${ISOTOPE}` },
  { label: 'isotope Re-188 (not dosimetry)', fields: () => calibrationFields({ isotope: 'Re-188' }), error: `isotope: ${ISOTOPE}` },
  { label: 'isotope unknown', fields: () => calibrationFields({ isotope: 'Xx-999' }), error: `isotope: ${ISOTOPE}` },
  { label: 'isotope longer than 6 (v1 counts it)', fields: () => calibrationFields({ isotope: 'Lutetium-177' }), error: `isotope: ${AT_MOST(6, 12)}` },
  { label: 'isotope of 6 not registered', fields: () => calibrationFields({ isotope: 'Lu-178' }), error: `isotope: ${ISOTOPE}` },
  { label: 'name missing', fields: () => without('calibrationName'), error: `calibration_name: ${REQUIRED}` },
  { label: 'name of 2 characters', fields: () => calibrationFields({ calibrationName: 'ab' }), error: `calibration_name: ${AT_LEAST(3, 2)}` },
  { label: 'name of 1 character', fields: () => calibrationFields({ calibrationName: 'x' }), error: `calibration_name: ${AT_LEAST(3, 1)}` },
  { label: 'name of 2 accented characters, padded (trimmed, counted in characters)', fields: () => calibrationFields({ calibrationName: '  Lú ' }), error: `calibration_name: ${AT_LEAST(3, 2)}` },
  { label: 'name of 25 characters', fields: () => calibrationFields({ calibrationName: 'x'.repeat(25) }), error: `calibration_name: ${AT_MOST(24, 25)}` },
  { label: 'name of 40 characters', fields: () => calibrationFields({ calibrationName: 'ç'.repeat(40) }), error: `calibration_name: ${AT_MOST(24, 40)}` },
  { label: 'syringe activity missing', fields: () => without('syringeActivity'), error: `syringe_activity: ${REQUIRED}` },
  { label: 'syringe activity empty', fields: () => calibrationFields({ syringeActivity: '' }), error: `syringe_activity: ${REQUIRED}` },
  { label: 'syringe activity not a number', fields: () => calibrationFields({ syringeActivity: 'cinquenta' }), error: `syringe_activity: ${NUMBER}` },
  { label: 'syringe activity Infinity', fields: () => calibrationFields({ syringeActivity: 'Infinity' }), error: `syringe_activity: ${NUMBER}` },
  { label: 'syringe activity negative', fields: () => calibrationFields({ syringeActivity: '-1' }), error: `syringe_activity: ${NOT_NEGATIVE}` },
  { label: 'residual activity missing', fields: () => without('residualSyringeActivity'), error: `residual_syringe_activity: ${REQUIRED}` },
  { label: 'residual activity not a number', fields: () => calibrationFields({ residualSyringeActivity: 'abc' }), error: `residual_syringe_activity: ${NUMBER}` },
  { label: 'residual activity negative', fields: () => calibrationFields({ residualSyringeActivity: '-0.1' }), error: `residual_syringe_activity: ${NOT_NEGATIVE}` },
  { label: 'residual = syringe', fields: () => calibrationFields({ syringeActivity: '50', residualSyringeActivity: '50' }), error: `residual_syringe_activity: ${RESIDUAL}` },
  { label: 'residual > syringe', fields: () => calibrationFields({ syringeActivity: '10', residualSyringeActivity: '12.5' }), error: `residual_syringe_activity: ${RESIDUAL}` },
  { label: 'phantom volume missing', fields: () => without('phantomVolume'), error: `phantom_volume: ${REQUIRED}` },
  { label: 'phantom volume not a number', fields: () => calibrationFields({ phantomVolume: '200 ml' }), error: `phantom_volume: ${NUMBER}` },
  { label: 'phantom volume 0', fields: () => calibrationFields({ phantomVolume: '0' }), error: `phantom_volume: ${POSITIVE}` },
  { label: 'phantom volume negative', fields: () => calibrationFields({ phantomVolume: '-5' }), error: `phantom_volume: ${POSITIVE}` },
  { label: 'acquisition time not a number', fields: () => calibrationFields({ acquisitionTime: 'meia hora' }), error: `acquisition_time: ${NUMBER}` },
  { label: 'acquisition time negative', fields: () => calibrationFields({ acquisitionTime: '-1' }), error: `acquisition_time: ${NOT_NEGATIVE}` },
  { label: 'measurement missing', fields: () => without('measurementDatetime'), error: `measurement_datetime: ${REQUIRED}` },
  { label: 'measurement in the future', fields: () => calibrationFields({ measurementDatetime: inAnHour() }), error: `measurement_datetime: ${FUTURE}` },
  { label: 'measurement not a date', fields: () => calibrationFields({ measurementDatetime: 'ontem à tarde' }), error: `measurement_datetime: ${BAD_DATE}` },
  { label: 'measurement in dd/mm/yyyy', fields: () => calibrationFields({ measurementDatetime: '10/05/2024 10:00' }), error: `measurement_datetime: ${BAD_DATE}` },
  { label: 'measurement month 13', fields: () => calibrationFields({ measurementDatetime: '2024-13-01 10:00:00' }), error: `measurement_datetime: ${BAD_DATE}` },
  { label: 'client id not a UUID', fields: () => calibrationFields({ id: 'calibration-1' }), error: 'id: Insira um UUID válido.' },
];

describe('POST: one message per refused field (pt-BR)', () => {
  it.each(CASES.map((c) => [c.label, c] as const))('%s → 400; nothing stored', async (_label, { fields, error }) => {
    const before = (await listCalibrations(t.app, ana)).count;
    const files = storedFiles(t.dataDir).length;
    const response = await postCalibration(t.app, ana, fields());
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [error] });
    expect((await listCalibrations(t.app, ana)).count).toBe(before);
    expect(storedFiles(t.dataDir)).toHaveLength(files);
  });

  it('every field missing → only the isotope\'s message (v1 checks it first, alone); then one message each, in the form\'s order', async () => {
    const response = await postCalibration(t.app, ana, {});
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [`isotope: ${REQUIRED}`] });
    const rest = await postCalibration(t.app, ana, { isotope: 'Lu-177' });
    expectStatus(rest, 400);
    expect(rest.json()).toEqual({
      errors: [
        `calibration_name: ${REQUIRED}`,
        `syringe_activity: ${REQUIRED}`,
        `residual_syringe_activity: ${REQUIRED}`,
        `measurement_datetime: ${REQUIRED}`,
        `phantom_volume: ${REQUIRED}`,
      ],
    });
  });

  it('accepts the limits: names of 3 and 24 characters, zero activities/time where allowed, a decimal comma, now', async () => {
    for (const overrides of [
      { calibrationName: 'abc' },
      { calibrationName: 'y'.repeat(24) },
      { residualSyringeActivity: '0', acquisitionTime: '0' },
      { syringeActivity: '12,5', residualSyringeActivity: '0,5' },
      { measurementDatetime: new Date().toISOString() },
    ]) {
      const response = await postCalibration(t.app, ana, calibrationFields(overrides));
      expectStatus(response, 201, JSON.stringify(overrides));
    }
  });

  // docs/domain.md / v1 (Django's DateTimeField): an impossible calendar date is "Enter a valid date/time.",
  // not silently moved to another day. An empty or blank field is a missing value ("required", checked
  // before the length), and only decimal numbers are numbers.
  it.each([
    ['2024-02-30 10:00:00 (no 30 February)', { measurementDatetime: '2024-02-30 10:00:00' }, `measurement_datetime: ${BAD_DATE}`],
    ['2023-04-31T08:00:00Z (April has 30 days)', { measurementDatetime: '2023-04-31T08:00:00Z' }, `measurement_datetime: ${BAD_DATE}`],
    ['calibration name "" (empty, as every other empty field)', { calibrationName: '' }, `calibration_name: ${REQUIRED}`],
    ['residual activity "  " (blank)', { residualSyringeActivity: '  ' }, `residual_syringe_activity: ${REQUIRED}`],
    ['syringe activity "0x40" (hexadecimal)', { syringeActivity: '0x40' }, `syringe_activity: ${NUMBER}`],
  ])('%s → 400', async (_label, overrides, error) => {
    const response = await postCalibration(t.app, ana, calibrationFields(overrides));
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { errors: [error] } });
  });
});

describe('messages follow Accept-Language', () => {
  it.each([
    ['en-US', { isotope: 'P-32' }, 'isotope: Isotope not registered.'],
    ['es', { isotope: 'P-32' }, 'isotope: Isótopo no registrado.'],
    ['en-US', { syringeActivity: 'x' }, 'syringe_activity: Enter a number.'],
    ['es', { syringeActivity: 'x' }, 'syringe_activity: Introduzca un número.'],
    ['en-US', { syringeActivity: '-2' }, 'syringe_activity: Ensure this value is greater than or equal to 0.0.'],
    ['es', { phantomVolume: '0' }, 'phantom_volume: El valor debe ser mayor que 0.'],
    ['en-US', { calibrationName: 'ab' }, 'calibration_name: Ensure this value has at least 3 characters (it has 2).'],
    ['es', { calibrationName: 'ab' }, 'calibration_name: Asegúrese de que este valor tenga al menos 3 caracteres (tiene 2).'],
    ['en-US', { calibrationName: 'x'.repeat(30) }, 'calibration_name: Ensure this value has at most 24 characters (it has 30).'],
    ['es', { calibrationName: 'x'.repeat(30) }, 'calibration_name: Asegúrese de que este valor tenga como máximo 24 caracteres (tiene 30).'],
    ['en-US', { isotope: 'Lutetium-177' }, 'isotope: Ensure this value has at most 6 characters (it has 12).'],
    ['es', { isotope: 'Lutetium-177' }, 'isotope: Asegúrese de que este valor tenga como máximo 6 caracteres (tiene 12).'],
    ['en-US', { syringeActivity: '1', residualSyringeActivity: '1' }, 'residual_syringe_activity: The residual activity must be lower than the syringe activity.'],
    ['es', { measurementDatetime: 'nope' }, 'measurement_datetime: Introduzca una fecha/hora válida.'],
    ['en-US', { measurementDatetime: 'nope' }, 'measurement_datetime: Enter a valid date/time.'],
    ['es', { calibrationName: undefined }, 'calibration_name: Este campo es obligatorio.'],
  ] as const)('%s: %j → %s', async (acceptLanguage, overrides, error) => {
    const response = await postCalibration(t.app, ana, calibrationFields(overrides), { acceptLanguage });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [error] });
  });

  it.each([
    ['en-US', 'measurement_datetime: The measurement date cannot be in the future.'],
    ['es', 'measurement_datetime: La fecha de la medición no puede estar en el futuro.'],
  ])('future measurement (%s)', async (acceptLanguage, future) => {
    const response = await postCalibration(t.app, ana, calibrationFields({ measurementDatetime: inAnHour() }), { acceptLanguage });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [future] });
  });
});

describe('calibration names are unique per user', () => {
  it.each([
    [undefined, NAME_TAKEN['pt-BR']],
    ['en-US', NAME_TAKEN['en-US']],
    ['es', NAME_TAKEN.es],
  ])('the same name twice for one user → 400 (%s); another user may use it', async (acceptLanguage, error) => {
    const name = `Única ${acceptLanguage ?? 'pt'}`;
    await createCalibration(t.app, ana, { calibrationName: name });
    const files = storedFiles(t.dataDir).length;
    const duplicate = await postCalibration(t.app, ana, calibrationFields({ calibrationName: name }), { acceptLanguage });
    expectStatus(duplicate, 400);
    expect(duplicate.json()).toEqual({ errors: [error] });
    expect(storedFiles(t.dataDir)).toHaveLength(files);
    // Surrounding blanks do not make another name.
    const padded = await postCalibration(t.app, ana, calibrationFields({ calibrationName: `  ${name} ` }));
    expectStatus(padded, 400);

    const other = await postCalibration(t.app, bia, calibrationFields({ calibrationName: name }));
    expectStatus(other, 201);
    expect(other.json()).toMatchObject({ userId: bia.id, calibrationName: name });
  });

  it('renaming to another calibration\'s name → 400 and nothing changes', async () => {
    await createCalibration(t.app, ana, { calibrationName: 'Nome Ocupado' });
    const mine = await createCalibration(t.app, ana, { calibrationName: 'Nome Livre' });
    const response = await putCalibration(t.app, ana, mine.id, calibrationFields({ calibrationName: 'Nome Ocupado' }));
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [NAME_TAKEN['pt-BR']] });
    expect((await getCalibration(t.app, ana, mine.id)).json()).toEqual(mine);
  });

  it('concurrent creates with one name (different ids) → exactly one 201, the others 400, no 5xx', async () => {
    const name = `Corrida ${randomUUID().slice(0, 8)}`;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => postCalibration(t.app, bia, calibrationFields({ id: randomUUID(), calibrationName: name }))),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(7);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json()).toEqual({ errors: [NAME_TAKEN['pt-BR']] });
    }
    expect((await listCalibrations(t.app, bia)).row.filter((c) => c.calibrationName === name)).toHaveLength(1);
  });
});

describe('PUT validates the same way and changes nothing when refused', () => {
  it.each([
    ['isotope P-32', { isotope: 'P-32' }, `isotope: ${ISOTOPE}`],
    ['phantom volume 0', { phantomVolume: '0' }, `phantom_volume: ${POSITIVE}`],
    ['residual ≥ syringe', { syringeActivity: '5', residualSyringeActivity: '6' }, `residual_syringe_activity: ${RESIDUAL}`],
    ['future measurement', { measurementDatetime: '2999-01-01T00:00:00Z' }, `measurement_datetime: ${FUTURE}`],
    ['name missing', { calibrationName: undefined }, `calibration_name: ${REQUIRED}`],
  ] as const)('%s → 400', async (_label, overrides, error) => {
    const mine = await createCalibration(t.app, ana);
    const files = storedFiles(t.dataDir).length;
    const response = await putCalibration(t.app, ana, mine.id, calibrationFields(overrides), { images: imageBytes(64, 7) });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [error] });
    const after = await getCalibration(t.app, ana, mine.id);
    expect(after.json()).toEqual(mine);
    expect(after.headers.etag).toBe('W/"1"');
    expect(storedFiles(t.dataDir)).toHaveLength(files);
  });
});

describe('images: a zip, DICOM or image by its declared type (or extension) and first bytes, as for analyses', () => {
  const TYPE_REFUSED = {
    'pt-BR': 'images: Tipo de arquivo não aceito: envie um arquivo zip, arquivos DICOM ou imagens (PNG, JPEG, TIFF).',
    'en-US': 'images: File type not accepted: send a zip archive, DICOM files or images (PNG, JPEG, TIFF).',
    es: 'images: Tipo de archivo no aceptado: envíe un archivo zip, archivos DICOM o imágenes (PNG, JPEG, TIFF).',
  };
  const MISMATCH = {
    'pt-BR': 'images: O conteúdo de “fantoma.zip” não corresponde ao tipo do arquivo: o envio falhou. Escolha um arquivo zip, DICOM ou de imagem válido.',
    'en-US': 'images: The content of “fantoma.zip” does not match its file type: the upload failed. Choose a valid zip, DICOM or image file.',
    es: 'images: El contenido de “fantoma.zip” no corresponde al tipo de archivo: la carga falló. Elija un archivo zip, DICOM o de imagen válido.',
  };
  const withHead = (head: number[], size = 600, seed = 51) => {
    const bytes = imageBytes(size, seed);
    bytes.set(head);
    return bytes;
  };
  /** A .zip whose bytes are a Windows program's. */
  const fakeZip: MultipartFile = { content: withHead([...Buffer.from('MZ'), 0x90, 0x00]), filename: 'fantoma.zip', contentType: 'application/zip' };

  async function send(user: User, method: 'POST' | 'PUT', url: string, fields: MultipartFields, images: MultipartFile, acceptLanguage?: string) {
    const body = await multipart(fields, { images });
    return t.app.inject({ method, url, payload: body.payload, headers: { cookie: user.cookies, ...lang(acceptLanguage), ...body.headers } });
  }

  it.each([
    ['pt-BR', 'notas.txt', 'text/plain'],
    ['en-US', 'programa.exe', 'application/x-msdownload'],
    ['es', 'semtipo.bin', 'application/octet-stream'],
  ] as const)('POST with a type that is no zip, DICOM or image → 400 naming images (%s, %s); nothing kept', async (acceptLanguage, filename, contentType) => {
    const user = await verifiedUser(t, { name: 'Tito Tipo' });
    const files = storedFiles(t.dataDir).length;
    const response = await send(user, 'POST', calibrationsUrl(user.id), calibrationFields(), { content: imageBytes(500), filename, contentType }, acceptLanguage);
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [TYPE_REFUSED[acceptLanguage]] });
    expect((await listCalibrations(t.app, user)).count).toBe(0);
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(0);
    expect(storedFiles(t.dataDir)).toHaveLength(files);
  });

  it.each(['pt-BR', 'en-US', 'es'] as const)('a "zip" whose bytes are something else → 400 naming the file (%s); a PUT with it keeps the calibration and its images', async (acceptLanguage) => {
    const user = await verifiedUser(t, { name: 'Zuza Zip' });
    const post = await send(user, 'POST', calibrationsUrl(user.id), calibrationFields(), fakeZip, acceptLanguage);
    expectStatus(post, 400);
    expect(post.json()).toEqual({ errors: [MISMATCH[acceptLanguage]] });
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(0);

    const mine = await createCalibration(t.app, user, {}, { images: imageBytes(700, 52) });
    const files = storedFiles(t.dataDir).length;
    const put = await send(user, 'PUT', calibrationUrl(user.id, mine.id), calibrationFields({ calibrationName: 'Troca falsa' }), fakeZip, acceptLanguage);
    expectStatus(put, 400);
    expect(put.json()).toEqual({ errors: [MISMATCH[acceptLanguage]] });
    expect((await getCalibration(t.app, user, mine.id)).json()).toEqual(mine);
    const images = await t.app.inject({ url: mine.imagesUrl!, headers: { cookie: user.cookies } });
    expect(sha256(images.rawPayload)).toBe(sha256(imageBytes(700, 52)));
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);
    expect(storedFiles(t.dataDir)).toHaveLength(files);
  });

  it("the images' problem comes in the same 400 as the fields' (after them)", async () => {
    const response = await send(ana, 'POST', calibrationsUrl(ana.id), calibrationFields({ calibrationName: 'ab', phantomVolume: '0' }), { content: 'olá', filename: 'notas.txt', contentType: 'text/plain' }, 'en-US');
    expectStatus(response, 400);
    expect(response.json()).toEqual({
      errors: ['calibration_name: Ensure this value has at least 3 characters (it has 2).', 'phantom_volume: The value must be greater than 0.', TYPE_REFUSED['en-US']],
    });
  });

  it('DICOM, PNG, JPEG and TIFF are accepted; a generic type is taken from the extension and recorded as such', async () => {
    const user = await verifiedUser(t, { name: 'Dani Dicom' });
    const dicom = imageBytes(800, 53);
    dicom.set([...Buffer.from('DICM')], 128);
    const cases: Array<[MultipartFile, string]> = [
      [{ content: dicom, filename: 'fantoma.dcm', contentType: 'application/dicom' }, 'application/dicom'],
      [{ content: withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), filename: 'fantoma.png', contentType: 'application/octet-stream' }, 'image/png'],
      [{ content: withHead([0xff, 0xd8, 0xff, 0xe0]), filename: 'fantoma.jpg', contentType: 'image/jpeg' }, 'image/jpeg'],
      [{ content: withHead([0x49, 0x49, 0x2a, 0x00]), filename: 'fantoma.tif', contentType: '' }, 'image/tiff'],
    ];
    for (const [images, recorded] of cases) {
      const response = await send(user, 'POST', calibrationsUrl(user.id), calibrationFields(), images);
      expectStatus(response, 201, images.filename);
      const download = await t.app.inject({ url: response.json<Calibration>().imagesUrl!, headers: { cookie: user.cookies } });
      expect({ file: images.filename, type: download.headers['content-type'] }).toEqual({ file: images.filename, type: recorded });
    }
    // A PUT replaces the images with an accepted type as well.
    const mine = (await listCalibrations(t.app, user)).row[0]!;
    const put = await send(user, 'PUT', calibrationUrl(user.id, mine.id), calibrationFields({ calibrationName: mine.calibrationName }), {
      content: withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 900, 54),
      filename: 'novo.png',
      contentType: 'image/png',
    });
    expectStatus(put, 204);
    const after = (await getCalibration(t.app, user, mine.id)).json<Calibration>();
    expect((await t.app.inject({ url: after.imagesUrl!, headers: { cookie: user.cookies } })).headers['content-type']).toBe('image/png');
  });
});
