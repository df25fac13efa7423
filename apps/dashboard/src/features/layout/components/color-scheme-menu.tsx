import { ActionIcon, type MantineColorScheme, Menu, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const schemes = [
  { value: 'auto', icon: IconDeviceDesktop },
  { value: 'light', icon: IconSun },
  { value: 'dark', icon: IconMoon },
] as const satisfies readonly { value: MantineColorScheme; icon: unknown }[];

/**
 * Light, dark, or the system's setting (the default): Mantine keeps the choice in local storage and follows
 * the system's `prefers-color-scheme` while it is "auto".
 */
export function ColorSchemeMenu() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = schemes.find((s) => s.value === colorScheme) ?? schemes[0];
  const label = t('theme.label', { scheme: t(`theme.${current.value}`) });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={label} title={label} data-testid="color-scheme">
          <current.icon size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {schemes.map((s) => (
          <Menu.Item
            key={s.value}
            leftSection={<s.icon size={16} aria-hidden />}
            rightSection={s.value === colorScheme ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => setColorScheme(s.value)}
            data-testid={`color-scheme-${s.value}`}
          >
            {t(`theme.${s.value}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
