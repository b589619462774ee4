/** Test fixtures (used only by this feature's *.test.ts(x)). */
import type { Analysis } from '#shared/schemas/analyses.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { TEST_USER } from '#app/lib/testing/local-first.ts';
import type { AnalysisValues } from '../analysis-values.ts';

export const ORDERS_PATH = `/users/${TEST_USER}/orders/`;
export const orderId = (n: number) => `0193a2b4-0000-7000-8000-0000000000a${n}`;
export const analysisId = (n: number) => `0193a2b4-0000-7000-8000-0000000000b${n}`;
export const calibrationId = (n: number) => `0193a2b4-0000-7000-8000-0000000000c${n}`;
export const analysesPath = (oid: string) => `${ORDERS_PATH}${oid}/analysis/`;
export const analysisItemPath = (oid: string, id: string) => `${analysesPath(oid)}${id}/`;

/** A dosi-clin analysis's values, as `serverAnalysis` has them. */
export const DOSIMETRY_VALUES: AnalysisValues = {
  analysisName: 'Paciente 01',
  calibrationId: calibrationId(1),
  injectedActivity: 7400,
  administrationDatetime: '2026-03-11T12:00:00.000Z',
};

/** An order as the server sends it: paid dosi-clin with 3 of 5 analyses remaining by default. */
export const serverOrder = (id: string, changes: Partial<Order> = {}): Order => ({
  id,
  userId: TEST_USER,
  quantityOfAnalyzes: 5,
  remainingOfAnalyzes: 3,
  price: 1500.5,
  serviceId: 'dosi-clin',
  serviceName: 'Dosimetria Clínica',
  statusPayment: 'Confirmado',
  statusCode: 'CON',
  active: true,
  analysisStatus: { dataSet: 1, invalidInfos: 0, concluded: 1, processing: 0, analyzingInfos: 0 },
  code: 'DC-0001',
  createdAt: '2026-03-10',
  billUrl: null,
  paymentMethod: 'boleto',
  chosenPaymentMethod: null,
  bill: null,
  version: 1,
  ...changes,
});

export const serverAnalysis = (id: string, oid: string, changes: Partial<Analysis> = {}): Analysis => ({
  id,
  userId: TEST_USER,
  orderId: oid,
  status: 'Dados enviados',
  statusCode: 'DS',
  imagesUrl: `/api/v1/files/${id}/`,
  active: true,
  serviceId: 'dosi-clin',
  serviceName: 'Dosimetria Clínica',
  createdAt: '2026-03-11T14:10:00.000Z',
  modifiedAt: '2026-03-11T14:10:00.000Z',
  analysisName: 'Paciente 01',
  report: '',
  reportUrl: null,
  messageToUser: '',
  calibrationId: calibrationId(1),
  injectedActivity: 7400,
  administrationDatetime: '2026-03-11T12:00:00.000Z',
  version: 1,
  ...changes,
});

export const seriesFile = (text = 'spect-bytes', name = 'spect.zip') => new File([text], name, { type: 'application/zip' });
