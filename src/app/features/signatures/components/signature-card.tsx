import { Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, isoDateInBrazil } from '#shared/brazil/dates.ts';
import { formatBrl, formatUsdIn } from '#shared/format/money.ts';
import type { SignatureBill } from '#shared/schemas/bills.ts';
import type { SignatureRecord } from '#app/lib/db.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { DetailField } from '#app/ui/detail-field.tsx';
import { PixCharge, RenewCharge } from '#app/ui/pix-charge.tsx';
import { chargeSignaturePix } from '../api/signature-queries.ts';

/** A real's worth of a dollar, with the rate's own decimals (up to 4): R$ 5,4321. */
const rateFormat = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** The boleto is in BRL; the plan's USD total and the rate it was converted at are shown beside it, as the bill keeps them. */
function BillFields({ bill }: { bill: SignatureBill }) {
  const { t } = useTranslation('signatures');
  const language = useLanguage();
  return (
    <>
      <DetailField label={t('labels.billAmount')}>
        {formatBrl(bill.amount)}{' '}
        <Text span size="sm" c="dimmed" fw={400}>
          ({t('card.billConversion', { usd: formatUsdIn(bill.usdAmount, language), rate: rateFormat.format(bill.usdBrlRate) })})
        </Text>
      </DetailField>
      <DetailField label={t('labels.billDue')}>{formatDate(bill.dueDate, language)}</DetailField>
    </>
  );
}

/** Chosen "PIX": the charge (or the button that makes it) while there is something to pay, then its payment or refund. */
function PixSection({ signature, userId }: { signature: SignatureRecord; userId: string }) {
  const pix = signature.bill?.method === 'pix' ? signature.bill : null;
  const pay = () => chargeSignaturePix(userId, signature.id);
  if (signature.statusCode !== 'APG') return pix ? <PixCharge bill={pix} onRenew={pay} /> : null;
  if (signature.paymentMethod !== 'pix') return null;
  return pix && pix.status !== 'paid' ? <PixCharge bill={pix} onRenew={pay} /> : <RenewCharge first onRenew={pay} />;
}

/** Paid during the trial: the hired period waits for the trial's end (src/server/README.md "Decisions"). */
const hiredAfterTrial = ({ hiredPeriod, testPeriod }: SignatureRecord) =>
  hiredPeriod !== null && hiredPeriod.initial === testPeriod.end && hiredPeriod.initial > isoDateInBrazil(new Date());

/** Where a subscription stands, in words a subscriber reads (issue 29: no "Active" beside "Awaiting payment" in the trial). */
export type SignaturePhase = 'trial' | 'active' | 'awaitingPayment' | 'inactive';

export function phaseOf(signature: SignatureRecord, day = isoDateInBrazil(new Date())): SignaturePhase {
  if (!signature.activated) return signature.statusCode === 'APG' ? 'awaitingPayment' : 'inactive';
  const hired = signature.hiredPeriod !== null && signature.hiredPeriod.initial <= day;
  return hired ? 'active' : 'trial';
}

const PHASE_COLORS: Record<SignaturePhase, string> = { trial: 'blue', active: 'green', awaitingPayment: 'orange', inactive: 'gray' };

/**
 * One subscription (docs/product.md §2 "My signatures"): price in USD, the status in words (the trial, what it is,
 * when it ends and when the bill comes; the hired period's dates once paid); benefits are links only while
 * activated; the bill's button only when there is a boleto to pay.
 */
export function SignatureCard({ signature, userId }: { signature: SignatureRecord; userId: string }) {
  const { t } = useTranslation('signatures');
  const language = useLanguage();
  const date = (iso: string | undefined) => (iso ? formatDate(iso, language) : t('card.none'));
  const phase = phaseOf(signature);
  const price = formatUsdIn(signature.price - signature.discount, language);
  return (
    <Card component="li" withBorder padding="lg" data-testid={`signature-${signature.planId}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {signature.plan}
          </Title>
          <Badge color={PHASE_COLORS[phase]} variant="light" style={{ textTransform: 'none' }}>
            {t(`status.${phase}`)}
          </Badge>
        </Group>
        <Text size="sm">{t(`card.explain.${phase === 'trial' && signature.hiredPeriod ? 'trialPaid' : phase}`, { end: date(signature.testPeriod.end), price, nextDue: date(signature.hiredPeriod?.end) })}</Text>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" m={0}>
          <DetailField label={t('labels.price')}>{price}</DetailField>
          {phase === 'trial' ? (
            <>
              <DetailField label={t('labels.trialEnd')}>{date(signature.testPeriod.end)}</DetailField>
              {!signature.hiredPeriod && <DetailField label={t('labels.firstBill')}>{date(signature.testPeriod.end)}</DetailField>}
            </>
          ) : (
            <DetailField label={t('labels.payment')}>{t(`payment.${signature.statusCode}`)}</DetailField>
          )}
          {signature.hiredPeriod && (
            <>
              <DetailField label={t('labels.start')}>{date(signature.hiredPeriod.initial)}</DetailField>
              <DetailField label={t('labels.nextDue')}>{date(signature.hiredPeriod.end)}</DetailField>
            </>
          )}
          {!signature.hiredPeriod && phase !== 'trial' && <DetailField label={t('labels.trialEnd')}>{date(signature.testPeriod.end)}</DetailField>}
          {signature.bill?.status === 'open' && signature.bill.method === 'boleto' && <BillFields bill={signature.bill} />}
        </SimpleGrid>
        <PixSection signature={signature} userId={userId} />
        {hiredAfterTrial(signature) && (
          <Text size="sm">{t('card.hiredAfterTrial', { start: date(signature.hiredPeriod?.initial), end: date(signature.hiredPeriod?.end) })}</Text>
        )}
        <Text size="sm" fw={600}>
          {t('card.benefits')}
        </Text>
        <List size="sm">
          {signature.benefits.map((benefit) => (
            <List.Item key={benefit.id}>
              {signature.activated ? (
                <Anchor component={Link} to={benefit.uri}>
                  {benefit.name}
                </Anchor>
              ) : (
                benefit.name
              )}
            </List.Item>
          ))}
        </List>
        {!signature.activated && signature.billFile && (
          <Group justify="flex-end">
            <Button component="a" href={signature.billFile} target="_blank" rel="noopener" variant="light">
              {t('card.bill')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
