/**
 * Helpers for the order and analysis API tests: a staff account, orders created and paid through the staff
 * routes, valid analysis forms per service, and multipart requests for analyses and status changes.
 */
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import type { Analysis } from '#shared/schemas/analyses.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { API, lang, type App, type InjectResponse, type MailingTestApp, type SignedInUser } from './accounts.ts';
import { createCalibration, imageBytes, verifiedUser, type User } from './calibrations.ts';
import { enrolTotp } from './second-factor.ts';
import { multipart, type MultipartFields, type MultipartFile } from './multipart.ts';

export type { Analysis, Order };

export const ordersUrl = (uid: string) => `${API}/users/${uid}/orders/`;
export const orderUrl = (uid: string, oid: string) => `${API}/users/${uid}/orders/${oid}/`;
export const analysesUrl = (uid: string, oid: string) => `${API}/users/${uid}/orders/${oid}/analysis/`;
export const analysisUrl = (uid: string, oid: string, aid: string) => `${API}/users/${uid}/orders/${oid}/analysis/${aid}/`;
export const reportUrl = (uid: string, oid: string, aid: string) => `${analysisUrl(uid, oid, aid)}report/`;
export const STAFF_ORDERS_URL = `${API}/staff/orders/`;

/**
 * A verified user made staff directly in the database (as the first-start staff account is), with the authenticator
 * app every staff session needs (issue 31); its cookies are a session signed in with both factors.
 */
export async function staffUser(t: Pick<MailingTestApp, 'app' | 'smtp'>): Promise<SignedInUser> {
  const user = await verifiedUser(t, { name: 'Sara Staff' });
  await t.app.db.update(users).set({ isStaff: true }).where(eq(users.id, user.id));
  return enrolTotp(t.app, user);
}

export interface OrderInput {
  serviceId?: string;
  quantity?: number;
  price?: number;
  id?: string;
}

export function staffCreateOrder(app: App, staff: User, userId: string, input: OrderInput = {}, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: STAFF_ORDERS_URL,
    headers: { cookie: staff.cookies, ...headers },
    payload: { userId, serviceId: 'dosi-clin', quantity: 3, price: 1500.5, ...input },
  });
}

export const staffConfirm = (app: App, staff: User, oid: string, acceptLanguage?: string, reason = 'Transfer received') =>
  app.inject({ method: 'POST', url: `${STAFF_ORDERS_URL}${oid}/confirm-payment/`, headers: { cookie: staff.cookies, ...lang(acceptLanguage) }, payload: { reason } });

/** Creates an order (fails loudly unless 201) and, unless `paid: false`, confirms its payment. */
export async function createOrder(app: App, staff: User, user: User, input: OrderInput & { paid?: boolean } = {}): Promise<Order> {
  const { paid = true, ...rest } = input;
  const created = await staffCreateOrder(app, staff, user.id, rest);
  if (created.statusCode !== 201) throw new Error(`create order answered ${created.statusCode}: ${created.body}`);
  if (!paid) return created.json<Order>();
  const confirmed = await staffConfirm(app, staff, created.json<Order>().id);
  if (confirmed.statusCode !== 200) throw new Error(`confirm payment answered ${confirmed.statusCode}: ${confirmed.body}`);
  return confirmed.json<Order>();
}

export async function getOrder(app: App, user: User, oid: string): Promise<Order> {
  const response = await app.inject({ url: orderUrl(user.id, oid), headers: { cookie: user.cookies } });
  if (response.statusCode !== 200) throw new Error(`get order answered ${response.statusCode}: ${response.body}`);
  return response.json<Order>();
}

let nameSequence = 0;

/** A valid analysis form for the service (dosimetry needs the user's calibration id). */
export function analysisFields(serviceId: string, overrides: MultipartFields = {}, calibrationId?: string): MultipartFields {
  nameSequence += 1;
  const base: MultipartFields = { analysisName: `Análise ${nameSequence}` };
  if (serviceId === 'dosi-clin' || serviceId === 'dosi-preclin') {
    Object.assign(base, { calibrationId, injectedActivity: 7400, administrationDatetime: '2024-05-10T09:30:00-03:00' });
  }
  if (serviceId === 'radiosino') base.isotope = 'Y-90';
  return { ...base, ...overrides };
}

export interface AnalysisSendOptions {
  /** The `images` file; POST defaults to `imageBytes()`, PUT to none; null sends no file. */
  images?: Uint8Array | null;
  headers?: Record<string, string>;
  acceptLanguage?: string;
}

export async function sendAnalysis(app: App, user: User, method: 'POST' | 'PUT', url: string, fields: MultipartFields, options: AnalysisSendOptions = {}) {
  const images = options.images === undefined ? (method === 'POST' ? imageBytes(2048, 7) : null) : options.images;
  const body = await multipart(fields, images ? { images: { content: images, filename: 'spect.zip', contentType: 'application/zip' } } : {});
  return app.inject({ method, url, payload: body.payload, headers: { cookie: user.cookies, ...lang(options.acceptLanguage), ...body.headers, ...options.headers } });
}

export const postAnalysis = (app: App, user: User, oid: string, fields: MultipartFields, options?: AnalysisSendOptions) =>
  sendAnalysis(app, user, 'POST', analysesUrl(user.id, oid), fields, options);
export const putAnalysis = (app: App, user: User, oid: string, aid: string, fields: MultipartFields, options?: AnalysisSendOptions) =>
  sendAnalysis(app, user, 'PUT', analysisUrl(user.id, oid, aid), fields, options);
export const deleteAnalysis = (app: App, user: User, oid: string, aid: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'DELETE', url: analysisUrl(user.id, oid, aid), headers: { cookie: user.cookies, ...headers } });
export const getAnalysis = (app: App, user: User, oid: string, aid: string, acceptLanguage?: string) =>
  app.inject({ url: analysisUrl(user.id, oid, aid), headers: { cookie: user.cookies, ...lang(acceptLanguage) } });

export async function listAnalyses(app: App, user: User, oid: string): Promise<{ count: number; row: Analysis[] }> {
  const response = await app.inject({ url: analysesUrl(user.id, oid), headers: { cookie: user.cookies } });
  if (response.statusCode !== 200) throw new Error(`list analyses answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** Creates an analysis (fails loudly unless 201). */
export async function createAnalysis(app: App, user: User, order: Order, overrides: MultipartFields = {}, options: AnalysisSendOptions = {}): Promise<Analysis> {
  const calibrationId = order.serviceId.startsWith('dosi-') ? (overrides.calibrationId as string | undefined) ?? (await createCalibration(app, user)).id : undefined;
  const response = await postAnalysis(app, user, order.id, analysisFields(order.serviceId, overrides, calibrationId), options);
  if (response.statusCode !== 201) throw new Error(`create analysis answered ${response.statusCode}: ${response.body}`);
  return response.json<Analysis>();
}

export const PDF = new TextEncoder().encode('%PDF-1.4\n% DoseHub test report\n%%EOF\n');

export const staffAnalysisUrl = (aid: string) => `${API}/staff/analyses/${aid}/`;

/** The analysis as staff read it (GET /staff/analyses/{aid}/): its status code and ETag. */
export async function staffRead(app: App, staff: User, aid: string): Promise<{ statusCode: string; etag: string }> {
  const response = await app.inject({ url: staffAnalysisUrl(aid), headers: { cookie: staff.cookies } });
  if (response.statusCode !== 200) throw new Error(`staff read answered ${response.statusCode}: ${response.body}`);
  return { statusCode: response.json<{ statusCode: string }>().statusCode, etag: String(response.headers.etag) };
}

/** The status staff read now, or null when they cannot read it (unknown analysis, not staff): the route then refuses. */
async function currentStatus(app: App, staff: User, aid: string): Promise<string | null> {
  const response = await app.inject({ url: staffAnalysisUrl(aid), headers: { cookie: staff.cookies } });
  return response.statusCode === 200 ? response.json<{ statusCode: string }>().statusCode : null;
}

export interface StatusFields {
  status: string;
  message?: string;
  /** The status read; left out, the helper reads the analysis first (as the back-office screen does), unless `headers` has If-Match. */
  from?: string | null;
  reportUploadId?: string;
}

/** POST /staff/analyses/{aid}/status/: multipart with the `report` file when given, JSON otherwise. `from: null` sends no `from`. */
export async function staffSetStatus(
  app: App,
  staff: User,
  aid: string,
  fields: StatusFields,
  report?: MultipartFile,
  acceptLanguage?: string,
  extraHeaders: Record<string, string> = {},
): Promise<InjectResponse> {
  const url = `${staffAnalysisUrl(aid)}status/`;
  const headers = { cookie: staff.cookies, ...lang(acceptLanguage), ...extraHeaders };
  const { from, ...rest } = fields;
  const read = from === undefined && !extraHeaders['if-match'] ? await currentStatus(app, staff, aid) : from;
  const payload = { ...rest, ...(read ? { from: read } : {}) };
  if (!report) return app.inject({ method: 'POST', url, headers, payload });
  const body = await multipart(payload, { report });
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
}

/** The staff's steps from Data sent (or Verifying, which may be repeated) to a status: DS → AI → II | PR → CO. */
const STEPS_TO: Record<string, string[]> = { AI: ['AI'], II: ['AI', 'II'], PR: ['AI', 'PR'], CO: ['AI', 'PR', 'CO'] };

/** Moves an analysis in Data sent or Verifying to `status` step by step (CO with a PDF report); fails loudly unless each answers 200. */
export async function moveAnalysis(app: App, staff: User, aid: string, status: string, message?: string): Promise<Analysis> {
  let response: InjectResponse | undefined;
  for (const step of STEPS_TO[status] ?? [status]) {
    const report = step === 'CO' ? { content: PDF, filename: 'relatorio.pdf', contentType: 'application/pdf' } : undefined;
    response = await staffSetStatus(app, staff, aid, { status: step, ...(message && step === status ? { message } : {}) }, report);
    if (response.statusCode !== 200) throw new Error(`status ${step} answered ${response.statusCode}: ${response.body}`);
  }
  return response!.json<Analysis>();
}
