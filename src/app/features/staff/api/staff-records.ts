import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { DataExportLatest, DataExportState, isExportBuilding } from '#shared/schemas/data-export.ts';
import { Signature } from '#shared/schemas/signatures.ts';
import { AuditList } from '#shared/schemas/staff-audit.ts';
import { staffApi } from '#shared/schemas/staff-routes.ts';
import { StaffQuote, StaffQuoteList, StaffSignature, StaffSignatureList, StaffUserDetail, StaffUserList } from '#shared/schemas/staff.ts';
import type { StaffSearch } from '../staff-search.ts';
import { PAGE_SIZE, ifMatch, staffListQuery, staffRecordQuery, staffRequest, useStaffWrite } from './staff-requests.ts';

const paging = (search: StaffSearch) => ({ limit: PAGE_SIZE, offset: ((search.page ?? 1) - 1) * PAGE_SIZE });

/** Users by name, e-mail, CPF/CNPJ or clinic. */
export const staffUsersQuery = (search: StaffSearch) => staffListQuery('users', staffApi.users, StaffUserList, { q: search.q, sort: search.sort ?? 'name', ...paging(search) });
export const staffUserQuery = (id: string) => staffRecordQuery('users', id, staffApi.user(id), StaffUserDetail);

/** The quotes inbox: new first unless filtered. */
export const staffQuotesQuery = (search: StaffSearch, userId?: string) =>
  staffListQuery('quotes', staffApi.quotes, StaffQuoteList, { status: search.status, serviceId: search.service, userId, sort: search.sort ?? '-createdAt', ...paging(search) });

/** Answered (with the answer the client is told and mailed), or back to new. */
export const useMarkQuote = () =>
  useStaffWrite(({ quote, answered, answer }: { quote: StaffQuote; answered: boolean; answer?: string }) =>
    staffRequest(staffApi.quote(quote.id), StaffQuote, { method: 'PATCH', body: answered ? { answered, answer } : { answered }, headers: ifMatch(quote.version) }),
  );

export const staffSignaturesQuery = (search: StaffSearch, userId?: string) =>
  staffListQuery('signatures', staffApi.signatures, StaffSignatureList, {
    status: search.status,
    activated: search.record === 'active' ? true : search.record === 'inactive' ? false : undefined,
    userId,
    sort: search.sort ?? '-createdAt',
    ...paging(search),
  });

/** A staff action on a subscription, with the optional reason the audit log keeps. */
const useSignatureAction = <T extends z.ZodType>(path: (id: string) => string, schema: T) =>
  useStaffWrite(({ id, reason }: { id: string; reason: string }) => staffRequest(path(id), schema, { method: 'POST', body: reason ? { reason } : {} }));

export const useConfirmSignaturePayment = () => useSignatureAction(staffApi.signatureConfirmPayment, Signature);
export const useDeactivateSignature = () => useSignatureAction(staffApi.signatureDeactivate, StaffSignature);
/** Undoes a deactivation while the paid period or the trial covers today (the server says 409 otherwise). */
export const useReactivateSignature = () => useSignatureAction(staffApi.signatureReactivate, StaffSignature);
/** Gives the subscription's PIX payment back in full (REF, no longer active). */
export const useRefundSignature = () => useSignatureAction(staffApi.signatureRefund, Signature);

/** The audit log, newest first: by staff member, client, record, kind of record, action and day. */
export const staffAuditQuery = (search: StaffSearch) =>
  staffListQuery('audit', staffApi.audit, AuditList, {
    staffId: search.staff,
    userId: search.client,
    recordId: search.record,
    recordType: search.status,
    action: search.action,
    from: search.from,
    to: search.to,
    ...paging(search),
  });

/** The user's latest data export (issue 30), polled every second while it is built. */
export const staffUserExportQuery = (userId: string) =>
  queryOptions({
    ...staffRecordQuery('user-export', userId, staffApi.userDataExport(userId), DataExportLatest),
    refetchInterval: (query) => (isExportBuilding(query.state.data?.export) ? 1000 : false),
  });

/** Produces the user's export on their request (audited); joins one being built. */
export const useStaffExport = (userId: string) => useStaffWrite(() => staffRequest(staffApi.userDataExport(userId), DataExportState, { method: 'POST' }));
