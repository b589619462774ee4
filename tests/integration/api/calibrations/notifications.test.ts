// Notifications of calibration changes (docs/api.md additions: one per change, in the reader's language) and
// the notification routes (docs/v1-contract.md §1.18 with docs/api.md's deviations: all notifications with `checked`, paging,
// toogle_check scoped to the owner with an optional {"checked": …} body).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '#server/services/notifications.ts';
import { createMailingTestApp, expectStatus, type MailingTestApp, type SignedInUser } from '#tests/utils/accounts.ts';
import {
  calibrationFields,
  createCalibration,
  deleteCalibration,
  listNotifications,
  notificationsUrl,
  putCalibration,
  toggleCheck,
  verifiedUser,
  type Notification,
} from '#tests/utils/calibrations.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let t: MailingTestApp;
let other: SignedInUser;
beforeAll(async () => {
  t = await createMailingTestApp();
  other = await verifiedUser(t, { name: 'Outra Pessoa' });
});
afterAll(() => t?.close());

/**
 * A user with `count` unread notifications made directly (oldest first, messages "n0", "n1", …). PGlite's
 * clock ticks in milliseconds, so rows written within one millisecond share `created_at`; the inserts are
 * spaced by 2 ms to give each its own instant.
 */
async function userWithNotifications(name: string, count: number): Promise<SignedInUser> {
  const user = await verifiedUser(t, { name });
  for (let i = 0; i < count; i++) {
    await notify(t.app.db, user.id, 'update', 'calibrationUpdated', { name: `n${i}` });
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return user;
}
const names = (rows: Notification[]) => rows.map((n) => /"(.*)"/.exec(n.message)?.[1]);
const checkedOf = async (user: SignedInUser, nid: string) => (await listNotifications(t.app, user, '?limit=500')).row.find((n) => n.id === nid)?.checked;

describe('calibration changes notify the user', () => {
  it('create, update and delete each add one notification (success, update, update), newest first, in the reader\'s language', async () => {
    const user = await verifiedUser(t, { name: 'Nara Avisos' });
    expect(await listNotifications(t.app, user)).toEqual({ count: 0, row: [] });

    const calibration = await createCalibration(t.app, user, { calibrationName: 'Lu Semanal' });
    expect((await listNotifications(t.app, user)).count).toBe(1);
    expectStatus(await putCalibration(t.app, user, calibration.id, calibrationFields({ calibrationName: 'Lu Mensal' })), 204);
    expect((await listNotifications(t.app, user)).count).toBe(2);
    expectStatus(await deleteCalibration(t.app, user, calibration.id), 200);

    const ptBR = await listNotifications(t.app, user);
    expect(ptBR).toEqual({
      count: 3,
      row: [
        { id: expect.any(String), message: 'Calibração "Lu Mensal" excluída.', title: 'Calibração excluída', kind: 'update', checked: false, createdAt: expect.stringMatching(ISO_INSTANT) },
        { id: expect.any(String), message: 'Calibração "Lu Mensal" atualizada.', title: 'Calibração atualizada', kind: 'update', checked: false, createdAt: expect.stringMatching(ISO_INSTANT) },
        { id: expect.any(String), message: 'Calibração "Lu Semanal" cadastrada.', title: 'Calibração cadastrada', kind: 'success', checked: false, createdAt: expect.stringMatching(ISO_INSTANT) },
      ],
    });
    const times = ptBR.row.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual(times.toSorted((a, b) => b - a));

    const enUS = await listNotifications(t.app, user, '', 'en-US');
    expect(enUS.row.map((n) => n.id)).toEqual(ptBR.row.map((n) => n.id));
    expect(enUS.row.map((n) => n.message)).toEqual([
      'Calibration "Lu Mensal" deleted.',
      'Calibration "Lu Mensal" updated.',
      'Calibration "Lu Semanal" registered.',
    ]);
    // Titled by what happened (issue 29), not by the kind ("Success" on every one).
    expect(enUS.row.map((n) => n.title)).toEqual(['Calibration deleted', 'Calibration updated', 'Calibration added']);
    const es = await listNotifications(t.app, user, '', 'es');
    expect(es.row.map((n) => n.message)).toEqual([
      'Calibración "Lu Mensal" eliminada.',
      'Calibración "Lu Mensal" actualizada.',
      'Calibración "Lu Semanal" registrada.',
    ]);
    expect(es.row.map((n) => n.title)).toEqual(['Calibración eliminada', 'Calibración actualizada', 'Calibración registrada']);
  });

  it('a refused change notifies nothing', async () => {
    const user = await verifiedUser(t, { name: 'Nara Recusa' });
    const calibration = await createCalibration(t.app, user);
    expectStatus(await putCalibration(t.app, user, calibration.id, calibrationFields({ isotope: 'P-32' })), 400);
    expectStatus(await putCalibration(t.app, user, calibration.id, calibrationFields(), { headers: { 'if-match': 'W/"9"' } }), 412);
    expectStatus(await deleteCalibration(t.app, user, randomUUID()), 404);
    expect((await listNotifications(t.app, user)).count).toBe(1);
  });
});

describe('GET /users/{uid}/notifications/', () => {
  it('lists all, newest first, with `checked`; ?checked=false gives only the unread (v1\'s list)', async () => {
    const user = await userWithNotifications('Nico Lista', 4);
    const all = await listNotifications(t.app, user);
    expect(names(all.row)).toEqual(['n3', 'n2', 'n1', 'n0']);
    expectStatus(await toggleCheck(t.app, user, all.row[1]!.id, { checked: true }), 204);
    expectStatus(await toggleCheck(t.app, user, all.row[3]!.id, { checked: true }), 204);

    const after = await listNotifications(t.app, user);
    expect(after.count).toBe(4);
    expect(after.row.map((n) => [/"(.*)"/.exec(n.message)?.[1], n.checked])).toEqual([
      ['n3', false],
      ['n2', true],
      ['n1', false],
      ['n0', true],
    ]);
    const unread = await listNotifications(t.app, user, '?checked=false');
    expect(unread.count).toBe(2);
    expect(names(unread.row)).toEqual(['n3', 'n1']);
    expect(unread.row.every((n) => !n.checked)).toBe(true);
    const read = await listNotifications(t.app, user, '?checked=true');
    expect(names(read.row)).toEqual(['n2', 'n0']);
  });

  it('pages with limit and offset; count is the total', async () => {
    const user = await userWithNotifications('Nico Pagina', 7);
    const first = await listNotifications(t.app, user, '?limit=3');
    expect(first.count).toBe(7);
    expect(names(first.row)).toEqual(['n6', 'n5', 'n4']);
    const second = await listNotifications(t.app, user, '?limit=3&offset=3');
    expect(second.count).toBe(7);
    expect(names(second.row)).toEqual(['n3', 'n2', 'n1']);
    const last = await listNotifications(t.app, user, '?limit=3&offset=6');
    expect(names(last.row)).toEqual(['n0']);
    const beyond = await listNotifications(t.app, user, '?limit=3&offset=50');
    expect(beyond).toEqual({ count: 7, row: [] });
    const unreadPage = await listNotifications(t.app, user, '?checked=false&limit=2&offset=1');
    expect(unreadPage.count).toBe(7);
    expect(names(unreadPage.row)).toEqual(['n5', 'n4']);
  });

  it('the default page holds 100', async () => {
    const user = await userWithNotifications('Nico Cem', 101);
    const page = await listNotifications(t.app, user);
    expect(page.count).toBe(101);
    expect(page.row).toHaveLength(100);
    expect(names(page.row).at(-1)).toBe('n1');
  });

  it.each([
    ['?limit=0', 'limit: Certifique-se de que este valor seja maior ou igual a 1.'],
    ['?offset=-1', 'offset: Certifique-se de que este valor seja maior ou igual a 0.'],
    ['?checked=talvez', 'checked: Escolha um valor válido: true, false.'],
  ])('%s → 400', async (query, error) => {
    const response = await t.app.inject({ url: notificationsUrl(other.id, query), headers: { cookie: other.cookies } });
    expectStatus(response, 400);
    expect(response.json()).toEqual({ errors: [error] });
  });

  it("never shows another user's notifications", async () => {
    const user = await userWithNotifications('Nico Privado', 2);
    const theirs = await listNotifications(t.app, other);
    const mine = await listNotifications(t.app, user);
    expect(theirs.row.map((n) => n.id)).not.toEqual(expect.arrayContaining(mine.row.map((n) => n.id)));
  });
});

describe('POST /users/{uid}/notifications/{nid}/toogle_check/', () => {
  it('{"checked": true} sets it (twice stays true); {"checked": false} unsets; 204 with no body', async () => {
    const user = await userWithNotifications('Tina Marca', 1);
    const [notification] = (await listNotifications(t.app, user)).row;
    for (const [body, expected] of [
      [{ checked: true }, true],
      [{ checked: true }, true],
      [{ checked: false }, false],
      [{ checked: false }, false],
      [{ checked: true }, true],
    ] as const) {
      const response = await toggleCheck(t.app, user, notification!.id, body);
      expectStatus(response, 204);
      expect(response.body).toBe('');
      expect(await checkedOf(user, notification!.id)).toBe(expected);
    }
  });

  it('without a body it flips, as in v1', async () => {
    const user = await userWithNotifications('Tina Vira', 1);
    const [notification] = (await listNotifications(t.app, user)).row;
    for (const expected of [true, false, true]) {
      expectStatus(await toggleCheck(t.app, user, notification!.id), 204);
      expect(await checkedOf(user, notification!.id)).toBe(expected);
    }
    expect((await listNotifications(t.app, user, '?checked=false')).count).toBe(0);
  });

  it.each([
    [undefined, 'Não encontrado.'],
    ['en-US', 'Not found.'],
    ['es', 'No encontrado.'],
  ])("another user's notification → 404 (%s) and it stays unchanged", async (acceptLanguage, message) => {
    const owner = await userWithNotifications('Tina Dona', 1);
    const [notification] = (await listNotifications(t.app, owner)).row;
    for (const body of [{ checked: true }, undefined]) {
      const response = await toggleCheck(t.app, other, notification!.id, body, acceptLanguage ? { 'accept-language': acceptLanguage } : {});
      expectStatus(response, 404);
      expect(response.json()).toEqual({ errors: [message] });
    }
    expect(await checkedOf(owner, notification!.id)).toBe(false);
  });

  it('an unknown notification → 404; a nid that is not a UUID → 400', async () => {
    const unknown = await toggleCheck(t.app, other, randomUUID(), { checked: true });
    expectStatus(unknown, 404);
    expect(unknown.json()).toEqual({ errors: ['Não encontrado.'] });
    const malformed = await t.app.inject({ method: 'POST', url: notificationsUrl(other.id, 'not-a-uuid/toogle_check/'), headers: { cookie: other.cookies } });
    expectStatus(malformed, 400);
    expect(malformed.json()).toEqual({ errors: ['nid: Insira um UUID válido.'] });
  });

  it('a body with a non-boolean `checked` → 400 and nothing changes', async () => {
    const user = await userWithNotifications('Tina Tipo', 1);
    const [notification] = (await listNotifications(t.app, user)).row;
    const response = await toggleCheck(t.app, user, notification!.id, { checked: 'yes' as unknown as boolean });
    expectStatus(response, 400);
    expect(await checkedOf(user, notification!.id)).toBe(false);
  });
});
