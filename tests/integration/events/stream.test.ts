// GET /users/{uid}/events/ (docs/api.md additions): Server-Sent Events of the signed-in user's notifications,
// rendered in the stream's language, published only after the write commits (LISTEN/NOTIFY on PGlite and
// PostgreSQL alike), ended with the client, the session and the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '#server/services/notifications.ts';
import { API, expectStatus, type SignedInUser } from '#tests/utils/accounts.ts';
import { createCalibration, listNotifications, toggleCheck, verifiedUser, type Notification } from '#tests/utils/calibrations.ts';
import { createLiveTestApp, eventsUrl, eventually, openUserEvents, within, type LiveTestApp } from '#tests/utils/live.ts';
import { createAnalysis, createOrder, moveAnalysis, staffUser } from '#tests/utils/orders.ts';
import { json, openSse, type SseStream } from '#tests/utils/sse.ts';

const HEARTBEAT_MS = 150;

let t: LiveTestApp;
const streams: SseStream[] = [];
beforeAll(async () => {
  t = await createLiveTestApp({ eventsHeartbeatMs: HEARTBEAT_MS });
});
afterAll(async () => {
  streams.forEach((stream) => stream.close());
  await t?.close();
});

async function open(user: SignedInUser, acceptLanguage?: string) {
  const stream = await openUserEvents(t.baseUrl, user, acceptLanguage);
  streams.push(stream);
  expect(stream.response.status).toBe(200);
  return stream;
}

interface NotificationEvent {
  notification: Notification;
  unread: number;
}

describe('who may open a stream', () => {
  it('anonymous → 401; another user\'s uid → 401 (v1\'s user mismatch); translated', async () => {
    const user = await verifiedUser(t);
    const other = await verifiedUser(t);
    const anonymous = await t.app.inject({ url: eventsUrl(user.id) });
    expectStatus(anonymous, 401);
    expect(anonymous.json()).toEqual({ errors: ['As credenciais de autenticação não foram fornecidas.'] });

    const mismatch = await t.app.inject({ url: eventsUrl(other.id), headers: { cookie: user.cookies, 'accept-language': 'en-US' } });
    expectStatus(mismatch, 401);
    expect(mismatch.json()).toEqual({ errors: ['Token and user ID do not match.'] });
    expect(t.app.events.bus.listenerCount(other.id)).toBe(0);
  });

  it('the same over a real connection: no stream is opened for a refused request', async () => {
    const user = await verifiedUser(t);
    const other = await verifiedUser(t);
    const refused = await openUserEvents(t.baseUrl, user, undefined, other.id);
    expect(refused.response.status).toBe(401);
    expect(refused.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.response.json()).toEqual({ errors: ['O token e o ID do usuário não correspondem.'] });
    expect(t.app.events.bus.listenerCount(user.id)).toBe(0);
    expect(t.app.events.bus.listenerCount(other.id)).toBe(0);
  });
});

describe('opening', () => {
  it('starts with retry: 5000 and the unread count, as an uncompressed, uncached event stream', async () => {
    const user = await verifiedUser(t);
    const first = await notify(t.app.db, user.id, 'update', 'calibrationUpdated', { name: 'A' });
    await notify(t.app.db, user.id, 'update', 'calibrationUpdated', { name: 'B' });
    await notify(t.app.db, user.id, 'update', 'calibrationUpdated', { name: 'C' });
    expectStatus(await toggleCheck(t.app, user, first.id, { checked: true }), 204);

    const stream = await openUserEvents(t.baseUrl, user, undefined);
    streams.push(stream);
    const headers = stream.response.headers;
    expect({
      status: stream.response.status,
      type: headers.get('content-type'),
      cache: headers.get('cache-control'),
      buffering: headers.get('x-accel-buffering'),
      encoding: headers.get('content-encoding'),
    }).toEqual({ status: 200, type: 'text/event-stream; charset=utf-8', cache: 'no-cache, no-transform', buffering: 'no', encoding: null });

    const unread = await stream.next();
    expect(unread).toEqual({ event: 'unread', id: null, data: '{"unread":2}' });
    expect(stream.raw().startsWith('retry: 5000\n')).toBe(true);
  });

  it('is not compressed even when the client asks for it', async () => {
    const user = await verifiedUser(t);
    const stream = await openSseWith(user, { 'accept-encoding': 'gzip, deflate, br' });
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(json(await stream.next('unread'))).toEqual({ unread: 0 });
  });

  it('sends a `: ping` comment every heartbeat', async () => {
    const user = await verifiedUser(t);
    const stream = await open(user);
    const comments = await stream.waitForComments(2, HEARTBEAT_MS * 10);
    expect(comments.slice(0, 2)).toEqual(['ping', 'ping']);
  });
});

async function openSseWith(user: SignedInUser, headers: Record<string, string>) {
  const stream = await openSse(`${t.baseUrl}${eventsUrl(user.id)}`, { cookie: user.cookies, ...headers });
  streams.push(stream);
  return stream;
}

describe('notifications on the stream', () => {
  it('a created calibration arrives as `notification` within 2 s, rendered in each stream\'s language, as the list shows it', async () => {
    const user = await verifiedUser(t);
    const portuguese = await open(user);
    const english = await open(user, 'en-US');
    await portuguese.next('unread');
    await english.next('unread');

    await createCalibration(t.app, user, { calibrationName: 'Ao Vivo' });
    const [pt, en] = await Promise.all([portuguese.next('notification', 2000), english.next('notification', 2000)]);

    const [listed] = (await listNotifications(t.app, user)).row;
    const [listedEnglish] = (await listNotifications(t.app, user, '', 'en-US')).row;
    expect(pt.id).toBe(listed!.id);
    expect(json<NotificationEvent>(pt)).toEqual({ notification: listed, unread: 1 });
    expect(json<NotificationEvent>(en)).toEqual({ notification: listedEnglish, unread: 1 });
    expect(json<NotificationEvent>(pt).notification.message).toBe('Calibração "Ao Vivo" cadastrada.');
    expect(json<NotificationEvent>(en).notification.message).toBe('Calibration "Ao Vivo" registered.');
  });

  it('toogle_check sends `notification-checked` with the new unread count to every stream of the user; a no-op sends nothing', async () => {
    const user = await verifiedUser(t);
    const a = await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'Um' });
    await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'Dois' });
    const tab = await open(user);
    const phone = await open(user, 'es');
    expect(json(await tab.next('unread'))).toEqual({ unread: 2 });

    expectStatus(await toggleCheck(t.app, user, a.id, { checked: true }), 204);
    expect(json(await tab.next())).toEqual({ id: a.id, checked: true, unread: 1 });
    expect(json(await phone.next('notification-checked'))).toEqual({ id: a.id, checked: true, unread: 1 });

    expectStatus(await toggleCheck(t.app, user, a.id, { checked: true }), 204);
    expectStatus(await toggleCheck(t.app, user, a.id), 204);
    const next = await tab.next();
    expect(next.event).toBe('notification-checked');
    expect(json(next)).toEqual({ id: a.id, checked: false, unread: 2 });

    // The repeated {"checked": true} was no change: the next event after the flip is the new notification.
    await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'Três' });
    expect((await tab.next()).event).toBe('notification');
  });

  it('a reconnection with Last-Event-ID first gets the notifications created since, oldest first, then the unread count', async () => {
    const user = await verifiedUser(t);
    const first = await open(user);
    await first.next('unread');
    await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'Um' });
    const seen = await first.next('notification', 2000);
    first.close();

    // Missed while the connection was down.
    const two = await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'Dois' });
    const three = await notify(t.app.db, user.id, 'processing', 'calibrationCreated', { name: 'Três' });
    const again = await openSseWith(user, { 'last-event-id': seen.id! });
    const replayed = [await again.next(), await again.next()];
    expect(replayed.map((message) => [message.event, message.id])).toEqual([
      ['notification', two.id],
      ['notification', three.id],
    ]);
    expect(json<NotificationEvent>(replayed[1]!).notification.message).toBe('Calibração "Três" cadastrada.');
    expect(json(await again.next())).toEqual({ unread: 3 });
  });

  it('a Last-Event-ID that is not one of the user\'s notifications replays nothing', async () => {
    const user = await verifiedUser(t);
    const other = await verifiedUser(t);
    const foreign = await notify(t.app.db, other.id, 'success', 'calibrationCreated', { name: 'Alheia' });
    await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'Minha' });
    for (const lastEventId of [foreign.id, 'not-a-uuid']) {
      const stream = await openSseWith(user, { 'last-event-id': lastEventId });
      const first = await stream.next();
      expect([first.event, json(first)]).toEqual(['unread', { unread: 1 }]);
    }
  });

  it('another user\'s notifications never reach the stream', async () => {
    const user = await verifiedUser(t);
    const other = await verifiedUser(t);
    const stream = await open(user);
    const othersStream = await open(other);
    await stream.next('unread');

    const othersNotification = await notify(t.app.db, other.id, 'success', 'calibrationCreated', { name: 'Alheia' });
    await createCalibration(t.app, other, { calibrationName: 'Alheia Dois' });
    await othersStream.next('notification');
    const mine = await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'Minha' });

    // Events reach a stream in commit order, so anything of the other user's would have come first.
    const next = await stream.next();
    expect(next.id).toBe(mine.id);
    expect(json<NotificationEvent>(next).notification.message).toBe('Calibração "Minha" cadastrada.');
    expect(stream.raw()).not.toContain(othersNotification.id);
    expect(stream.raw()).not.toContain('Alheia');
  });

  it('a write that rolls back publishes nothing', async () => {
    const user = await verifiedUser(t);
    const stream = await open(user);
    await stream.next('unread');
    await expect(
      t.app.db.transaction(async (tx) => {
        await notify(tx, user.id, 'error', 'calibrationCreated', { name: 'Desfeita' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const kept = await notify(t.app.db, user.id, 'success', 'calibrationCreated', { name: 'Mantida' });
    const next = await stream.next();
    expect(next.id).toBe(kept.id);
    expect(stream.raw()).not.toContain('Desfeita');
  });
});

describe('orders and analyses on the stream', () => {
  it('the staff paying an order and moving an analysis on reach the owner as `order` and `analysis` (ids only), not others', async () => {
    const staff = await staffUser(t);
    const user = await verifiedUser(t);
    const other = await verifiedUser(t);
    const stream = await open(user);
    const othersStream = await open(other);
    await stream.next('unread');
    await othersStream.next('unread');

    const order = await createOrder(t.app, staff, user, { serviceId: 'seg-quant', quantity: 2 });
    const orderEvents = [await stream.next('order', 2000)];
    expect(orderEvents.map((message) => json(message))).toContainEqual({ id: order.id });

    const analysis = await createAnalysis(t.app, user, order);
    const sent = await stream.next('analysis', 2000);
    expect(json(sent)).toEqual({ id: analysis.id, orderId: order.id });
    await moveAnalysis(t.app, staff, analysis.id, 'AI');
    expect(json(await stream.next('analysis', 2000))).toEqual({ id: analysis.id, orderId: order.id });
    expect(othersStream.raw()).not.toContain(order.id);
  });
});

describe('ending a stream', () => {
  it('a client that disconnects leaves no listener behind', async () => {
    const user = await verifiedUser(t);
    const before = t.app.events.bus.listenerCount();
    const openBefore = t.app.events.openStreams();
    const stream = await open(user);
    await stream.next('unread');
    expect(t.app.events.bus.listenerCount(user.id)).toBe(1);
    expect(t.app.events.openStreams()).toBe(openBefore + 1);

    stream.close();
    await eventually(() => t.app.events.bus.listenerCount(user.id) === 0, 'the listener is removed');
    expect(t.app.events.bus.listenerCount()).toBe(before);
    expect(t.app.events.openStreams()).toBe(openBefore);
  });

  it('signing out ends the session\'s stream (at its next heartbeat)', async () => {
    const user = await verifiedUser(t);
    const stream = await open(user);
    await stream.next('unread');
    expectStatus(await t.app.inject({ method: 'POST', url: `${API}/users/auth/token/logout/`, headers: { cookie: user.cookies } }), 200);
    await within(stream.ended, HEARTBEAT_MS * 10, 'the stream ending after logout');
    expect(t.app.events.bus.listenerCount(user.id)).toBe(0);
  });
});

describe('shutdown', () => {
  it('app.close() ends open streams and finishes', async () => {
    const own = await createLiveTestApp();
    const user = await verifiedUser(own);
    const stream = await openUserEvents(own.baseUrl, user);
    await stream.next('unread');
    expect(own.app.events.openStreams()).toBe(1);
    // own.close() is app.close(), then the test database and mail capture.
    await within(own.close(), 5000, 'closing the app with an open stream');
    await within(stream.ended, 1000, 'the client seeing the stream end');
    expect(own.app.events.openStreams()).toBe(0);
    expect(own.app.events.bus.listenerCount()).toBe(0);
  });

  it('app.close() finishes after a client disconnected (fetch then preconnects a socket that sends no request)', async () => {
    const own = await createLiveTestApp();
    const user = await verifiedUser(own);
    const stream = await openUserEvents(own.baseUrl, user);
    await stream.next('unread');
    stream.close();
    await eventually(() => own.app.events.openStreams() === 0, 'the server noticing the disconnect');
    await expect(within(own.close(), 5000, 'closing the app after a client disconnected')).resolves.toBeUndefined();
  });
});
