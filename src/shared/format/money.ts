import type { Language } from '../languages.ts';

/** docs/product.md §9: services are priced in BRL (pt-BR format), subscriptions in USD (the interface language's format). */
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdByLanguage = new Map<Language, Intl.NumberFormat>();

export const formatBrl = (value: number) => brl.format(value);
export const formatUsd = (value: number) => usd.format(value);

/** A subscription price in the language's own format: $60.00, US$ 60,00, 60,00 US$. */
export function formatUsdIn(value: number, language: Language): string {
  let format = usdByLanguage.get(language);
  if (!format) usdByLanguage.set(language, (format = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' })));
  return format.format(value);
}

