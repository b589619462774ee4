import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnalysisStatusCode } from '#shared/schemas/orders.ts';

const COLORS: Record<AnalysisStatusCode, string> = { DS: 'blue', AI: 'violet', II: 'red', PR: 'orange', CO: 'teal' };

/** An analysis's status, named in the reader's language. */
export function StatusBadge({ status }: { status: AnalysisStatusCode }) {
  const { t } = useTranslation('staff');
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`statuses.${status}`)}
    </Badge>
  );
}
