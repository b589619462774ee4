/** Keeps only 0-9 ("937.438.511-21" → "93743851121"). */
export function stripNonDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** Upper-cases, then keeps only 0-9 and A-Z, as the alphanumeric CNPJ needs ("12.abc.345/01de-35" → "12ABC34501DE35"). */
export function stripFormatting(text: string): string {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, '');
}
