import { Anchor, Badge, Box, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink } from 'react-router';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { contactEmail, socialLinks } from '../../../lib/brand.ts';
import { visibleMenuItems } from './menu-items.ts';

export function NavMenu({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <ScrollArea style={{ flex: 1 }} component="nav" aria-label={t('menu.navigation')}>
        <Stack gap={2} p="sm">
          {visibleMenuItems(isAdmin).map((item) => (
            <NavLink
              key={item.path}
              component={RouterLink}
              to={item.path}
              label={t(item.label)}
              leftSection={<item.icon size={20} stroke={1.6} />}
              rightSection={
                item.adminOnly ? (
                  <Badge size="xs" variant="light" color="grape">
                    {t('menu.admin')}
                  </Badge>
                ) : undefined
              }
              variant="filled"
              onClick={onNavigate}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </Stack>
      </ScrollArea>
      <Box p="md">
        <Divider mb="md" />
        <Stack gap="xs">
          <Anchor
            href={`mailto:${contactEmail}`}
            size="sm"
            c="dimmed"
            title={t('menu.contact', { email: contactEmail })}
          >
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} />
              <span>{contactEmail}</span>
            </Group>
          </Anchor>
          <Group gap="xs" aria-label={t('menu.social')}>
            {socialLinks.map((link) => (
              <Anchor
                key={link.url}
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                c="dimmed"
              >
                {link.label}
              </Anchor>
            ))}
          </Group>
          <Group justify="space-between" align="center">
            <Text size="xs" c="dimmed">
              {t('language.label')}
            </Text>
            <LanguageSelect />
          </Group>
        </Stack>
      </Box>
    </>
  );
}
