import { Anchor, Badge, Group, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCnpj } from '#shared/brazil/cnpj.ts';
import type { PrivacyFacts, Processor } from '#shared/schemas/privacy.ts';
import { DetailField } from '#app/ui/detail-field.tsx';

/** The running configuration's controller, encarregado and processors (with where the object store keeps files). */
export function PrivacyFactsList({ facts }: { facts: PrivacyFacts }) {
  const { t } = useTranslation('privacy');
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
      <DetailField label={t('facts.controller')}>{t('facts.controllerValue', { name: facts.controller.name, cnpj: formatCnpj(facts.controller.cnpj) })}</DetailField>
      <DetailField label={t('facts.dpo')}>
        {facts.dpo.name} · <Anchor href={`mailto:${facts.dpo.email}`}>{facts.dpo.email}</Anchor>
      </DetailField>
      {facts.processors.map((processor) => (
        <DetailField key={processor.kind} label={t(`facts.kind.${processor.kind}`)}>
          <ProcessorValue processor={processor} />
        </DetailField>
      ))}
    </SimpleGrid>
  );
}

export function ProcessorValue({ processor }: { processor: Processor }) {
  const { t } = useTranslation('privacy');
  if (!processor.provider) return <>{t('facts.ownServer')}</>;
  return (
    <Group gap="xs" wrap="wrap" component="span">
      <span>{[processor.provider, processor.region && t('facts.region', { region: processor.region })].filter(Boolean).join(', ')}</span>
      {processor.kind === 'storage' && (
        <Badge variant="light" color={processor.abroad ? 'orange' : 'teal'} component="span">
          {t(processor.abroad ? 'facts.abroad' : 'facts.inBrazil')}
        </Badge>
      )}
    </Group>
  );
}
