/** docs/product.md §9: services are priced in BRL (pt-BR format), subscriptions in USD (en-US format). */
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatBrl = (value: number) => brl.format(value);
export const formatUsd = (value: number) => usd.format(value);
