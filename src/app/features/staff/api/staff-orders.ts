import { Order, OrderList, type NewOrder } from '#shared/schemas/orders.ts';
import type { PaymentMethod } from '#shared/schemas/payments.ts';
import { staffApi } from '#shared/schemas/staff-routes.ts';
import type { StaffSearch } from '../staff-search.ts';
import { PAGE_SIZE, staffListQuery, staffRequest, useStaffWrite } from './staff-requests.ts';

export const DEFAULT_ORDER_SORT = '-createdAt';

/** A page of every user's orders (or one user's), filtered by payment status and service. */
export const staffOrdersQuery = (search: StaffSearch, userId?: string) =>
  staffListQuery('orders', staffApi.orders, OrderList, {
    status: search.status,
    serviceId: search.service,
    userId,
    sort: search.sort ?? DEFAULT_ORDER_SORT,
    limit: PAGE_SIZE,
    offset: ((search.page ?? 1) - 1) * PAGE_SIZE,
  });


export const useCreateOrder = () => useStaffWrite((order: NewOrder) => staffRequest(staffApi.orders, Order, { method: 'POST', body: order }));

export type BillChoice = { provider: 'sandbox'; method: PaymentMethod; cpf?: string; cnpj?: string } | { file: File };

export const useIssueBill = () =>
  useStaffWrite(({ orderId, bill }: { orderId: string; bill: BillChoice }) => {
    const body = 'file' in bill ? formWith('bill', bill.file) : bill;
    return staffRequest(staffApi.orderBill(orderId), Order, { method: 'POST', body });
  });

export const useConfirmOrderPayment = () =>
  useStaffWrite(({ orderId, reason }: { orderId: string; reason: string }) =>
    staffRequest(staffApi.orderConfirmPayment(orderId), Order, { method: 'POST', body: { reason } }),
  );

/** Gives a PIX payment back in full (the provider at once); the reason, optional, goes to the audit log. */
export const useRefundOrder = () =>
  useStaffWrite(({ orderId, reason }: { orderId: string; reason: string }) =>
    staffRequest(staffApi.orderRefund(orderId), Order, { method: 'POST', body: reason ? { reason } : {} }),
  );

function formWith(field: string, file: File) {
  const form = new FormData();
  form.set(field, file, file.name);
  return form;
}
