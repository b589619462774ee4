/** What the rest of the server knows of a payment gateway: issue a boleto, trust its webhooks. */

export interface BillRequest {
  /** Centavos. */
  amountCents: number;
  /** `document`: the payer's CPF (11 digits) or CNPJ (14 characters), as stored. */
  payer: { name: string; document: string };
  /** YYYY-MM-DD */
  dueDate: string;
  /** Ours (the order code), printed on the bill. */
  documentNumber: string;
  /** The instructions area's lines (what the bill pays for), in Portuguese like the rest of the bill. */
  instructions?: string[];
}

export interface IssuedBill {
  /** The gateway's id of the bill (the webhook names it). */
  providerBillId: string;
  /** 47 digits. */
  line: string;
  /** 44 digits. */
  barcode: string;
  amountCents: number;
  dueDate: string;
  /** The gateway's PDF of the bill, or null when the provider draws it later (`billPdf`, on its first download). */
  pdf: Buffer | null;
}

/** What a boleto's PDF shows, as its `bills` row keeps it: the request, the line and barcode, when it was issued. */
export interface PrintedBill extends Omit<BillRequest, 'instructions'> {
  instructions: string[] | null;
  line: string;
  barcode: string;
  issuedAt: Date;
}

/** A PIX charge to create: paid once, by `expiresAt`. */
export interface PixRequest {
  /** Centavos. */
  amountCents: number;
  payer: { name: string; document: string };
  expiresAt: Date;
}

export interface IssuedPix {
  /** The charge's transaction id (letters and digits, at most 25): the bill's provider id, in the code's field 62. */
  txid: string;
  /** The BR Code: the copy-paste code and the QR code's text. */
  code: string;
  amountCents: number;
  expiresAt: Date;
}

/**
 * A payment the gateway reports; `id` is the event's own (a retried delivery repeats it). `payment.confirmed`
 * names a boleto (`billId`: its id or line), `pix.received` a PIX charge (`billId`: its txid).
 */
export interface PaymentConfirmed {
  id: string;
  type: 'payment.confirmed' | 'pix.received';
  billId: string;
  amountCents: number;
  paidAt: Date;
}

/** Why a webhook is refused: 'signature' (missing, wrong or stale: 401) or 'payload' (signed but not an event we read: 400). */
export class WebhookRefused extends Error {
  constructor(readonly reason: 'signature' | 'payload') {
    super(`webhook refused: ${reason}`);
  }
}

export interface PaymentProvider {
  /** The `{provider}` of the webhook URL and the `provider` column of a bill. */
  readonly name: string;
  issueBill(request: BillRequest): Promise<IssuedBill>;
  /**
   * The PDF of a bill `issueBill` gave none for, asked on its first download (services/boleto-pdfs.ts): the sandbox
   * draws it; a gateway that hands its PDF back at issue is never asked, one that does not would fetch it here.
   */
  billPdf(bill: PrintedBill): Promise<Buffer>;
  issuePix(request: PixRequest): Promise<IssuedPix>;
  /** Gives a paid PIX back in full (the 100% refund policy); resolves once the gateway took it. */
  refundPix(txid: string, amountCents: number): Promise<void>;
  /** Checks the request is the gateway's (throws `WebhookRefused`), then reads the event from the raw bytes. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentConfirmed;
}
