// v1's order of checks for calibrations (docs/v1-contract.md §1.13): POST checks the isotope first, on its own, then the rest of
// the form; PUT answers 404, then the 409 of a calibration used by an analysis past DS/II, then the isotope,
// then the rest of the form. Each step's error comes alone while every later step would fail too. Kept before
// v1's steps (docs/api.md): the verified e-mail (409) and If-Match (412) right after the 404. DELETE: 404 → 412 → 409.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, expectStatus, lang, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import {
  calibrationFields,
  createCalibration,
  deleteCalibration,
  fileRowsOf,
  getCalibration,
  listCalibrations,
  postCalibration,
  putCalibration,
  storedFiles,
  verifiedUser,
  type Calibration,
  type SendOptions,
} from '#tests/utils/calibrations.ts';
import type { MultipartFields } from '#tests/utils/multipart.ts';
import { createAnalysis, createOrder, moveAnalysis, staffUser } from '#tests/utils/orders.ts';

const LANGUAGES = ['pt-BR', 'en-US', 'es'] as const;
type Language = (typeof LANGUAGES)[number];

const MSG = {
  required: { 'pt-BR': 'Este campo é obrigatório.', 'en-US': 'This field is required.', es: 'Este campo es obligatorio.' },
  isotopeUnknown: { 'pt-BR': 'Isótopo não registrado.', 'en-US': 'Isotope not registered.', es: 'Isótopo no registrado.' },
  isotopeTooLong: {
    'pt-BR': 'Certifique-se de que o valor tenha no máximo 6 caracteres (ele possui 12).',
    'en-US': 'Ensure this value has at most 6 characters (it has 12).',
    es: 'Asegúrese de que este valor tenga como máximo 6 caracteres (tiene 12).',
  },
  nameTooShort: {
    'pt-BR': 'Certifique-se de que o valor tenha no mínimo 3 caracteres (ele possui 2).',
    'en-US': 'Ensure this value has at least 3 characters (it has 2).',
    es: 'Asegúrese de que este valor tenga al menos 3 caracteres (tiene 2).',
  },
  notNegative: {
    'pt-BR': 'Certifique-se que este valor seja maior ou igual a 0.0.',
    'en-US': 'Ensure this value is greater than or equal to 0.0.',
    es: 'Asegúrese de que este valor sea mayor o igual a 0.0.',
  },
  mismatch: {
    'pt-BR': 'O conteúdo de “falso.zip” não corresponde ao tipo do arquivo: o envio falhou. Escolha um arquivo zip, DICOM ou de imagem válido.',
    'en-US': 'The content of “falso.zip” does not match its file type: the upload failed. Choose a valid zip, DICOM or image file.',
    es: 'El contenido de “falso.zip” no corresponde al tipo de archivo: la carga falló. Elija un archivo zip, DICOM o de imagen válido.',
  },
  nameTaken: {
    'pt-BR': 'Calibração com este User e Calibration Name já existe.',
    'en-US': 'Calibration with this User and Calibration Name already exists.',
    es: 'Calibración con este User y Calibration Name ya existe.',
  },
  locked: {
    'pt-BR': "Somente as calibrações associadas a análises com o status 'Informações inválidas' ou 'Dados enviados' podem ser atualizados/excluídos.",
    'en-US': "Only calibrations associated with analyzes with the status 'Invalid information' or 'Data sent' can be updated/deleted.",
    es: "Solo se pueden actualizar/eliminar las calibraciones asociadas a análisis con el estado 'Información inválida' o 'Datos enviados'.",
  },
  inUse: {
    'pt-BR': 'Esta calibração é usada por uma análise e não pode ser excluída.',
    'en-US': 'This calibration is used by an analysis and cannot be deleted.',
    es: 'Esta calibración la usa un análisis y no se puede eliminar.',
  },
  notFound: {
    'pt-BR': 'Este usuário não possui este recurso cadastrado.',
    'en-US': 'This user does not have this resource registered.',
    es: 'Este usuario no tiene registrado este recurso.',
  },
  stale: {
    'pt-BR': 'O recurso foi alterado por outra pessoa. Recarregue e tente de novo.',
    'en-US': 'The resource was changed by someone else. Reload and try again.',
    es: 'Otra persona modificó el recurso. Recargue e inténtelo de nuevo.',
  },
} satisfies Record<string, Record<Language, string>>;

/** A ".zip" whose bytes are a Windows program's: refused on `images` with the form's other errors. */
const FAKE_ZIP: SendOptions = { images: new TextEncoder().encode('MZ\u0090\u0000 no zip here'), filename: 'falso.zip' };

/** The rest of the form (v1's model form) wrong in two fields; the isotope as given. */
const badRest = (isotope: string | undefined): MultipartFields => calibrationFields({ isotope, calibrationName: 'ab', syringeActivity: '-1' });

/** Isotopes failing v1's isotope check: its form (missing, over 6 characters), then not a registered dosimetry isotope. */
const BAD_ISOTOPES = [
  ['missing', undefined, 'required'],
  ['over 6 characters', 'Lutetium-177', 'isotopeTooLong'],
  ['radiosynoviorthesis only (P-32)', 'P-32', 'isotopeUnknown'],
  ['unknown', 'Xx-99', 'isotopeUnknown'],
] as const;

let t: MailingTestApp;
let staff: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  staff = await staffUser(t);
}, 30_000);
afterAll(() => t?.close());

describe('POST: the isotope (alone) → the rest of the form with the images → the name', () => {
  it.each(LANGUAGES)('each step alone while every later one fails too (%s); nothing stored', async (acceptLanguage) => {
    const user = await verifiedUser(t, { name: 'Olavo Ordem' });
    const taken = await createCalibration(t.app, user, { calibrationName: 'Nome Tomado' });
    const files = storedFiles(t.dataDir).length;

    // 1. The isotope: its form and registration, alone, though the name is short, the activity negative and no images came.
    for (const [label, isotope, key] of BAD_ISOTOPES) {
      const response = await postCalibration(t.app, user, badRest(isotope), { images: null, acceptLanguage });
      expectStatus(response, 400, label);
      expect({ label, body: response.json() }).toEqual({ label, body: { errors: [`isotope: ${MSG[key][acceptLanguage]}`] } });
    }
    // 2. A valid isotope: the rest of the form and the images, together, with no isotope message.
    const rest = await postCalibration(t.app, user, badRest('Lu-177'), { images: null, acceptLanguage });
    expectStatus(rest, 400);
    expect(rest.json()).toEqual({
      errors: [
        `calibration_name: ${MSG.nameTooShort[acceptLanguage]}`,
        `syringe_activity: ${MSG.notNegative[acceptLanguage]}`,
        `images: ${MSG.required[acceptLanguage]}`,
      ],
    });
    const fakeImages = await postCalibration(t.app, user, calibrationFields(), { ...FAKE_ZIP, acceptLanguage });
    expectStatus(fakeImages, 400);
    expect(fakeImages.json()).toEqual({ errors: [`images: ${MSG.mismatch[acceptLanguage]}`] });
    // 3. A valid form: the name's uniqueness (v1's non-field message), alone.
    const duplicate = await postCalibration(t.app, user, calibrationFields({ calibrationName: taken.calibrationName }), { acceptLanguage });
    expectStatus(duplicate, 400);
    expect(duplicate.json()).toEqual({ errors: [MSG.nameTaken[acceptLanguage]] });

    expect((await listCalibrations(t.app, user)).row).toEqual([taken]);
    expect(await fileRowsOf(t.app, user.id)).toHaveLength(1);
    expect(storedFiles(t.dataDir)).toHaveLength(files);
  });

  it('every field missing → only the isotope\'s message; with the isotope, every other missing field and the images together', async () => {
    const user = await verifiedUser(t, { name: 'Vazio Total' });
    const empty = await postCalibration(t.app, user, {}, { images: null, acceptLanguage: 'en-US' });
    expectStatus(empty, 400);
    expect(empty.json()).toEqual({ errors: ['isotope: This field is required.'] });
    const rest = await postCalibration(t.app, user, { isotope: 'Lu-177' }, { images: null, acceptLanguage: 'en-US' });
    expectStatus(rest, 400);
    expect(rest.json()).toEqual({
      errors: [
        'calibration_name: This field is required.',
        'syringe_activity: This field is required.',
        'residual_syringe_activity: This field is required.',
        'measurement_datetime: This field is required.',
        'phantom_volume: This field is required.',
        'images: This field is required.',
      ],
    });
  });
});

describe('PUT: 404 → (If-Match 412) → in use past DS/II (409) → the isotope (alone) → the rest of the form with the images → the name', () => {
  it.each(LANGUAGES)('each step alone while every later one fails too (%s); the calibration never changes until the 204', async (acceptLanguage) => {
    const user = await verifiedUser(t, { name: 'Paulo Passos' });
    const taken = await createCalibration(t.app, user, { calibrationName: 'Nome Tomado' });
    const mine = await createCalibration(t.app, user, { calibrationName: 'Em Uso' });
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-clin' });
    const analysis = await moveAnalysis(t.app, staff, (await createAnalysis(t.app, user, order, { calibrationId: mine.id })).id, 'AI');
    const files = storedFiles(t.dataDir).length;
    const put = (cid: string, fields: MultipartFields, options: SendOptions = {}) => putCalibration(t.app, user, cid, fields, { acceptLanguage, ...options });
    const unchanged = async () => expect((await getCalibration(t.app, user, mine.id)).json<Calibration>()).toEqual(mine);
    const errorsOf = (response: Awaited<ReturnType<typeof put>>) => response.json<{ errors: string[] }>().errors;

    // 1. v1's 404 first, whatever the form and If-Match say.
    const unknown = await put(randomUUID(), badRest('Lutetium-177'), { ...FAKE_ZIP, headers: { 'if-match': 'W/"9"' } });
    expectStatus(unknown, 404);
    expect(errorsOf(unknown)).toEqual([MSG.notFound[acceptLanguage]]);
    // Kept before v1's steps (docs/api.md): a stale If-Match → 412, even on a calibration in use with a bad form.
    const stale = await put(mine.id, badRest('Lutetium-177'), { ...FAKE_ZIP, headers: { 'if-match': 'W/"9"' } });
    expectStatus(stale, 412);
    expect(errorsOf(stale)).toEqual([MSG.stale[acceptLanguage]]);
    // 2. In use by an analysis past DS/II → 409 before the isotope and the form (v1; the form's 400 used to come first).
    for (const [fields, options] of [
      [badRest(undefined), FAKE_ZIP],
      [badRest('P-32'), {}],
      [calibrationFields({ calibrationName: taken.calibrationName }), {}],
      [calibrationFields(), { headers: { 'if-match': `W/"${mine.version}"` } }],
    ] as const) {
      const locked = await put(mine.id, fields, options);
      expectStatus(locked, 409, JSON.stringify(fields));
      expect(errorsOf(locked)).toEqual([MSG.locked[acceptLanguage]]);
    }
    await unchanged();

    // Back to "Invalid information": the calibration may be updated, and the next steps answer.
    await moveAnalysis(t.app, staff, analysis.id, 'II', 'Corrija a calibração.');
    // 3. The isotope: its form and registration, alone (no name, activity or images message).
    for (const [label, isotope, key] of BAD_ISOTOPES) {
      const response = await put(mine.id, badRest(isotope), FAKE_ZIP);
      expectStatus(response, 400, label);
      expect({ label, errors: errorsOf(response) }).toEqual({ label, errors: [`isotope: ${MSG[key][acceptLanguage]}`] });
    }
    // 4. A valid isotope: the rest of the form and the images, together.
    const rest = await put(mine.id, badRest('Lu-177'), FAKE_ZIP);
    expectStatus(rest, 400);
    expect(errorsOf(rest)).toEqual([
      `calibration_name: ${MSG.nameTooShort[acceptLanguage]}`,
      `syringe_activity: ${MSG.notNegative[acceptLanguage]}`,
      `images: ${MSG.mismatch[acceptLanguage]}`,
    ]);
    // 5. A valid form: the name's uniqueness, alone.
    const duplicate = await put(mine.id, calibrationFields({ calibrationName: taken.calibrationName }));
    expectStatus(duplicate, 400);
    expect(errorsOf(duplicate)).toEqual([MSG.nameTaken[acceptLanguage]]);
    await unchanged();
    expect(storedFiles(t.dataDir)).toHaveLength(files);

    // Then it is written.
    const saved = await put(mine.id, calibrationFields({ calibrationName: 'Corrigida' }), { headers: { 'if-match': `W/"${mine.version}"` } });
    expectStatus(saved, 204);
    expect((await getCalibration(t.app, user, mine.id)).json<Calibration>()).toMatchObject({ calibrationName: 'Corrigida', version: mine.version + 1 });
  });

  it('an analysis in DS or II does not lock the calibration: the isotope answers first', async () => {
    const user = await verifiedUser(t, { name: 'Dora Dados' });
    const mine = await createCalibration(t.app, user);
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-preclin' });
    await createAnalysis(t.app, user, order, { calibrationId: mine.id });
    const response = await putCalibration(t.app, user, mine.id, badRest('Re-188'), { acceptLanguage: 'es' });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: ['isotope: Isótopo no registrado.'] });
  });
});

describe('DELETE: 404 → (If-Match 412) → in use (409, docs/api.md: by any analysis)', () => {
  it.each(LANGUAGES)('each step alone (%s); the calibration stays until its analysis is gone', async (acceptLanguage) => {
    const user = await verifiedUser(t, { name: 'Davi Deleta' });
    const mine = await createCalibration(t.app, user);
    const order = await createOrder(t.app, staff, user, { serviceId: 'dosi-clin' });
    await createAnalysis(t.app, user, order, { calibrationId: mine.id });
    const unknown = await deleteCalibration(t.app, user, randomUUID(), { ...lang(acceptLanguage), 'if-match': 'W/"9"' });
    expectStatus(unknown, 404);
    expect(unknown.json()).toEqual({ errors: [MSG.notFound[acceptLanguage]] });
    const stale = await deleteCalibration(t.app, user, mine.id, { ...lang(acceptLanguage), 'if-match': 'W/"9"' });
    expectStatus(stale, 412);
    expect(stale.json()).toEqual({ errors: [MSG.stale[acceptLanguage]] });
    const used = await deleteCalibration(t.app, user, mine.id, { ...lang(acceptLanguage), 'if-match': `W/"${mine.version}"` });
    expectStatus(used, 409);
    expect(used.json()).toEqual({ errors: [MSG.inUse[acceptLanguage]] });
    expect((await getCalibration(t.app, user, mine.id)).json<Calibration>()).toEqual(mine);
  });
});
