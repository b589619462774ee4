import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/format/date-time.ts';
import { QUOTE_FIELD_NAMES } from '#shared/schemas/quotes.ts';
import { ApiError } from '#app/lib/api-client.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import { quotesPullQuery } from '../api/quote-queries.ts';
import { useMyQuotes, type MyQuoteItem, type MyQuoteState } from '../store/quote-store.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { ListLoader } from '#app/ui/loading-indicator.tsx';

/** Badge colours that keep 4.5:1 on their light background. */
const STATE_COLORS: Record<MyQuoteState, string> = { unsent: 'gray', refused: 'red', waiting: 'blue', answered: 'teal', ordered: 'green' };

/**
 * /dashboard/my-quotes (issue 29): every request the user made, newest first, from the local database (offline
 * too, pulled on entering): what was asked, and whether it waits to be sent, waits for staff, was answered (with
 * staff's answer) or became an order.
 */
export function MyQuotes({ userId }: { userId: string }) {
  const { t } = useTranslation(['quotes', 'sync']);
  const pull = useQuery(quotesPullQuery(userId));
  const quotes = useMyQuotes();
  const loading = quotes === undefined || (quotes.length === 0 && pull.data === undefined && pull.fetchStatus === 'fetching');
  return (
    <ScreenPanel title={t('mine.title')} description={t('mine.description')}>
      {pull.isError && (
        <Text size="sm" role="status">
          {t('mine.refreshFailed', { message: pull.error instanceof ApiError ? pull.error.message : t('sync:errors.network') })}
        </Text>
      )}
      {loading ? (
        <ListLoader />
      ) : quotes.length === 0 ? (
        <EmptyState title={t('mine.empty')}>
          <Anchor component={Link} to="/services" size="sm">
            {t('mine.ask')}
          </Anchor>
        </EmptyState>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('mine.title')}>
          {quotes.map((quote) => (
            <QuoteCard key={quote.id} quote={quote} />
          ))}
        </Stack>
      )}
    </ScreenPanel>
  );
}

function QuoteCard({ quote }: { quote: MyQuoteItem }) {
  const { t } = useTranslation(['quotes', 'catalog']);
  const language = useLanguage();
  const labelOf = (field: string) => t(field === 'numberOfPatients' && quote.serviceId === 'dosi-preclin' ? 'fields.numberOfModels' : `fields.${field}`);
  const asked = QUOTE_FIELD_NAMES[quote.serviceId].filter((field) => quote.fields[field] !== undefined && quote.fields[field] !== '');
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={t(`catalog:services.${quote.serviceId}.title`)}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h5">
              {t(`catalog:services.${quote.serviceId}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t('mine.askedOn', { date: formatDateTime(quote.createdAt, language) })}
            </Text>
          </Stack>
          <Badge color={STATE_COLORS[quote.state]} variant="light" size="lg" style={{ textTransform: 'none' }}>
            {t(`mine.states.${quote.state}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`mine.explain.${quote.state}`)}
        </Text>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', gap: '2px 12px', fontSize: 'var(--mantine-font-size-sm)' }}>
          {asked.map((field) => (
            <div key={field} style={{ display: 'contents' }}>
              <dt style={{ fontWeight: 600 }}>{labelOf(field)}</dt>
              <dd style={{ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{String(quote.fields[field])}</dd>
            </div>
          ))}
        </dl>
        {quote.answer && (
          <Paper p="sm" radius="sm" bg="var(--mantine-color-teal-light)" style={{ borderInlineStart: '4px solid var(--mantine-color-teal-7)' }}>
            <Text size="sm" fw={600}>
              {t('mine.answer')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {quote.answer}
            </Text>
            {quote.answeredAt && (
              <Text size="xs" mt={4}>
                {t('mine.answeredOn', { date: formatDateTime(quote.answeredAt, language) })}
              </Text>
            )}
          </Paper>
        )}
        {quote.state === 'ordered' && (
          <Anchor component={Link} to="/dashboard/my-services" size="sm">
            {t('mine.seeOrder')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
