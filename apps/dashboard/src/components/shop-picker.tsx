import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Admin screens' shop picker (spec §1: admins manage every shop): `first` is the choice that names no shop
 * ("All shops" on Try-ons and Looks, "My shop" on Statistics), then every shop by name and e-mail.
 */
export function ShopPicker({
  value,
  first,
  shops,
  onChange,
}: {
  value: string;
  first: { value: string; label: string };
  shops: readonly { suid: string; name: string; email: string }[];
  onChange: (shop: string) => void;
}) {
  const { t } = useTranslation();
  const data = [
    first,
    ...shops.map((s) => ({ value: s.suid, label: s.name ? `${s.name} (${s.email})` : s.email })),
  ];
  return (
    <Select
      label={t('renders.shop')}
      data={data}
      value={value}
      onChange={(next) => onChange(next ?? first.value)}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('renders.noShop')}
      leftSection={<IconBuildingStore size={16} aria-hidden />}
      w={{ base: '100%', xs: 320 }}
      data-testid="shop-filter"
    />
  );
}
