/**
 * A boleto is always in BRL; subscriptions are priced in USD. The conversion is exact integer arithmetic on
 * cents and the rate's ten-thousandths (never a float product), rounded half up to the centavo.
 */

const RATE = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** "5.5" → 55000 (ten-thousandths of a real per dollar). */
export function rateInTenThousandths(rate: string): number {
  const match = RATE.exec(rate);
  if (!match) throw new Error(`not an exchange rate: ${rate}`);
  return Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
}

/** US cents at `rate` BRL per USD → centavos, half up. */
export function usdCentsToBrlCents(usdCents: number, rate: string): number {
  const product = BigInt(usdCents) * BigInt(rateInTenThousandths(rate));
  return Number((product + 5_000n) / 10_000n);
}

/** The rate as stored and shown: 4 decimals ("5.5000"). */
export const normalizedRate = (rate: string) => (rateInTenThousandths(rate) / 10_000).toFixed(4);
