import type { ShopEntry, ShopUpdateField } from '@tryon/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import { useUpdateShopMutation } from '../api/shops-api.ts';

type Editable = Extract<
  ShopUpdateField,
  | 'mail'
  | 'name'
  | 'referral'
  | 'tryon_balance'
  | 'limit_tryon_daily'
  | 'limit_tryon_daily_per_client'
  | 'limit_garment_daily'
  | 'limit_import_daily'
>;
const storedKey: Record<Editable, keyof ShopEntry> = {
  mail: 'email',
  name: 'name',
  referral: 'referral',
  tryon_balance: 'tryon_balance',
  limit_tryon_daily: 'limit_tryon_daily',
  limit_tryon_daily_per_client: 'limit_tryon_daily_per_client',
  limit_garment_daily: 'limit_garment_daily',
  limit_import_daily: 'limit_import_daily',
};
const numeric = new Set<Editable>([
  'tryon_balance',
  'limit_tryon_daily',
  'limit_tryon_daily_per_client',
  'limit_garment_daily',
  'limit_import_daily',
]);
/** Numbers that may be left empty: the import allowance, empty when it follows the daily garment limit. */
const emptyAllowed = new Set<Editable>(['limit_import_daily']);
const textOf = (shop: ShopEntry, field: Editable) => String(shop[storedKey[field]] ?? '');

/** An inline cell of the shops table: saved on blur, and only when changed (spec §4). */
export function useShopField(shop: ShopEntry, field: Editable) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [update] = useUpdateShopMutation();
  const stored = textOf(shop, field);
  const [value, setValue] = useState(stored);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setValue(stored), [stored]);

  /** On blur. A new login e-mail is asked about first: the owner signs in with it from then on. */
  async function save() {
    if (field === 'mail' && value.trim() !== stored && value.trim() !== '') {
      setConfirming(true);
      return;
    }
    await commit();
  }

  async function commit() {
    const text = value.trim();
    if (text === stored) return;
    let next: string | number = text;
    if (emptyAllowed.has(field) && text === '') {
      next = '';
    } else if (numeric.has(field)) {
      const number = Number(text);
      if (text === '' || !Number.isFinite(number)) return setValue(stored);
      // Spec §4: the balance is clamped to at least 0 on save.
      next = field === 'tryon_balance' ? Math.max(0, Math.round(number)) : Math.round(number);
    } else if (text === '' && field !== 'referral') {
      return setValue(stored);
    }
    const result = await update({ shopUid: shop.shop_uid, field, value: next });
    if (result.error) {
      notify.error(errorText(result.error, t('shops.updateerror')));
      setValue(stored);
      return;
    }
    // What the server kept (a clamped balance may equal what was stored, so no new `stored` resets the cell).
    setValue(textOf(result.data, field));
    notify.success(t('shops.updatesuccess'));
  }

  return {
    value,
    onChange: setValue,
    onBlur: save,
    confirming,
    confirm: () => {
      setConfirming(false);
      void commit();
    },
    cancel: () => {
      setConfirming(false);
      setValue(stored);
    },
  };
}
