import { TextInput } from '@mantine/core';
import type { ShopEntry } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useShopField } from '../hooks/use-shop-field.ts';

type Field = Parameters<typeof useShopField>[1];

export function ShopCellInput({
  shop,
  field,
  label,
  numeric,
  showLabel,
  placeholder,
}: {
  shop: ShopEntry;
  field: Field;
  label: string;
  numeric?: boolean;
  /** A visible label above the box (the limits, whose numbers alone say nothing). */
  showLabel?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const cell = useShopField(shop, field);
  return (
    <>
      <TextInput
        size="xs"
        aria-label={`${label}: ${shop.email}`}
        title={label}
        label={showLabel ? label : undefined}
        value={cell.value}
        placeholder={placeholder}
        onChange={(event) => cell.onChange(event.currentTarget.value)}
        onBlur={cell.onBlur}
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
        disabled={shop.disabled}
        inputMode={numeric ? 'numeric' : undefined}
        // A number's box is narrow; its label (limits) takes the column's width rather than wrapping in 110 px.
        styles={numeric ? { input: { width: 110 } } : undefined}
      />
      {field === 'mail' && (
        <ConfirmModal
          opened={cell.confirming}
          title={t('shops.mailTitle')}
          message={t('shops.mailWarning', { from: shop.email, to: cell.value.trim() })}
          confirmLabel={t('shops.mailConfirm')}
          onConfirm={cell.confirm}
          onClose={cell.cancel}
        />
      )}
    </>
  );
}
