import { useState, type ReactNode } from 'react';
import { Divider, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { AccountLinks, AppHeader, NavLinks } from './app-header.tsx';
import { AppFooter } from './app-footer.tsx';
import classes from './app-layout.module.css';

interface AppLayoutProps {
  children: ReactNode;
  signedIn: boolean;
  /** Extra controls for the footer (e.g. "Install the app"), composed by the root route. */
  footerActions?: ReactNode;
}

/**
 * The page frame: a fixed header, the phone's navigation panel under it (the menu button opens it;
 * from 64em (1024 px) the header shows the links instead), the page's one main landmark and the
 * footer. Plain elements and a CSS module rather than Mantine's AppShell, which is larger than all
 * of this and not needed for one fixed header.
 */
export function AppLayout({ children, signedIn, footerActions }: AppLayoutProps) {
  const { t } = useTranslation('common');
  const [navOpened, { toggle, close }] = useDisclosure(false);
  // The phone's panel repeats the header's links: rendered from its first opening on, not with every page.
  const [navUsed, setNavUsed] = useState(false);
  if (navOpened && !navUsed) setNavUsed(true);
  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        {t('nav.skipToContent')}
      </a>
      <header className={classes.header}>
        <AppHeader navOpened={navOpened} onToggleNav={toggle} signedIn={signedIn} />
      </header>
      <nav className={classes.navbar} data-opened={navOpened || undefined} aria-label={t('nav.main')}>
        {navUsed && (
          <Stack gap="sm" p="md">
            <NavLinks onNavigate={close} />
            <Divider />
            <Group gap="xs">
              <AccountLinks signedIn={signedIn} onNavigate={close} />
            </Group>
          </Stack>
        )}
      </nav>
      {/* The footer stays outside <main> to be the contentinfo landmark. */}
      <div className={classes.main}>
        <main id="main-content" tabIndex={-1} className={classes.content}>
          {children}
        </main>
        <AppFooter actions={footerActions} />
      </div>
    </>
  );
}
