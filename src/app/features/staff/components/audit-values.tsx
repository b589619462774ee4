import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '#shared/schemas/staff-audit.ts';
import { formatBytes } from '#app/lib/uploads/transfer-text.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { useStaffFormat } from '../format.ts';
import classes from './audit-values.module.css';

type Values = NonNullable<AuditEntry['before']>;
type Label = (key: string, value: unknown) => string;

/** The value keys that hold an id the entry's `names` names (a person, a service, a file). */
const NAMED = new Set(['userId', 'ownerId', 'answeredBy', 'serviceId', 'billFileId', 'reportFileId']);
const DAYS = new Set(['hiredPeriodInitial', 'hiredPeriodEnd', 'answeredAt']);
const FLAGS = new Set(['active', 'activated']);
const COUNTS = new Set(['quantity', 'remaining', 'version']);

/** Each value as the rest of the back-office shows it: statuses by their labels, money, days and sizes in the reader's language, ids by name. */
function useValueLabel(names: AuditEntry['names']): Label {
  const { t } = useTranslation('staff');
  const format = useStaffFormat();
  const language = useLanguage();
  const count = new Intl.NumberFormat(language);
  return (key, value) => {
    if (value === null || value === undefined || value === '') return '—';
    const text = String(value);
    if (NAMED.has(key)) return names[text] ?? text.slice(0, 8);
    if (FLAGS.has(key)) return t(value ? 'audit.yes' : 'audit.no');
    if (DAYS.has(key)) return format.date(text);
    if (COUNTS.has(key)) return count.format(Number(value));
    if (key === 'price') return format.money(Number(value));
    if (key === 'size') return formatBytes(Number(value), language);
    if (key === 'statusPayment') return t(`orders.paymentStatus.${text}`, { defaultValue: text });
    if (key === 'status') return t(`statuses.${text}`, { defaultValue: text });
    if (key === 'paymentMethod') return t(`audit.paymentMethods.${text}`, { defaultValue: text });
    return typeof value === 'object' ? JSON.stringify(value) : text;
  };
}

/** An entry's values before or after, each field by its name in the reader's language. */
export function AuditValues({ values, names }: { values: AuditEntry['before']; names: AuditEntry['names'] }) {
  const { t } = useTranslation('staff');
  const label = useValueLabel(names);
  if (!values) return <Text size="xs">—</Text>;
  return (
    <dl className={classes.values}>
      {Object.entries(values as Values).map(([key, value]) => (
        <div key={key}>
          <dt>{t(`audit.fields.${key}`, { defaultValue: key })}:</dt>
          <dd>{label(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}
