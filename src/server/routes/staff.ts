import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Analysis, AnalysisList, AnalysisStatusChange, StaffAnalysisQuery } from '#shared/schemas/analyses.ts';
import { ErrorBody } from '#shared/schemas/common.ts';
import { NewOrder, Order, OrderList, StaffOrderQuery } from '#shared/schemas/orders.ts';
import { IssueBillBody } from '#shared/schemas/payments.ts';
import { files } from '../db/schema.ts';
import { AppError, appError, fieldErrors, InputError } from '../errors.ts';
import { readForm, type ReadForm, type UploadedFile } from '../http/forms.ts';
import { filePart, withForm } from '../http/images.ts';
import { readRefusals, SIGNED_IN, sends } from '../http/openapi.ts';
import { noticeContext } from '../http/notices.ts';
import { requireUser } from '../plugins/auth.ts';
import { issueBill } from '../services/payments.ts';
import { findAnalysis, isStaffMove, presentAnalysis, setAnalysisStatus, staffAnalysisPage } from '../services/analyses.ts';
import { tellUser, type Notice } from '../services/notices.ts';
import { createOrder, findOrder, orderNotice, presentOrders, setBill, staffOrderPage, updateOrder, type OrderRow } from '../services/orders.ts';
import type { Db } from '../db/client.ts';
import { staffSignatureRoutes } from './staff-signatures.ts';

const tags = ['staff'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody };
const readErrors = readRefusals(errors);
const formBody = z.any();
const OrderIdParams = z.object({ oid: z.uuid('validation.invalidUuid') });
const AnalysisIdParams = z.object({ aid: z.uuid('validation.invalidUuid') });
const BillUrl = z.object({ billUrl: z.url({ protocol: /^https?$/, error: 'validation.invalidUrl' }) });
const billBody = { 'application/json': z.union([BillUrl, IssueBillBody]), 'multipart/form-data': z.object({ bill: filePart('The bill, a PDF') }) };
const statusBody = {
  'application/json': AnalysisStatusChange,
  'multipart/form-data': AnalysisStatusChange.extend({ report: filePart('The report, a PDF (to CO)').optional() }),
};

/** `/staff/…`: staff only (403 for other users, 401 anonymous). */
async function requireStaff(request: FastifyRequest) {
  await requireUser(request);
  if (!request.user!.isStaff) throw appError(403, 'errors.forbidden');
}

/** A PDF by its media type or name; anything else is refused (415). */
function pdfOf(file: UploadedFile | undefined, field: string): UploadedFile | null {
  if (!file) return null;
  if (file.contentType !== 'application/pdf' && !/\.pdf$/i.test(file.name)) throw new AppError(415, [{ field, key: 'staff.pdfRequired' }]);
  return file;
}

async function recordFile(db: Db, userId: string, file: UploadedFile): Promise<string> {
  const { name, contentType, size, sha256, storageKey } = file;
  const [row] = await db.insert(files).values({ userId, name, contentType, size, sha256, storageKey }).returning({ id: files.id });
  return row!.id;
}

const STATUS_NOTICES: Record<AnalysisStatusChange['status'], Pick<Notice, 'kind' | 'key'>> = {
  AI: { kind: 'processing', key: 'analysisVerifying' },
  II: { kind: 'error', key: 'analysisInvalid' },
  PR: { kind: 'processing', key: 'analysisProcessing' },
  CO: { kind: 'success', key: 'analysisCompleted' },
};

function parseStatusChange(form: ReadForm) {
  const parsed = AnalysisStatusChange.safeParse(form.fields);
  if (!parsed.success) throw new InputError(parsed.error.issues);
  if (parsed.data.status === 'II' && !parsed.data.message) throw fieldErrors([{ field: 'message', key: 'validation.required' }]);
  return { status: parsed.data.status, message: parsed.data.message ?? '' };
}

/** Back-office (docs/api.md additions): create an order for a user, issue its bill, confirm its payment, move analyses along. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/v1/staff/')) await requireStaff(request);
  });
  // The document says so for each route here: the session cookie of a staff account.
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    if (route.url.startsWith('/api/v1/staff/')) route.schema = { ...schema, security: SIGNED_IN, openapi: { ...schema.openapi, staff: true } };
  });
  const present = async (request: FastifyRequest, row: OrderRow) => (await presentOrders(app.db, [row], request.t))[0]!;
  await app.register(staffSignatureRoutes);

  app.get(
    '/staff/orders/',
    {
      schema: {
        tags,
        summary: "Every user's orders, newest first, a page at a time (`count` is the total); `?status=APG|CON`, `?userId=`",
        querystring: StaffOrderQuery,
        response: { 200: OrderList, ...readErrors },
      },
    },
    async (request) => {
      const { total, rows } = await staffOrderPage(app.db, request.query);
      return { count: total, row: await presentOrders(app.db, rows, request.t) };
    },
  );

  app.get(
    '/staff/analyses/',
    {
      schema: {
        tags,
        summary: 'The analysis queue: oldest change first, a page at a time (`count` is the total); `?status=DS|AI|II|PR|CO`',
        querystring: StaffAnalysisQuery,
        response: { 200: AnalysisList, ...readErrors },
      },
    },
    async (request) => {
      const { total, rows } = await staffAnalysisPage(app.db, request.query);
      return { count: total, row: rows.map(({ row, serviceId, identifyingElements }) => presentAnalysis(row, serviceId, request.t, identifyingElements)) };
    },
  );

  app.post(
    '/staff/orders/',
    { schema: { tags, summary: 'Create an order for a user (remaining = quantity, awaiting payment); the user is notified and mailed', body: NewOrder, response: { 201: Order, ...errors }, openapi: { responses: { 201: { headers: sends.location } } } } },
    async (request, reply) => {
      const { created, row } = await createOrder(app.db, request.body);
      if (created) await tellUser(noticeContext(request), row.userId, orderNotice(row, 'orderCreated', 'success', 'orderCreated'));
      reply.header('Location', `/api/v1/users/${row.userId}/orders/${row.id}/`);
      return reply.code(201).send(await present(request, row));
    },
  );

  app.post(
    '/staff/orders/:oid/bill/',
    {
      schema: {
        tags,
        summary:
          "Issue an order's bill: JSON `{provider}` issues a boleto through the payment provider (its PDF becomes `billUrl`; the payer's CPF or CNPJ from the profile, or `cpf`/`cnpj` here when the profile has none, then kept there; another one than the profile's → 409; a paid order → 409); or a multipart PDF `bill`, or JSON `{billUrl}`",
        params: OrderIdParams,
        body: formBody,
        response: { 200: Order, ...errors },
        openapi: { requestBody: billBody },
      },
    },
    async (request) => {
      const order = await findOrder(app.db, request.params.oid);
      const form = await readForm(request, app.fileStore, ['bill']);
      return withForm(form, async () => {
        const pdf = pdfOf(form.files.bill, 'bill');
        const issue = !pdf && form.fields.provider !== undefined ? parseIssueBill(form) : null;
        const { row, replacedStorageKey } = issue
          ? await issueBill({ db: app.db, fileStore: app.fileStore, provider: app.payments.issuer }, order, issue)
          : await setBill(app.db, order, pdf ? { fileId: await recordFile(app.db, order.userId, pdf) } : { url: parseBillUrl(form) });
        if (replacedStorageKey) await app.fileStore.remove(replacedStorageKey);
        await tellUser(noticeContext(request), row.userId, orderNotice(row, 'billIssued', 'update', 'billIssued'));
        return { result: await present(request, row), keep: pdf !== null };
      });
    },
  );

  app.post(
    '/staff/orders/:oid/confirm-payment/',
    { schema: { tags, summary: 'Confirm the payment (CON): analyses can be sent; the user is notified and mailed', params: OrderIdParams, response: { 200: Order, ...errors } } },
    async (request) => {
      const order = await findOrder(app.db, request.params.oid);
      if (order.statusPayment === 'CON') return present(request, order);
      const row = await updateOrder(app.db, order, { statusPayment: 'CON' });
      await tellUser(noticeContext(request), row.userId, orderNotice(row, 'paymentConfirmed', 'success', 'paymentConfirmed'));
      return present(request, row);
    },
  );

  app.post(
    '/staff/analyses/:aid/status/',
    {
      schema: {
        tags,
        summary:
          "Move an analysis on: DS → AI → II (with `message` to the user) or PR → CO (with the multipart PDF `report`); the same status again updates it; other moves → 409; the user is notified",
        params: AnalysisIdParams,
        body: formBody,
        response: { 200: Analysis, ...errors },
        openapi: { requestBody: statusBody },
      },
    },
    async (request) => {
      const analysis = await findAnalysis(app.db, request.params.aid);
      const order = await findOrder(app.db, analysis.orderId);
      const form = await readForm(request, app.fileStore, ['report']);
      return withForm(form, async () => {
        const { status, message } = parseStatusChange(form);
        const report = pdfOf(form.files.report, 'report');
        if (status === 'CO' && !report) throw fieldErrors([{ field: 'report', key: 'staff.reportRequired' }]);
        if (!isStaffMove(analysis.status, status)) {
          const name = (code: string) => request.t(`staff.statusNames.${code}`);
          throw appError(409, 'staff.illegalMove', { from: name(analysis.status), to: name(status) });
        }
        const reportFileId = report ? await recordFile(app.db, analysis.userId, report) : null;
        const { row, replacedStorageKey } = await setAnalysisStatus(app.db, analysis, status, message, reportFileId);
        if (replacedStorageKey) await app.fileStore.remove(replacedStorageKey);
        const mail = status === 'CO' ? { kind: 'reportReady' as const, path: `/dashboard/my-services/${order.id}/analyses` } : undefined;
        await tellUser(noticeContext(request), row.userId, { ...STATUS_NOTICES[status], values: { name: row.analysisName, message }, mail });
        return { result: presentAnalysis(row, order.serviceId, request.t), keep: report !== null };
      });
    },
  );
};

function parseIssueBill(form: ReadForm): IssueBillBody {
  const parsed = IssueBillBody.safeParse(form.fields);
  if (!parsed.success) throw new InputError(parsed.error.issues);
  return parsed.data;
}

function parseBillUrl(form: ReadForm): string {
  const parsed = BillUrl.safeParse(form.fields);
  if (!parsed.success) throw new InputError(parsed.error.issues);
  return parsed.data.billUrl;
}
