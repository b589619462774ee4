import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { z } from 'zod';
import type { Translate } from '../i18n/translator.ts';

const toSnake = (segment: string) => segment.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

function fieldName(issue: z.core.$ZodIssue, part: string | undefined): string {
  const pathText = issue.path.map((p) => toSnake(String(p))).join('.');
  return pathText || (part === 'body' ? 'body' : (part ?? 'request'));
}

function issueMessage(issue: z.core.$ZodIssue, t: Translate): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? t('validation.required') : t('validation.invalidType');
    case 'too_small':
      return issue.origin === 'string'
        ? t('validation.tooShort', { min: issue.minimum })
        : t('validation.tooSmall', { min: issue.minimum });
    case 'too_big':
      return issue.origin === 'string'
        ? t('validation.tooLong', { max: issue.maximum })
        : t('validation.tooBig', { max: issue.maximum });
    case 'invalid_format':
      return t('validation.invalidFormat');
    case 'invalid_value':
      return t('validation.invalidChoice', { choices: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return t('validation.unknownKeys', { keys: issue.keys.join(', ') });
    default:
      return t('validation.invalid');
  }
}

/** v1's field error form, translated: "<snake_field>: <message>". */
export function validationMessages(
  errors: FastifySchemaValidationError[],
  part: string | undefined,
  t: Translate,
): string[] {
  return errors.map((error) => {
    const issue = (error.params as { issue?: z.core.$ZodIssue }).issue;
    if (!issue) return `${part ?? 'request'}: ${t('validation.invalid')}`;
    return `${fieldName(issue, part)}: ${issueMessage(issue, t)}`;
  });
}
