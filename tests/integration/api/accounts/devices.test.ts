// Issue 31: the signed-in devices of an account: listed with browser, system and address; one ended, or all others,
// and an ended session's refresh and access tokens are refused at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  REFRESH_COOKIE,
  cookieHeader,
  createMailingTestApp,
  expectStatus,
  loginRequest,
  pickCookie,
  registerUser,
  type MailingTestApp,
  type SignedInUser,
} from '#tests/utils/accounts.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: MailingTestApp;
let ana: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  ana = await registerUser(t.app, { name: 'Ana Aparelhos' });
});
afterAll(() => t?.close());

/** Another sign-in of ana, from a device of its own. */
async function signInFrom(userAgent: string, remoteAddress: string): Promise<string> {
  const response = await loginRequest(t.app, { email: ana.email, password: ana.password }, { headers: { 'user-agent': userAgent }, remoteAddress });
  expectStatus(response, 200);
  return cookieHeader(response);
}

const devicesUrl = (rest = '') => `${API}/users/${ana.id}/sessions/${rest}`;
const listFrom = async (cookie: string) => (await t.app.inject({ url: devicesUrl(), headers: { cookie } })).json<{ id: string; browser: string | null; system: string | null; address: string; current: boolean }[]>();
const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: `${API}/users/auth/token/refresh/`, headers: { cookie: pickCookie(cookie, REFRESH_COOKIE) } });

describe('signed-in devices', () => {
  it('lists each session with its browser, system and address, marking the current one', async () => {
    const laptop = await signInFrom(FIREFOX_LINUX, '203.0.113.7');
    await signInFrom(SAFARI_IPHONE, '198.51.100.20');
    const devices = await listFrom(laptop);
    expect(devices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: 'Firefox 133', system: 'Linux', address: '203.0.113.7', current: true }),
        expect.objectContaining({ browser: 'Safari 18', system: 'iOS', address: '198.51.100.20', current: false }),
      ]),
    );
  });

  it("a session ended from another device: its refresh and its access token are refused at once", async () => {
    const laptop = await signInFrom(FIREFOX_LINUX, '203.0.113.8');
    const phone = await signInFrom(SAFARI_IPHONE, '198.51.100.21');
    const phoneSession = (await listFrom(phone)).find(({ current }) => current)!;
    expectStatus(await t.app.inject({ method: 'DELETE', url: devicesUrl(`${phoneSession.id}/`), headers: { cookie: laptop } }), 204);
    expectStatus(await refresh(phone), 401);
    expectStatus(await t.app.inject({ url: devicesUrl(), headers: { cookie: phone } }), 401);
    expectStatus(await t.app.inject({ url: devicesUrl(), headers: { cookie: laptop } }), 200);
    // Not a session of this user, or already ended: 404.
    expectStatus(await t.app.inject({ method: 'DELETE', url: devicesUrl(`${phoneSession.id}/`), headers: { cookie: laptop } }), 404);
  });

  it('"end all others" keeps only the current session', async () => {
    const laptop = await signInFrom(FIREFOX_LINUX, '203.0.113.9');
    const phone = await signInFrom(SAFARI_IPHONE, '198.51.100.22');
    expectStatus(await t.app.inject({ method: 'DELETE', url: devicesUrl(), headers: { cookie: laptop } }), 204);
    expect((await listFrom(laptop)).map(({ current }) => current)).toEqual([true]);
    expectStatus(await refresh(phone), 401);
    expectStatus(await refresh(ana.cookies), 401);
  });
});

describe('a sign-in from a new device', () => {
  const EDGE_WINDOWS =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
  const EDGE_WINDOWS_UPDATED = EDGE_WINDOWS.replaceAll('131.0.0.0', '132.0.0.0');

  it('mails the user once, in the sign-in language, with the device, the address and a link to Security; a known device or its browser updated is not mailed', async () => {
    const bia = await registerUser(t.app, { name: 'Bia Borges' });
    const signIn = (userAgent: string, remoteAddress: string, language = 'pt-BR') =>
      loginRequest(t.app, { email: bia.email, password: bia.password }, { headers: { 'user-agent': userAgent, 'accept-language': language }, remoteAddress });
    const newDeviceMails = () => t.smtp.messagesTo(bia.email).filter((mail) => /new device|novo dispositivo|dispositivo nuevo/.test(mail.subject));

    expectStatus(await signIn(EDGE_WINDOWS, '192.0.2.44', 'en-US'), 200);
    const mail = await t.smtp.waitForMessage((m) => m.to.includes(bia.email.toLowerCase()) && /new device/.test(m.subject));
    expect(mail.subject).toBe('DoseHub: your account was signed in from a new device');
    expect(mail.text).toContain('Edge · Windows, address 192.0.2.44');
    expect(mail.text).toMatch(/on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(mail.text).toContain('/dashboard/security');

    expectStatus(await signIn(EDGE_WINDOWS_UPDATED, '192.0.2.45'), 200);
    expectStatus(await signIn(EDGE_WINDOWS, '192.0.2.46', 'es'), 200);
    await t.app.mailQueue.idle();
    expect(newDeviceMails()).toHaveLength(1);
  });
});
