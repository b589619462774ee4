import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { toSnake } from '../http/wire-names.ts';
import type { Translate } from '../i18n/translator.ts';


/** What fastify-type-provider-zod keeps of a zod issue: its code as `keyword`, the rest in `params`. */
interface IssueParams {
  input?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  values?: unknown[];
  keys?: string[];
  /** invalid_union: the issues of each branch. */
  errors?: Array<Array<{ code: string; message: string } & IssueParams>>;
}

function fieldName(error: FastifySchemaValidationError, part: string | undefined): string {
  const segments = error.instancePath.split('/').filter(Boolean).map(toSnake);
  return segments.length > 0 ? segments.join('.') : (part ?? 'request');
}

/** Shared schemas write their messages as keys ("validation.invalidCpf"); the namespace is `validation`. */
export const validationKey = (message: string) => message.replace(/^validation\./, 'validation:');

function issueMessage(code: string, params: IssueParams, message: string, t: Translate): string {
  if (message.startsWith('validation.')) return t(validationKey(message));
  switch (code) {
    case 'invalid_type':
      // zod's own message names what it received; the issue does not carry the input itself.
      return /received undefined/.test(message) ? t('validation:required') : t('validation:invalidType');
    case 'too_small':
      return params.origin === 'string'
        ? t('validation:tooShort', { min: params.minimum })
        : t('validation:tooSmall', { min: params.minimum });
    case 'too_big':
      return params.origin === 'string'
        ? t('validation:tooLong', { max: params.maximum })
        : t('validation:tooBig', { max: params.maximum });
    case 'invalid_format':
      return t('validation:invalidFormat');
    case 'invalid_value':
      return t('validation:invalidChoice', { choices: (params.values ?? []).map(String).join(', ') });
    case 'unrecognized_keys':
      return t('validation:unknownKeys', { keys: (params.keys ?? []).join(', ') });
    case 'custom':
      return t(validationKey(message));
    case 'invalid_union': {
      // optionalOrEmpty('' | schema): the last branch's first issue is the one that explains the value.
      const issue = params.errors?.at(-1)?.[0];
      return issue ? issueMessage(issue.code, issue, issue.message, t) : t('validation:invalid');
    }
    default:
      return t('validation:invalid');
  }
}

/** v1's field error form, translated: "<snake_field>: <message>". */
export function validationMessages(
  errors: FastifySchemaValidationError[],
  part: string | undefined,
  t: Translate,
): string[] {
  return errors.map(
    (error) => `${fieldName(error, part)}: ${issueMessage(error.keyword, error.params as IssueParams, error.message ?? '', t)}`,
  );
}

/** The same messages for a zod parse done by hand (multipart forms), shaped as Fastify's validation errors. */
export function zodIssueMessages(issues: z.core.$ZodIssue[], t: Translate): string[] {
  const errors = issues.map((issue) => {
    const { path, code, message, ...params } = issue;
    return { keyword: code, instancePath: `/${path.join('/')}`, schemaPath: '', params, message } as FastifySchemaValidationError;
  });
  return validationMessages(errors, 'body', t);
}
