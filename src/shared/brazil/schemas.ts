import { z } from 'zod';
import { normalizeCnpj } from './cnpj.ts';
import { normalizeCpf } from './cpf.ts';
import { normalizePhone } from './phone.ts';

/**
 * Trims, normalizes with `normalize`, and fails with `messageKey`, a translation key callers translate.
 * The closing `.pipe(z.string())` lets `z.toJSONSchema` describe the output too (bare transforms throw there).
 */
function normalizedString(normalize: (input: string) => string | null, messageKey: string) {
  return z
    .string()
    .trim()
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
export const CpfSchema = normalizedString(normalizeCpf, 'validation.invalidCpf');
/** Any CNPJ (numeric or alphanumeric, any case, masked or bare) → its 14 upper-case characters. */
export const CnpjSchema = normalizedString(normalizeCnpj, 'validation.invalidCnpj');
/** Any phone accepted by `normalizePhone` → E.164. */
export const PhoneSchema = normalizedString(normalizePhone, 'validation.invalidPhone');
