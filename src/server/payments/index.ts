import type { PaymentsConfig } from '../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';

export type { PaymentProvider } from './provider.ts';

/** Every provider the server can take webhooks from, by name; `config.provider` issues new bills. */
export function createPaymentProviders(config: PaymentsConfig, webhookSecret: string): Map<string, PaymentProvider> {
  const sandbox = createSandboxProvider({ webhookSecret, beneficiary: config.beneficiary });
  return new Map([[sandbox.name, sandbox]]);
}
