import { Suspense, lazy } from 'react';
import { ActionIcon, Anchor, Box, Burger, Button, Group, Image, UnstyledButton } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '#app/lib/session.ts';
import { ConnectionStatus } from '#app/ui/connection-status.tsx';
import { BLOG_URL, NAV_LINKS } from '../nav-links.ts';
import { LanguageSelect } from './language-select.tsx';
import classes from './app-header.module.css';

// The signed-in parts read the local database (Dexie): loaded only for a signed-in user.
const NotificationBell = lazy(async () => ({ default: (await import('#app/ui/notification-bell.tsx')).NotificationBell }));
const SyncStatus = lazy(async () => ({ default: (await import('#app/ui/sync-status.tsx')).SyncStatus }));

interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
  signedIn: boolean;
}

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <>
      {NAV_LINKS.map((link) => (
        <Anchor
          key={link.to}
          component={Link}
          to={link.to}
          className={classes.link}
          activeOptions={{ exact: link.to === '/' }}
          onClick={onNavigate}
        >
          {t(link.labelKey)}
        </Anchor>
      ))}
      <Anchor href={BLOG_URL} target="_blank" rel="noopener noreferrer" className={classes.link}>
        {t('nav.blog')}
      </Anchor>
    </>
  );
}

export function AccountLinks({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isStaff = useAuth()?.isStaff === true;
  if (signedIn) {
    const signOut = async () => {
      onNavigate?.();
      // Shows the writes not yet on the server first (wait or discard), then clears everything local.
      const { requestLogout } = await import('#app/lib/logout.ts');
      if (await requestLogout(queryClient)) await navigate({ to: '/' });
    };
    return (
      <>
        <Suspense fallback={<Box w={34} h={34} aria-hidden="true" />}>
          <NotificationBell onNavigate={onNavigate} />
        </Suspense>
        {isStaff && (
          <Button component={Link} to="/staff/$" variant="light" onClick={onNavigate}>
            {t('nav.backOffice')}
          </Button>
        )}
        <ActionIcon
          component={Link}
          to="/dashboard/profile"
          variant="subtle"
          size="lg"
          aria-label={t('nav.profile')}
          onClick={onNavigate}
        >
          <IconUserCircle size={26} aria-hidden="true" />
        </ActionIcon>
        <Button variant="default" onClick={() => void signOut()}>
          {t('nav.logout')}
        </Button>
      </>
    );
  }
  return (
    <>
      <Button component={Link} to="/login" variant="default" onClick={onNavigate}>
        {t('nav.login')}
      </Button>
      <Button component={Link} to="/signup" onClick={onNavigate}>
        {t('nav.signup')}
      </Button>
    </>
  );
}

export function AppHeader({ navOpened, onToggleNav, signedIn }: AppHeaderProps) {
  const { t } = useTranslation('common');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          className={classes.burger}
          size="sm"
          aria-label={t(navOpened ? 'nav.closeMenu' : 'nav.openMenu')}
        />
        <UnstyledButton component={Link} to="/" aria-label={t('nav.homeLogo')}>
          <Image src="/logo.svg" alt="" width={144} height={36} h={36} w="auto" className={classes.logo} />
        </UnstyledButton>
      </Group>
      <Group gap={0} className={classes.nav} component="nav" aria-label={t('nav.main')} wrap="nowrap">
        <NavLinks />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {signedIn ? (
          <Suspense fallback={<ConnectionStatus placeholder />}>
            <SyncStatus />
          </Suspense>
        ) : (
          <ConnectionStatus />
        )}
        <LanguageSelect />
        <Group gap="xs" visibleFrom="sm" wrap="nowrap">
          <AccountLinks signedIn={signedIn} />
        </Group>
      </Group>
    </Group>
  );
}
