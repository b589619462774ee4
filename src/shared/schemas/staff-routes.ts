/**
 * The back-office's routes under `/api/v1` (issue 17), for the client's calls; every one is staff only
 * (403 for other users, 401 signed out). Bodies and answers: staff.ts, staff-analyses.ts, staff-audit.ts.
 *
 * | method | path | query / body → answer |
 * | --- | --- | --- |
 * | GET | /staff/users/ | StaffUserQuery → StaffUserList |
 * | GET | /staff/users/{uid}/ | → StaffUserDetail (its orders, subscriptions, quotes: `?userId=` on those lists) |
 * | POST | /staff/users/{uid}/data-export/ | → 202 DataExportState (200: joins the one running); audited |
 * | GET | /staff/users/{uid}/data-export/ | → DataExportLatest (`downloadUrl`: the staff's download) |
 * | GET | /staff/data-exports/{id}/file/ | the zip (409 while built, 410 expired); audited |
 * | GET | /staff/orders/ | StaffOrderQuery → OrderList |
 * | POST | /staff/orders/ | NewOrder → 201 Order (the user is notified and mailed) |
 * | POST | /staff/orders/{oid}/bill/ | `{provider, method}` (boleto or PIX), `{billUrl}` or multipart `bill` → Order |
 * | POST | /staff/orders/{oid}/refund/ | StaffReason (optional) → Order (its PIX payment given back: REF) |
 * | POST | /staff/orders/{oid}/confirm-payment/ | PaymentConfirmation `{reason}` → Order |
 * | GET | /staff/quotes/ | StaffQuoteQuery → StaffQuoteList (each with `prefill` for "Create order") |
 * | GET | /staff/quotes/{qid}/ | → StaffQuote, ETag |
 * | PATCH | /staff/quotes/{qid}/ | QuotePatch `{answered}`, If-Match → StaffQuote (stale → 412) |
 * | GET | /staff/analyses/ | StaffAnalysisQuery → AnalysisList |
 * | GET | /staff/analyses/{aid}/ | → StaffAnalysis, ETag |
 * | POST | /staff/analyses/{aid}/status/ | StaffStatusMove + If-Match or `from` → StaffAnalysis (stale → 412 StaleAnalysis; not allowed → 409) |
 * | GET | /staff/signatures/ | StaffSignatureQuery → StaffSignatureList |
 * | POST | /staff/signatures/{sid}/confirm-payment/ | StaffReason (optional) → Signature |
 * | POST | /staff/signatures/{sid}/deactivate/ | StaffReason (optional) → StaffSignature |
 * | POST | /staff/signatures/{sid}/reactivate/ | StaffReason (optional) → StaffSignature (409: nothing covers today) |
 * | POST | /staff/signatures/{sid}/refund/ | StaffReason (optional) → Signature (its PIX payment given back: REF, deactivated) |
 * | GET | /staff/audit/ | AuditQuery → AuditList |
 * | GET | /files/{id}/ | a file (images, report, bill): a staff download of another user's file is audited |
 */
const base = '/api/v1';

export const staffApi = {
  users: `${base}/staff/users/`,
  user: (uid: string) => `${base}/staff/users/${uid}/`,
  userDataExport: (uid: string) => `${base}/staff/users/${uid}/data-export/`,
  orders: `${base}/staff/orders/`,
  orderBill: (oid: string) => `${base}/staff/orders/${oid}/bill/`,
  orderConfirmPayment: (oid: string) => `${base}/staff/orders/${oid}/confirm-payment/`,
  orderRefund: (oid: string) => `${base}/staff/orders/${oid}/refund/`,
  quotes: `${base}/staff/quotes/`,
  quote: (qid: string) => `${base}/staff/quotes/${qid}/`,
  analyses: `${base}/staff/analyses/`,
  analysis: (aid: string) => `${base}/staff/analyses/${aid}/`,
  analysisStatus: (aid: string) => `${base}/staff/analyses/${aid}/status/`,
  signatures: `${base}/staff/signatures/`,
  signatureConfirmPayment: (sid: string) => `${base}/staff/signatures/${sid}/confirm-payment/`,
  signatureDeactivate: (sid: string) => `${base}/staff/signatures/${sid}/deactivate/`,
  signatureReactivate: (sid: string) => `${base}/staff/signatures/${sid}/reactivate/`,
  signatureRefund: (sid: string) => `${base}/staff/signatures/${sid}/refund/`,
  audit: `${base}/staff/audit/`,
  file: (id: string) => `${base}/files/${id}/`,
  /** tus: the report's resumable upload (then `reportUploadId` on the status move). */
  uploads: `${base}/uploads/`,
} as const;

/** A list query as URL search params (undefined and "" left out). */
export function staffQueryString(query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
