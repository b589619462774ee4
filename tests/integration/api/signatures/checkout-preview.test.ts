// Issue 29, item 6: before confirming, the checkout shows the trial's end and the boleto that follows, in BRL at the
// server's rate (USD_BRL_RATE), the same conversion the lifecycle job issues the bill with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENTS } from '#server/config.ts';
import type { CheckoutPreview } from '#shared/schemas/signatures.ts';
import { API, createMailingTestApp, expectStatus, lang, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import { verifiedUser } from '#tests/utils/calibrations.ts';

const brazilToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let t: MailingTestApp;
let ana: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp({ payments: { ...DEFAULT_PAYMENTS, usdBrlRate: '5.4321' } });
  ana = await verifiedUser(t, { name: 'Ana Prévia' });
});
afterAll(() => t?.close());

const preview = (user: SignedInUser, plan: string, language?: string) =>
  t.app.inject({ url: `${API}/users/${user.id}/signatures/checkout-preview/?plan=${encodeURIComponent(plan)}`, headers: { cookie: user.cookies, ...lang(language) } });

describe('checkout preview', () => {
  it.each([
    ['monthly', 60, 325.93],
    ['yearly', 220, 1195.06],
  ])('%s: USD %d at 5.4321 is R$ %d; the trial ends in 30 days, the boleto due 7 days after', async (plan, usd, brl) => {
    const response = await preview(ana, plan);
    expectStatus(response, 200);
    const day = brazilToday();
    expect(response.json<CheckoutPreview>()).toEqual({
      planId: plan,
      usdAmount: usd,
      usdBrlRate: 5.4321,
      brlAmount: brl,
      trialDays: 30,
      trialEnd: plusDays(day, 30),
      billDueDate: plusDays(day, 37),
    });
  });

  it('an unknown plan → 400 naming it, translated; another user\'s uid → 401', async () => {
    const unknown = await preview(ana, 'weekly', 'en-US');
    expectStatus(unknown, 400);
    expect(unknown.json<{ errors: string[] }>().errors[0]).toMatch(/^plan: /);
    const bob = await verifiedUser(t, { name: 'Bob Alheio' });
    expectStatus(await t.app.inject({ url: `${API}/users/${ana.id}/signatures/checkout-preview/?plan=monthly`, headers: { cookie: bob.cookies } }), 401);
  });
});
