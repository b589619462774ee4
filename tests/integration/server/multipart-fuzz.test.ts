/**
 * Broken multipart bodies on every route that reads a form, found in the app's own OpenAPI document (an operation
 * whose request body may be multipart/form-data), so a new form route is covered without touching this file:
 * never a 5xx, every refusal `{"errors": [...]}`. The seed is printed; FUZZ_SEED=<seed> replays a run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lang, type MailingTestApp, createMailingTestApp } from '#tests/utils/accounts.ts';
import { createCalibration, verifiedUser } from '#tests/utils/calibrations.ts';
import { brokenMultipart, fuzzSeed, seededRandom } from '#tests/utils/fuzz.ts';
import { createAnalysis, createOrder, staffUser } from '#tests/utils/orders.ts';

const REQUESTS = 600;
const PARALLEL = 4;
const seed = fuzzSeed();

interface FormRoute {
  method: string;
  url: string;
  cookies: string;
}

let t: MailingTestApp;
let formRoutes: FormRoute[];

/** Every operation of the document that reads a multipart form, with its parameters filled by records that exist. */
function formRoutesOf(document: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> }, values: Record<string, string>, cookiesFor: (path: string) => string) {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody?.content?.['multipart/form-data'])
      .map(([method]) => {
        const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
          if (!values[name]) throw new Error(`no record for the parameter {${name}} of ${method.toUpperCase()} ${path}: add one to this test`);
          return values[name];
        });
        return { method: method.toUpperCase(), url, cookies: cookiesFor(path) };
      }),
  );
}

beforeAll(async () => {
  console.info(`multipart fuzz seed ${seed} (replay with FUZZ_SEED=${seed})`);
  t = await createMailingTestApp();
  const staff = await staffUser(t);
  const user = await verifiedUser(t);
  const calibration = await createCalibration(t.app, user);
  const order = await createOrder(t.app, staff, user);
  const analysis = await createAnalysis(t.app, user, order, { calibrationId: calibration.id });
  const values = { uid: user.id, cid: calibration.id, oid: order.id, aid: analysis.id };
  formRoutes = formRoutesOf(t.app.swagger() as never, values, (path) => (path.startsWith('/api/v1/staff/') ? staff.cookies : user.cookies));
}, 120_000);
afterAll(() => t?.close());

const send = (route: FormRoute, contentType: string, payload: Buffer | string, acceptLanguage?: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: route.method as 'POST', url: route.url, payload, headers: { cookie: route.cookies, 'content-type': contentType, ...lang(acceptLanguage), ...extra } });

const MALFORMED = {
  'pt-BR': 'O formulário multipart está malformado.',
  en: 'The multipart form is malformed.',
  es: 'El formulario multipart está mal formado.',
};

describe('broken multipart on every form route', () => {
  it('the document lists the form routes (calibrations, analyses, a bill, a report)', () => {
    expect(formRoutes.length).toBeGreaterThanOrEqual(6);
  });

  it.each(Object.entries(MALFORMED))('a part without a name → 400 {errors} in %s, on every form route', async (language, message) => {
    const body = '--XX\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--XX--\r\n';
    for (const route of formRoutes) {
      const response = await send(route, 'multipart/form-data; boundary=XX', body, language);
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode, body: response.json() }).toEqual({ route: `${route.method} ${route.url}`, status: 400, body: { errors: [message] } });
    }
  });

  it.each(Object.entries(MALFORMED))('a multipart Content-Type without a boundary → 400 {errors} in %s, on every form route', async (language, message) => {
    for (const route of formRoutes) {
      const response = await send(route, 'multipart/form-data', '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--XX--\r\n', language);
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode, body: response.json() }).toEqual({ route: `${route.method} ${route.url}`, status: 400, body: { errors: [message] } });
    }
  });

  it(`${REQUESTS} seeded broken forms (seed ${seed}): no 5xx, every refusal {"errors": [...]}`, async () => {
    const random = seededRandom(seed);
    const requests = Array.from({ length: REQUESTS }, () => ({
      route: random.pick(formRoutes),
      body: brokenMultipart(random),
      language: random.pick(['pt-BR', 'en', 'es']),
      idempotencyKey: random.chance(0.2) ? random.uuid() : undefined,
    }));
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const index = next++;
        const { route, body, language, idempotencyKey } = requests[index]!;
        const response = await send(route, body.contentType, body.payload, language, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
        const errors = response.statusCode >= 400 ? (response.json() as { errors?: unknown }).errors : [];
        const shaped = Array.isArray(errors) && errors.length > 0 && errors.every((error) => typeof error === 'string' && error.length > 0);
        if (response.statusCode >= 500 || (response.statusCode >= 400 && !shaped)) {
          failures.push(`#${index} ${route.method} ${route.url} ${body.contentType} ${JSON.stringify(body.payload.toString('latin1').slice(0, 160))} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    expect(failures.slice(0, 10), `seed ${seed} (FUZZ_SEED=${seed} replays it): ${failures.length} failures`).toEqual([]);
  }, 120_000);
});
