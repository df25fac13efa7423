import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { Logo } from '../../../components/logo.tsx';
import { useProfileQuery } from '../../../lib/api/profile-api.ts';
import { ColorSchemeMenu } from './color-scheme-menu.tsx';
import { NavMenu } from './nav-menu.tsx';

/** Spec §9: the menu starts open when the window is wider than 800 px. */
export const MENU_OPEN_ABOVE_PX = 800;
const isWide = () => typeof window !== 'undefined' && window.innerWidth > MENU_OPEN_ABOVE_PX;

export function AppLayout() {
  const { t } = useTranslation();
  const { data: profile } = useProfileQuery();
  const [opened, setOpened] = useState(isWide);
  const wide = useMediaQuery(`(min-width: ${MENU_OPEN_ABOVE_PX + 1}px)`, isWide());
  // Crossing 800 px puts the menu in its default state for the new width: a desktop menu left open would
  // otherwise become a full-screen overlay over the page when the window narrows.
  useEffect(() => setOpened(wide), [wide]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: 260,
          breakpoint: MENU_OPEN_ABOVE_PX,
          collapsed: { mobile: !opened, desktop: !opened },
        }}
        padding={{ base: 'sm', sm: 'lg' }}
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={() => setOpened((o) => !o)}
                size="sm"
                aria-label={t('menu.toggle')}
                aria-expanded={opened}
              />
              <Logo />
            </Group>
            <Group gap="sm" wrap="nowrap">
              {profile && (
                <Text size="sm" c="dimmed" truncate visibleFrom="xs" maw={{ base: 280, md: 480 }}>
                  {profile.name} · {profile.mail}
                </Text>
              )}
              <ColorSchemeMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar>
          <NavMenu isAdmin={profile?.isAdmin ?? false} onNavigate={() => !wide && setOpened(false)} />
        </AppShell.Navbar>
        <AppShell.Main id="main">
          <Suspense fallback={<CenteredLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
