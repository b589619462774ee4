import type { ReactNode } from 'react';
import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCnpj } from '#shared/brazil/cnpj.ts';
import type { PrivacyFacts, Processor } from '#shared/schemas/privacy.ts';
import { useLanguage } from '#app/lib/use-language.ts';
import { DetailField } from '#app/ui/detail-field.tsx';
import { DocumentTitle } from '#app/ui/document-title.tsx';
import { privacyFactsQuery } from '../api/privacy-queries.ts';
import { formatVersion } from '../format.ts';
import { DataKindsTable } from './data-kinds-table.tsx';
import { ProcessorValue } from './privacy-facts.tsx';
import classes from './privacy-notice.module.css';

/**
 * The public privacy notice (/privacy, pre-rendered in the three languages). What the law requires it to show from the
 * running configuration (the controller's CNPJ, the encarregado, the processors, where files are stored) is in open
 * sections: the build renders their titles, texts and labels, and the values fill in from `GET /privacy/`. Each value
 * keeps two lines' room (CSS), loading or loaded, so the page keeps its layout when the app takes it over.
 */
export function PrivacyNotice() {
  const { t } = useTranslation('privacy');
  const { data: facts, isError } = useQuery(privacyFactsQuery());
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <DocumentTitle page={t('notice.title')} />
          <Title order={1}>{t('notice.title')}</Title>
          <Text size="lg" c="dimmed" maw={720}>
            {t('notice.lead')}
          </Text>
          <FactsStatus facts={facts} failed={isError} />
        </Stack>
        <NoticeSection title={t('notice.controllerTitle')}>
          <Text>{t('notice.controller')}</Text>
          <Facts>
            <Fact label={t('facts.controller')} facts={facts}>
              {(known) => t('facts.controllerValue', { name: known.controller.name, cnpj: formatCnpj(known.controller.cnpj) })}
            </Fact>
          </Facts>
        </NoticeSection>
        <NoticeSection title={t('notice.dpoTitle')}>
          <Text>{t('notice.dpo')}</Text>
          <Facts>
            <Fact label={t('facts.dpo')} facts={facts}>
              {(known) => (
                <>
                  {known.dpo.name}
                  <br />
                  <Anchor href={`mailto:${known.dpo.email}`}>{known.dpo.email}</Anchor>
                </>
              )}
            </Fact>
          </Facts>
        </NoticeSection>
        <NoticeSection title={t('notice.dataTitle')}>
          <Text>{t('notice.healthNote')}</Text>
          <DataKindsTable />
        </NoticeSection>
        <NoticeSection title={t('notice.processorsTitle')}>
          <Text>{t('notice.processors')}</Text>
          <Facts>
            <ProcessorFact kind="mail" facts={facts} />
            <ProcessorFact kind="payments" facts={facts} />
          </Facts>
        </NoticeSection>
        <NoticeSection title={t('notice.storageTitle')}>
          <Text>{t('notice.storage')}</Text>
          <Facts>
            <ProcessorFact kind="storage" facts={facts} />
          </Facts>
        </NoticeSection>
        <NoticeSection title={t('notice.transferTitle')}>
          <Text>{t('notice.transfer')}</Text>
        </NoticeSection>
        <NoticeSection title={t('notice.rightsTitle')}>
          <Text>{t('notice.rights')}</Text>
          <Text>{t('notice.rightsWhere')}</Text>
        </NoticeSection>
      </Stack>
    </Container>
  );
}

/** One line under the lead: the version in force, or why the running facts are not there yet. */
function FactsStatus({ facts, failed }: { facts: PrivacyFacts | undefined; failed: boolean }) {
  const { t } = useTranslation('privacy');
  const language = useLanguage();
  if (facts) return <Text size="sm">{t('notice.version', { date: formatVersion(facts.versions.privacy, language) })}</Text>;
  return (
    <Text size="sm" c="dimmed" role="status">
      {t(failed ? 'notice.unavailable' : 'notice.loading')}
    </Text>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0} className={classes.facts}>
      {children}
    </SimpleGrid>
  );
}

/** A running fact: its label always, its value once the server said it ("…" until then). */
function Fact({ label, facts, children }: { label: string; facts: PrivacyFacts | undefined; children: (facts: PrivacyFacts) => ReactNode }) {
  return <DetailField label={label}>{facts ? children(facts) : '…'}</DetailField>;
}

function ProcessorFact({ kind, facts }: { kind: Processor['kind']; facts: PrivacyFacts | undefined }) {
  const { t } = useTranslation('privacy');
  const processor = facts?.processors.find((each) => each.kind === kind);
  return (
    <DetailField label={t(`facts.kind.${kind}`)}>
      {processor ? <ProcessorValue processor={processor} /> : '…'}
    </DetailField>
  );
}

function NoticeSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
