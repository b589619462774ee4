// The radiosynoviorthesis calculator over HTTP (docs/v1-contract.md §1.15, docs/api.md): only for an activated
// subscription that includes it, at v1's path and the spelled-out alias; every coefficient; v1's messages.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '#server/db/schema.ts';
import { COEFFICIENTS, RADIONUCLIDES, thicknessesOf } from '#shared/radiosynoviorthesis/radiosynoviorthesis.ts';
import { roundHalfEven2 } from '#shared/radiosynoviorthesis/python-round.ts';
import { API, createMailingTestApp, expectStatus, lang, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';
import { uniqueCpf } from '#tests/utils/payments.ts';

const v1Url = (uid: string) => `${API}/user/${uid}/radiosynoviorthesis-calulator/`;
const aliasUrl = (uid: string) => `${API}/users/${uid}/radiosynoviorthesis-calculator/`;

let t: MailingTestApp;
let subscriber: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  subscriber = await verifiedUser(t, { name: 'Sara Assinante' });
  expectStatus(await t.app.inject({ method: 'POST', url: `${API}/users/${subscriber.id}/signatures/`, headers: { cookie: subscriber.cookies }, payload: { plan: 'monthly', cpf: uniqueCpf() } }), 201);
});
afterAll(() => t?.close());

const compute = (user: SignedInUser, payload: unknown, url = v1Url, language?: string) =>
  t.app.inject({ method: 'POST', url: url(user.id), headers: { cookie: user.cookies, ...lang(language) }, payload: payload as object });

describe('who may compute', () => {
  it.each([
    ['pt-BR', 'A calculadora é um benefício de uma assinatura ativa. Assine um plano para usá-la.'],
    ['en-US', 'The calculator is a benefit of an active subscription. Subscribe to a plan to use it.'],
  ])('no subscription → 403 at both paths (%s)', async (language, message) => {
    const nobody = await verifiedUser(t, { name: 'Nuno Semplano' });
    for (const url of [v1Url, aliasUrl]) {
      const response = await compute(nobody, { radionuclide: 'Y-90', thickness: 1, surface: 200 }, url, language);
      expectStatus(response, 403);
      expect(response.json()).toEqual({ errors: [message] });
    }
  });

  it('a subscription no longer activated → 403', async () => {
    const lapsed = await verifiedUser(t, { name: 'Lia Vencida' });
    expectStatus(await t.app.inject({ method: 'POST', url: `${API}/users/${lapsed.id}/signatures/`, headers: { cookie: lapsed.cookies }, payload: { plan: 'yearly', cpf: uniqueCpf() } }), 201);
    expectStatus(await compute(lapsed, { radionuclide: 'Y-90', thickness: 1, surface: 200 }), 200);
    await t.app.db.update(subscriptions).set({ activated: false }).where(eq(subscriptions.userId, lapsed.id));
    expectStatus(await compute(lapsed, { radionuclide: 'Y-90', thickness: 1, surface: 200 }), 403);
  });

  it.each(['GET', 'PUT', 'PATCH', 'DELETE'] as const)('%s → 405 with Allow: POST', async (method) => {
    const response = await t.app.inject({ method, url: v1Url(subscriber.id), headers: { cookie: subscriber.cookies, 'accept-language': 'en-US' } });
    expectStatus(response, 405);
    expect(response.headers.allow).toBe('POST');
  });
});

describe('what it computes', () => {
  it("v1's worked example at both paths: Y-90, 200 cm², 1 mm → 193.17 MBq, 5.22 mCi (thickness as a string too)", async () => {
    for (const [url, thickness] of [[v1Url, 1], [aliasUrl, '1']] as const) {
      const response = await compute(subscriber, { radionuclide: 'Y-90', thickness, surface: 200 }, url);
      expectStatus(response, 200);
      expect(response.json()).toEqual({ MBq: 193.17, mCi: 5.22 });
    }
  });

  it.each(RADIONUCLIDES.flatMap((nuclide) => thicknessesOf(nuclide).map((thickness) => [nuclide, thickness] as const)))('%s %i mm: m·S + a at 37.4 cm²', async (nuclide, thickness) => {
    const { slope, intercept } = COEFFICIENTS[nuclide][thickness]!;
    const response = await compute(subscriber, { radionuclide: nuclide, thickness, surface: '37.4' });
    expect(response.json()).toEqual({ MBq: roundHalfEven2(slope * 37.4 + intercept), mCi: roundHalfEven2((slope * 37.4 + intercept) / 37) });
  });
});

describe("v1's messages (400)", () => {
  it.each([
    [{ radionuclide: 'AA-666', thickness: 1, surface: 10 }, ['radionuclide: Select a valid choice. AA-666 is not one of the available choices.']],
    [{ radionuclide: 'Y-90', thickness: 4, surface: 10 }, ['thickness: Select a valid choice. 4 is not one of the available choices.']],
    [{ radionuclide: 'Re-186', thickness: 2, surface: 10 }, ['thickness: Select a valid choice. 2 is not one of the available choices.']],
    [{ radionuclide: 'Y-90', thickness: 1, surface: -1 }, ['surface: Ensure this value is greater than or equal to 0.0.']],
    [{ radionuclide: 'Y-90', thickness: 1, surface: 0 }, ['surface: The value must be greater than 0.']],
    [{ radionuclide: 'Y-90', thickness: 1, surface: 'abc' }, ['surface: Enter a number.']],
    [{ radionuclide: 'Y-90', thickness: 1, surface: 'Infinity' }, ['surface: Enter a number.']],
    [{}, ['radionuclide: This field is required.', 'thickness: This field is required.', 'surface: This field is required.']],
  ])('%j → %j', async (payload, errors) => {
    const response = await compute(subscriber, payload, v1Url, 'en-US');
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors });
  });
});
