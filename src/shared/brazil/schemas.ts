import { z } from 'zod';
import { normalizeCnpj } from './cnpj.ts';
import { normalizeCpf } from './cpf.ts';
import { normalizePhone } from './phone.ts';

/**
 * Trims, normalizes with `normalize`, and fails with `messageKey`, a translation key callers translate.
 * The closing `.pipe(z.string())` lets `z.toJSONSchema` describe the output too (bare transforms throw there).
 */
function normalizedString(normalize: (input: string) => string | null, messageKey: string, accepted: { pattern: RegExp; description: string }) {
  return z
    .string()
    .trim()
    // The characters `normalize` accepts, for the API document; the digits' rules are its own.
    .meta({ pattern: accepted.pattern.source, description: accepted.description })
    .transform((value, ctx) => {
      const normalized = normalize(value);
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: messageKey, input: value });
        return z.NEVER;
      }
      return normalized;
    })
    .pipe(z.string());
}

/** Any CPF, masked or bare → its 11 digits. */
export const CpfSchema = normalizedString(normalizeCpf, 'validation.invalidCpf', {
  pattern: /^[\d.\-\s]*$/,
  description: 'CPF: 11 digits with valid check digits, masked (000.000.000-00) or bare',
});
/** Any CNPJ (numeric or alphanumeric, any case, masked or bare) → its 14 upper-case characters. */
export const CnpjSchema = normalizedString(normalizeCnpj, 'validation.invalidCnpj', {
  pattern: /^[0-9A-Za-z./\-\s]*$/,
  description: 'CNPJ: 12 letters or digits and 2 check digits, masked (00.000.000/0000-00) or bare',
});
/** Any phone accepted by `normalizePhone` → E.164. */
/** What a phone field accepts, for the API document. */
export const PHONE_INPUT = {
  pattern: /^\s*\+?[\d\s().-]+$/,
  description: 'Phone: E.164 (+5511987654321), or a Brazilian number with its area code, masked or bare',
};
export const PhoneSchema = normalizedString(normalizePhone, 'validation.invalidPhone', PHONE_INPUT);
