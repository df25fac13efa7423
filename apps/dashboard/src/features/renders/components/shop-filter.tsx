import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ALL_SHOPS } from '../api/renders-api.ts';

/** Spec §1: admins manage every shop's try-ons and looks, all at once or one shop at a time. */
export function ShopFilter({
  value,
  shops,
  onChange,
}: {
  value: string;
  shops: readonly { suid: string; name: string; email: string }[];
  onChange: (shop: string) => void;
}) {
  const { t } = useTranslation();
  const data = [
    { value: ALL_SHOPS, label: t('renders.allShops') },
    ...shops.map((s) => ({ value: s.suid, label: s.name ? `${s.name} (${s.email})` : s.email })),
  ];
  return (
    <Select
      label={t('renders.shop')}
      data={data}
      value={value}
      onChange={(next) => onChange(next ?? ALL_SHOPS)}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('renders.noShop')}
      leftSection={<IconBuildingStore size={16} aria-hidden />}
      w={{ base: '100%', xs: 320 }}
      data-testid="shop-filter"
    />
  );
}
