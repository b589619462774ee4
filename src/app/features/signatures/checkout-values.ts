import { normalizeCnpj } from '#shared/brazil/cnpj.ts';
import { normalizeCpf } from '#shared/brazil/cpf.ts';
import { stripFormatting } from '#shared/brazil/digits.ts';

/** The payer's document as the checkout sends it: a CPF (11 digits) or a CNPJ (14 characters), stored bare. */
export type PayerDocument = { cpf: string } | { cnpj: string };

/** Translation keys of the field's messages. */
export type DocumentProblem = 'signatures:checkout.documentRequired' | 'validation:invalidCpf' | 'validation:invalidCnpj';

/**
 * One field takes either: 11 digits are a CPF, anything else is read as a CNPJ (numeric or alphanumeric), each
 * checked with `src/shared/brazil`'s rules, as the server checks them.
 */
export function readPayerDocument(text: string): { document: PayerDocument } | { problem: DocumentProblem } {
  const bare = stripFormatting(text);
  if (bare === '') return { problem: 'signatures:checkout.documentRequired' };
  if (/^\d{11}$/.test(bare)) {
    const cpf = normalizeCpf(text.trim());
    return cpf ? { document: { cpf } } : { problem: 'validation:invalidCpf' };
  }
  const cnpj = normalizeCnpj(text.trim());
  return cnpj ? { document: { cnpj } } : { problem: 'validation:invalidCnpj' };
}
