import type { ReactNode } from 'react';
import { Badge, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '#shared/brazil/phone.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { emailQuery, phoneQuery } from '../api/account-queries.ts';
import type { AccountField } from '../account-fields.ts';
import { ScreenPanel } from '#app/ui/screen-panel.tsx';
import classes from './security-overview.module.css';

/** docs/product.md §9: the password is never shown, only 16 asterisks. */
export const MASKED_PASSWORD = '*'.repeat(16);

/** docs/product.md §2 "Security": e-mail, password and phone, each with an Edit link to /dashboard/profile/{data}/edit. */
export function SecurityOverview({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const email = useQuery(emailQuery(userId));
  const phone = useQuery(phoneQuery(userId));
  return (
    <ScreenPanel title={t('security.title')} description={t('security.description')}>
      <QueryState query={email}>
        {(emailStatus) => (
          <QueryState query={phone}>
            {(phoneStatus) => (
              <dl className={classes.list}>
                <SecurityRow field="email" label={t('fields.email')} editLabel={t('security.editEmail')}>
                  <Group gap="xs" component="span" wrap="wrap">
                    <span>{emailStatus.email}</span>
                    <Badge size="sm" variant="dot" color={emailStatus.verified ? 'teal' : 'orange'}>
                      {emailStatus.verified ? t('security.verified') : t('security.notVerified')}
                    </Badge>
                  </Group>
                </SecurityRow>
                <SecurityRow field="password" label={t('security.password')} editLabel={t('security.editPassword')}>
                  <span aria-hidden>{MASKED_PASSWORD}</span>
                  <VisuallyHidden>{t('security.passwordHidden')}</VisuallyHidden>
                </SecurityRow>
                <SecurityRow field="phone" label={t('fields.phone')} editLabel={t('security.editPhone')}>
                  {phoneStatus.phone ? formatPhone(phoneStatus.phone) : t('fields.notInformed')}
                </SecurityRow>
              </dl>
            )}
          </QueryState>
        )}
      </QueryState>
    </ScreenPanel>
  );
}

interface SecurityRowProps {
  field: AccountField;
  label: string;
  /** "Editar e-mail": the link's accessible name, starting with its visible "Editar". */
  editLabel: string;
  children: ReactNode;
}

function SecurityRow({ field, label, editLabel, children }: SecurityRowProps) {
  const { t } = useTranslation('account');
  return (
    <div className={classes.row}>
      <dt className={classes.label}>{label}</dt>
      <Text component="dd" className={classes.value}>
        {children}
      </Text>
      <dd className={classes.action}>
        <Button
          renderRoot={(props) => <Link {...props} to="/dashboard/profile/$data/edit" params={{ data: field }} />}
          variant="light"
          size="sm"
          leftSection={<IconPencil size={16} aria-hidden />}
          aria-label={editLabel}
        >
          {t('security.edit')}
        </Button>
      </dd>
    </div>
  );
}
