// The calibration form's checks (v1 §1.13 messages; DOMAIN.md "Calibration records": residual < syringe,
// values ≥ 0, phantom volume > 0, measurement not in the future), on create and on replace.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, expectStatus, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import {
  calibrationFields,
  createCalibration,
  getCalibration,
  listCalibrations,
  postCalibration,
  putCalibration,
  storedFiles,
  verifiedUser,
} from '#tests/utils/calibrations.ts';
import type { MultipartFields } from '#tests/utils/multipart.ts';

const REQUIRED = 'Este campo é obrigatório.';
const NUMBER = 'Informe um número.';
// v1 §1.13 and the message catalogue: Django's wording, "0.0" and (pt) "Certifique-se que".
const NOT_NEGATIVE = 'Certifique-se que este valor seja maior ou igual a 0.0.';
const POSITIVE = 'O valor precisa ser maior que 0.';
const NAME_LENGTH = 'O nome da calibração precisa ter de 3 a 24 caracteres.';
const ISOTOPE = 'Isótopo não registrado.';
const RESIDUAL = 'A atividade residual precisa ser menor que a atividade da seringa.';
const FUTURE = 'A data da medição não pode estar no futuro.';
const BAD_DATE = 'Informe uma data/hora válida.';
const NAME_TAKEN = 'Você já tem uma calibração com este nome.';

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
  { label: 'isotope longer than 6', fields: () => calibrationFields({ isotope: 'Lutetium-177' }), error: `isotope: ${ISOTOPE}` },
  { label: 'name missing', fields: () => without('calibrationName'), error: `calibration_name: ${REQUIRED}` },
  { label: 'name of 2 characters', fields: () => calibrationFields({ calibrationName: 'ab' }), error: `calibration_name: ${NAME_LENGTH}` },
  { label: 'name of 25 characters', fields: () => calibrationFields({ calibrationName: 'x'.repeat(25) }), error: `calibration_name: ${NAME_LENGTH}` },
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

  it('every required field missing → one message each, in the form\'s order', async () => {
    const response = await postCalibration(t.app, ana, {});
    expectStatus(response, 400);
    expect(response.json()).toEqual({
      errors: [
        `isotope: ${REQUIRED}`,
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

  // DOMAIN.md / v1 (Django's DateTimeField): an impossible calendar date is "Enter a valid date/time.",
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
    ['en-US', { calibrationName: 'ab' }, 'calibration_name: The calibration name must have 3 to 24 characters.'],
    ['es', { calibrationName: 'ab' }, 'calibration_name: El nombre de la calibración debe tener de 3 a 24 caracteres.'],
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
    [undefined, `calibration_name: ${NAME_TAKEN}`],
    ['en-US', 'calibration_name: You already have a calibration with this name.'],
    ['es', 'calibration_name: Ya tiene una calibración con este nombre.'],
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
    expect(response.json()).toEqual({ errors: [`calibration_name: ${NAME_TAKEN}`] });
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
      expect(response.json()).toEqual({ errors: [`calibration_name: ${NAME_TAKEN}`] });
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
    const response = await putCalibration(t.app, ana, mine.id, calibrationFields(overrides), { images: new Uint8Array([1, 2, 3]) });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [error] });
    const after = await getCalibration(t.app, ana, mine.id);
    expect(after.json()).toEqual(mine);
    expect(after.headers.etag).toBe('W/"1"');
    expect(storedFiles(t.dataDir)).toHaveLength(files);
  });
});
