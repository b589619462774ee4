// Issue 31: an authenticator app (TOTP) as a sign-in's second step, its recovery codes, and the token's `amr` claim.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema.ts';
import {
  ACCESS_COOKIE,
  API,
  createMailingTestApp,
  expectStatus,
  lang,
  registerUser,
  sessionCookies,
  uniqueIp,
  type MailingTestApp,
} from '#tests/utils/accounts.ts';
import { codeAt, enrolTotp, passwordStep, secondStep, securityUrl, type EnrolledUser } from '#tests/utils/second-factor.ts';

let t: MailingTestApp;
let ana: EnrolledUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  ana = await enrolTotp(t.app, await registerUser(t.app, { name: 'Ana Fator' }));
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

const amrOf = (response: Parameters<typeof sessionCookies>[0]) => decodeJwt(sessionCookies(response)[ACCESS_COOKIE]!.value).amr;

describe('the password step of an account with an authenticator', () => {
  it('answers 202 naming the second steps, with a challenge cookie and no session', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/users/login/`, payload: { email: ana.email, password: ana.password }, remoteAddress: uniqueIp() });
    expectStatus(response, 202);
    expect(response.json()).toEqual({ secondStep: ['totp', 'recovery'] });
    expect(sessionCookies(response)).toEqual({});
    const challenge = response.cookies.find(({ name }) => name === 'sign-in-challenge');
    expect(challenge).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/users/login/' });
  });

  it('without the challenge the second step is 401, in the request language', async () => {
    const response = await secondStep(t.app, '', { code: await codeAt(ana.secret) }, lang('en-US'));
    expectStatus(response, 401);
    expect(response.json()).toEqual({ errors: ['The sign-in expired. Enter your e-mail and password again.'] });
  });
});

describe('authenticator codes', () => {
  it('a code of the step before or after the current one is accepted (±1 step), and the session says ["pwd","otp"]', async () => {
    const before = await secondStep(t.app, await passwordStep(t.app, ana), { code: await codeAt(ana.secret, 0) });
    expectStatus(before, 200);
    expect(amrOf(before)).toEqual(['pwd', 'otp']);
    const after = await secondStep(t.app, await passwordStep(t.app, ana), { code: await codeAt(ana.secret, 1) });
    expectStatus(after, 200);
  });

  it('a code two steps away is refused', async () => {
    const response = await secondStep(t.app, await passwordStep(t.app, ana), { code: await codeAt(ana.secret, 2) }, lang('en-US'));
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: ['code: The code is wrong or was already used.'] });
  });

  it('a code used once is refused in its window, and so is an older one', async () => {
    const bob = await enrolTotp(t.app, await registerUser(t.app, { name: 'Bob Replay' }));
    const code = await codeAt(bob.secret, 0);
    expectStatus(await secondStep(t.app, await passwordStep(t.app, bob), { code }), 200);
    const replay = await secondStep(t.app, await passwordStep(t.app, bob), { code }, lang('pt-BR'));
    expectStatus(replay, 400);
    expect(replay.json()).toEqual({ errors: ['code: O código está errado ou já foi usado.'] });
    // The step before was spent by the enrolment's confirmation; nothing older than the last step works.
    expectStatus(await secondStep(t.app, await passwordStep(t.app, bob), { code: await codeAt(bob.secret, -1) }), 400);
  });
});

describe('recovery codes', () => {
  it('ten, each good for one sign-in only, typed in any case and spacing', async () => {
    expect(ana.recoveryCodes).toHaveLength(10);
    expect(new Set(ana.recoveryCodes).size).toBe(10);
    const [first] = ana.recoveryCodes;
    const typed = ` ${first!.toUpperCase().replace('-', ' ')} `;
    expectStatus(await secondStep(t.app, await passwordStep(t.app, ana), { recoveryCode: typed }), 200);
    const again = await secondStep(t.app, await passwordStep(t.app, ana), { recoveryCode: first! }, lang('es'));
    expectStatus(again, 400);
    expect(again.json()).toEqual({ errors: ['recovery_code: El código de recuperación es incorrecto o ya se usó.'] });
    const status = await t.app.inject({ url: securityUrl(ana.id), headers: { cookie: ana.cookies } });
    expect(status.json()).toMatchObject({ totp: true, recoveryCodesLeft: 9, amr: ['pwd', 'otp'] });
  });

  it('regenerated, the old ones stop working', async () => {
    const carla = await enrolTotp(t.app, await registerUser(t.app, { name: 'Carla Codes' }));
    const renewed = await t.app.inject({ method: 'POST', url: securityUrl(carla.id, 'recovery-codes/'), headers: { cookie: carla.cookies } });
    expectStatus(renewed, 200);
    const { recoveryCodes } = renewed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expectStatus(await secondStep(t.app, await passwordStep(t.app, carla), { recoveryCode: carla.recoveryCodes[0]! }), 400);
    expectStatus(await secondStep(t.app, await passwordStep(t.app, carla), { recoveryCode: recoveryCodes[0]! }), 200);
  });
});

describe('limits', () => {
  it('wrong codes count toward the sign-in limit of the account: 429 with Retry-After, saying when to retry', async () => {
    const dora = await enrolTotp(t.app, await registerUser(t.app, { name: 'Dora Limite' }));
    await t.app.db.delete(rateLimits); // the enrolment's code counted too
    const challenge = await passwordStep(t.app, dora);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push((await secondStep(t.app, challenge, { code: '000000' }, {}, uniqueIp())).statusCode);
    }
    // The password step was the account's first hit of 10 in 15 minutes.
    expect(statuses).toEqual([...Array<number>(9).fill(400), 429]);
    const locked = await secondStep(t.app, challenge, { code: await codeAt(dora.secret) }, lang('en-US'), uniqueIp());
    expectStatus(locked, 429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json()).toEqual({ errors: [expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ min\.$/)] });
  });
});
