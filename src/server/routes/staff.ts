import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { NewOrder, Order, OrderList } from '#shared/schemas/orders.ts';
import { BillUrlBody, IssueBillBody, OrderBillBody } from '#shared/schemas/payments.ts';
import { PaymentConfirmation, StaffOrderQuery, StaffReason } from '#shared/schemas/staff.ts';
import { files } from '../db/schema.ts';
import { appError, InputError } from '../errors.ts';
import { readForm, type ReadForm, type UploadedFile } from '../http/forms.ts';
import { bodyCheckedByHandler } from '../http/body-checked-by-handler.ts';
import { filePart, withForm } from '../http/images.ts';
import { pdfOf } from '../http/pdf.ts';
import { readRefusals, SIGNED_IN, sends } from '../http/openapi.ts';
import { noticeContext, refundContext } from '../http/notices.ts';
import { refundOrderPix } from '../services/pix-refund.ts';
import { requireUser } from '../plugins/auth.ts';
import { issueBill } from '../services/payments.ts';
import { confirmOrderPayment, createOrder, findOrder, presentOrders, setBill, staffOrderPage, type OrderRow } from '../services/orders.ts';
import type { Db } from '../db/client.ts';
import { staffAnalysisRoutes } from './staff-analyses.ts';
import { staffAuditRoutes } from './staff-audit.ts';
import { staffQuoteRoutes } from './staff-quotes.ts';
import { staffSubscriptionRoutes } from './staff-subscriptions.ts';
import { staffUserRoutes } from './staff-users.ts';

const tags = ['staff'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody };
const readErrors = readRefusals(errors);
const OrderIdParams = z.object({ oid: z.uuid('validation.invalidUuid') });
const billBody = { 'application/json': OrderBillBody, 'multipart/form-data': z.object({ bill: filePart('The bill, a PDF') }) };

/** `/staff/…`: staff only (403 for other users, 401 anonymous). */
async function requireStaff(request: FastifyRequest) {
  await requireUser(request);
  if (!request.user!.isStaff) throw appError(403, 'errors.forbidden');
}

async function recordFile(db: Db, userId: string, file: UploadedFile): Promise<string> {
  const { name, contentType, size, sha256, storageKey } = file;
  const [row] = await db.insert(files).values({ userId, name, contentType, size, sha256, storageKey }).returning({ id: files.id });
  return row!.id;
}

/**
 * Back-office (docs/api.md additions, issue 17): every `/staff/…` route is staff only and each write is in the
 * audit log. Orders here; users, quotes, analyses, subscriptions and the audit log in the staff-*.ts beside it.
 */
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
  await app.register(staffUserRoutes);
  await app.register(staffQuoteRoutes);
  await app.register(staffAnalysisRoutes);
  await app.register(staffSubscriptionRoutes);
  await app.register(staffAuditRoutes);

  app.get(
    '/staff/orders/',
    {
      schema: {
        tags,
        summary:
          "Every user's orders, newest first, a page at a time (`count` is the total); `?status=APG|CON`, `?userId=`, `?serviceId=`, `?sort=` (createdAt, code, price, quantity, status; `-` descending)",
        querystring: StaffOrderQuery,
        response: { 200: OrderList, ...readErrors },
      },
    },
    async (request) => {
      const { total, rows } = await staffOrderPage(app.db, request.query);
      return { count: total, row: await presentOrders(app.db, rows, request.t) };
    },
  );

  app.post(
    '/staff/orders/',
    {
      schema: {
        tags,
        summary: 'Create an order for a user (remaining = quantity, awaiting payment; a quote\'s `prefill` fills it); audited; the user is notified and mailed',
        body: NewOrder,
        response: { 201: Order, ...errors },
        openapi: { responses: { 201: { headers: sends.location } } },
      },
    },
    async (request, reply) => {
      const { row } = await createOrder(noticeContext(request), request.body, { staffId: request.user!.id, action: 'order.create' });
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
          "Issue an order's bill: JSON `{provider}` issues a boleto through the payment provider (its PDF becomes `billUrl`; the payer's CPF or CNPJ from the profile, or `cpf`/`cnpj` here when the profile has none, then kept there; another one than the profile's → 409; a paid order → 409); or a multipart PDF `bill`, or JSON `{billUrl}`; audited",
        params: OrderIdParams,
        body: OrderBillBody,
        response: { 200: Order, ...errors },
        openapi: { requestBody: billBody },
      },
      // A JSON or multipart form, read by readForm and checked by parseIssueBill / parseBillUrl.
      validatorCompiler: bodyCheckedByHandler,
    },
    async (request) => {
      const order = await findOrder(app.db, request.params.oid);
      const form = await readForm(request, app.fileStore, ['bill']);
      const actor = { staffId: request.user!.id, action: 'order.bill' as const };
      const ctx = noticeContext(request);
      return withForm(form, async () => {
        const pdf = pdfOf(form.files.bill, 'bill');
        const issue = !pdf && form.fields.provider !== undefined ? parseIssueBill(form) : null;
        const { row, replacedStorageKey } = issue
          ? await issueBill({ ...ctx, fileStore: app.fileStore, provider: app.payments.issuer }, order, issue, new Date(), actor)
          : await setBill(ctx, order, pdf ? { fileId: await recordFile(app.db, order.userId, pdf) } : { url: parseBillUrl(form) }, actor);
        if (replacedStorageKey) await app.fileStore.remove(replacedStorageKey);
        return { result: await present(request, row), keep: pdf !== null };
      });
    },
  );

  app.post(
    '/staff/orders/:oid/refund/',
    {
      schema: {
        tags,
        summary:
          "Refund the order's PIX payment in full through the provider (the sandbox at once; optional `reason`): the charge `refunded`, the order `REF` and no longer active; audited; the user is notified and mailed. Nothing paid by PIX → 409",
        params: OrderIdParams,
        body: StaffReason.nullish(),
        response: { 200: Order, ...errors },
        openapi: { bodyOptional: true },
      },
    },
    async (request) => {
      const order = await findOrder(app.db, request.params.oid);
      const actor = { staffId: request.user!.id, action: 'order.refund' as const, reason: request.body?.reason };
      return present(request, await refundOrderPix(refundContext(request), order, actor));
    },
  );

  app.post(
    '/staff/orders/:oid/confirm-payment/',
    {
      schema: {
        tags,
        summary: 'Confirm the payment by hand (CON), saying why (`reason`, kept in the audit log): analyses can be sent; the user is notified and mailed',
        params: OrderIdParams,
        body: PaymentConfirmation,
        response: { 200: Order, ...errors },
      },
    },
    async (request) => {
      const order = await findOrder(app.db, request.params.oid);
      const { row } = await confirmOrderPayment(noticeContext(request), order, request.user!.id, request.body.reason);
      return present(request, row);
    },
  );
};

function parseIssueBill(form: ReadForm): IssueBillBody {
  const parsed = IssueBillBody.safeParse(form.fields);
  if (!parsed.success) throw new InputError(parsed.error.issues);
  return parsed.data;
}

function parseBillUrl(form: ReadForm): string {
  const parsed = BillUrlBody.safeParse(form.fields);
  if (!parsed.success) throw new InputError(parsed.error.issues);
  return parsed.data.billUrl;
}
