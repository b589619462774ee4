// The quote (budget) request (docs/v1-contract.md §1.17 with docs/api.md's deviations): v1's checks in v1's order and
// wording, translated; stored once per client id or Idempotency-Key, mailed to the company, the user notified.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createMailingTestApp, expectStatus, lang, registerUser, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { listNotifications, verifiedUser } from '#tests/utils/calibrations.ts';

const COMPANY = 'no-reply@dosehub.test';
const budgetUrl = (uid: string) => `${API}/users/${uid}/budget/`;
const CLINICAL = { service: 'Dosimetria Clínica', treatmentType: 'Lu-177 PSMA', numberOfPatients: 12, frequency: 'mensal', comments: 'Começamos em maio.' };
const UNVERIFIED = {
  'pt-BR': 'O usuário ainda não possui um e-mail verificado.',
  'en-US': 'The user does not have a verified email yet.',
  es: 'El usuario aún no tiene un correo electrónico verificado.',
};

let t: MailingTestApp;
let ana: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  ana = await verifiedUser(t, { name: 'Ana Orçamento', clinic: 'Clínica Sol', role: 'física médica', phone: '11987654321' });
});
afterAll(() => t?.close());

type User = Pick<SignedInUser, 'id' | 'cookies'>;
const postBudget = (user: User, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: budgetUrl(user.id), headers: { cookie: user.cookies, ...headers }, payload: payload as object });
const quoteMails = () => t.smtp.messagesTo(COMPANY).filter((mail) => mail.subject === 'Pedido de Orçamento');
const errorsOf = async (payload: unknown, acceptLanguage?: string) => {
  const response = await postBudget(ana, payload, lang(acceptLanguage));
  expectStatus(response, 400);
  return response.json<{ errors: string[] }>().errors;
};
const quoteNotices = async (user: SignedInUser, acceptLanguage = 'en-US') =>
  (await listNotifications(t.app, user, '', acceptLanguage)).row.filter((n) => n.message === 'Quote requested successfully!');

describe('who may ask', () => {
  it('no session → 401; another user\'s uid → 401; nothing mailed', async () => {
    await t.app.mailQueue.idle();
    const mails = quoteMails().length;
    expectStatus(await t.app.inject({ method: 'POST', url: budgetUrl(ana.id), payload: CLINICAL }), 401);
    const bob = await verifiedUser(t, { name: 'Bob Alheio' });
    expectStatus(await postBudget({ id: ana.id, cookies: bob.cookies }, CLINICAL), 401);
    await t.app.mailQueue.idle();
    expect(quoteMails()).toHaveLength(mails);
  });

  it.each(Object.entries(UNVERIFIED))('an unverified e-mail → 409 before the body is checked (%s)', async (language, message) => {
    const newcomer = await registerUser(t.app, { name: 'Nina Nova' });
    for (const payload of [{}, CLINICAL]) {
      const response = await postBudget(newcomer, payload, lang(language));
      expectStatus(response, 409);
      expect(response.json()).toEqual({ errors: [message] });
    }
    await t.app.mailQueue.idle();
    expect(quoteMails().filter((mail) => mail.text.includes(newcomer.email))).toEqual([]);
  });

  it.each(['GET', 'PUT', 'PATCH', 'DELETE'] as const)('%s → 405 with Allow: POST', async (method) => {
    const response = await t.app.inject({ method, url: budgetUrl(ana.id), headers: { cookie: ana.cookies, 'accept-language': 'en-US' }, payload: method === 'GET' ? undefined : {} });
    expectStatus(response, 405);
    expect({ allow: response.headers.allow, body: response.json() }).toEqual({ allow: 'POST', body: { errors: [`Method "${method}" not allowed.`] } });
  });
});

describe("the service comes first, alone (v1's choice message)", () => {
  it.each([
    [undefined, 'service: "Massagem" não é um escolha válido.'],
    ['en-US', 'service: "Massagem" is not a valid choice.'],
    ['es', 'service: "Massagem" no es una elección válida.'],
  ])('an unknown service → 400, without the other fields (%s)', async (language, message) => {
    expect(await errorsOf({ service: 'Massagem' }, language)).toEqual([message]);
  });

  it('a missing service → required', async () => {
    expect(await errorsOf({ treatmentType: 'x' }, 'en-US')).toEqual(['service: This field is required.']);
  });
});

describe("each service's fields (v1's table)", () => {
  it.each(['Dosimetria Clínica', 'Segmentação e Quantificação', 'Radiosinoviortese'])('%s: treatment type, number of patients and comments required', async (service) => {
    expect(await errorsOf({ service }, 'en-US')).toEqual([
      'treatment_type: This field is required.',
      'number_of_patients: This field is required.',
      'comments: This field is required.',
    ]);
  });

  it('Dosimetria Pré-Clínica: the research line instead of the treatment type', async () => {
    expect(await errorsOf({ service: 'Dosimetria Pré-Clínica', treatmentType: 'x', numberOfPatients: 3, comments: 'c' }, 'en-US')).toEqual([
      'research_line: This field is required.',
    ]);
  });

  it('Modelagem Computacional: the research line and the project description', async () => {
    expect(await errorsOf({ service: 'Modelagem Computacional', numberOfPatients: -1 }, 'en-US')).toEqual([
      'research_line: This field is required.',
      'project_description: This field is required.',
    ]);
  });

  it.each([
    ['61 characters', { treatmentType: 'x'.repeat(61) }, 'treatment_type: Ensure this field has no more than 60 characters.'],
    ['61 characters', { frequency: 'x'.repeat(61) }, 'frequency: Ensure this field has no more than 60 characters.'],
    ['100001 characters', { comments: 'x'.repeat(100_001) }, 'comments: Ensure this field has no more than 100000 characters.'],
    ['-1', { numberOfPatients: -1 }, 'number_of_patients: Ensure this value is greater than or equal to 0.'],
    ['1.5', { numberOfPatients: 1.5 }, 'number_of_patients: A valid integer is required.'],
    ['doze', { numberOfPatients: 'doze' }, 'number_of_patients: A valid integer is required.'],
    ['blank', { comments: '   ' }, 'comments: This field is required.'],
  ])('%s → %s', async (_label, change, message) => {
    expect(await errorsOf({ ...CLINICAL, ...change }, 'en-US')).toEqual([message]);
  });

  it.each([
    ['pt-BR', 'number_of_patients: Certifique-se de que este valor seja maior ou igual a 0.'],
    ['es', 'number_of_patients: Asegúrese de que este valor sea mayor o igual a 0.'],
  ])('messages in the request language (%s)', async (language, message) => {
    expect(await errorsOf({ ...CLINICAL, numberOfPatients: -3 }, language)).toEqual([message]);
  });

  it('the limits are inclusive, the frequency optional, and v1\'s snake_case keys are read', async () => {
    const body = { service: 'Radiosinoviortese', treatment_type: 'x'.repeat(60), number_of_patients: '0', comments: 'ok' };
    expectStatus(await postBudget(ana, body), 204);
  });
});

describe('a request that passes', () => {
  it('→ 204 without a body; the company gets "Pedido de Orçamento" with the profile and the fields; the user one notification', async () => {
    const user = await verifiedUser(t, { name: 'Clara Pedido', clinic: 'Clínica Lua', role: 'médica', phone: '21987654321' });
    const response = await postBudget(user, CLINICAL, lang('es'));
    expectStatus(response, 204);
    expect(response.body).toBe('');

    await t.app.mailQueue.idle();
    const [mail, ...others] = quoteMails().filter((m) => m.text.includes(user.email));
    expect(others).toEqual([]);
    expect(mail!.envelope.to).toEqual([COMPANY]);
    for (const line of ['Clínica: Clínica Lua', 'Nome: Clara Pedido', `E-mail: ${user.email}`, 'Telefone: +55 (21) 98765-4321', 'Serviço: Dosimetria Clínica']) {
      expect(mail!.text).toContain(line);
    }
    for (const line of ['Tipo de tratamento: Lu-177 PSMA', 'Número de pacientes: 12', 'Frequência: mensal', 'Comentários: Começamos em maio.']) {
      expect(mail!.text).toContain(line);
    }
    expect(await quoteNotices(user)).toHaveLength(1);
    const [pt] = (await listNotifications(t.app, user)).row;
    expect(pt!.message).toBe('Pedido de orçamento realizado com sucesso!');
  });

  it('the pre-clinical count is mailed as the number of models; modelling mails its project', async () => {
    const user = await verifiedUser(t, { name: 'Duda Modelos' });
    expectStatus(await postBudget(user, { service: 'Dosimetria Pré-Clínica', researchLine: 'Camundongos', numberOfPatients: 8, comments: 'c' }), 204);
    expectStatus(await postBudget(user, { service: 'Modelagem Computacional', researchLine: 'Monte Carlo', projectDescription: 'Fantoma <voxel>' }), 204);
    await t.app.mailQueue.idle();
    const [preclinical, modelling] = quoteMails().filter((m) => m.text.includes(user.email));
    expect(preclinical!.text).toContain('Número de modelos: 8');
    expect(preclinical!.text).not.toContain('Número de pacientes');
    expect(modelling!.text).toContain('Descrição do projeto: Fantoma <voxel>');
    expect(modelling!.html).toContain('Fantoma &lt;voxel&gt;');
    expect(await quoteNotices(user)).toHaveLength(2);
  });
});

describe('replays (docs/api.md: Idempotency-Key, client ids)', () => {
  it('the same Idempotency-Key twice → the stored 204 again; one mail, one notification', async () => {
    const user = await verifiedUser(t, { name: 'Rita Repete' });
    const key = randomUUID();
    expectStatus(await postBudget(user, CLINICAL, { 'idempotency-key': key }), 204);
    const again = await postBudget(user, CLINICAL, { 'idempotency-key': key });
    expectStatus(again, 204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    await t.app.mailQueue.idle();
    expect(quoteMails().filter((m) => m.text.includes(user.email))).toHaveLength(1);
    expect(await quoteNotices(user)).toHaveLength(1);
  });

  it('the same client id without a key → one request; other content under that id → 409; another user\'s id → 404', async () => {
    const user = await verifiedUser(t, { name: 'Lia Reenvia' });
    const body = { id: randomUUID(), ...CLINICAL };
    expectStatus(await postBudget(user, body), 204);
    expectStatus(await postBudget(user, body), 204);
    await t.app.mailQueue.idle();
    expect(quoteMails().filter((m) => m.text.includes(user.email))).toHaveLength(1);
    expect(await quoteNotices(user)).toHaveLength(1);

    const clash = await postBudget(user, { ...body, comments: 'outro' }, lang('en-US'));
    expectStatus(clash, 409);
    expect(clash.json()).toEqual({ errors: ['Another quote request already has this id.'] });
    expectStatus(await postBudget(ana, body), 404);
  });
});
