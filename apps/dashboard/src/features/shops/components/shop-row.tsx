import { Anchor, Code, NativeSelect, Stack, Table, Text } from '@mantine/core';
import type { ShopEntry } from '@tryon/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import { shopDetailPath } from '../../../lib/urls/app-paths.ts';
import { useUpdateShopMutation } from '../api/shops-api.ts';
import { ShopCellInput } from './shop-cell-input.tsx';

/**
 * A row of the admin table; a disabled shop has its inputs disabled (spec §4). Disabling asks first and says
 * what stops (issue 15); enabling does not.
 */
export function ShopRow({ shop }: { shop: ShopEntry }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [update] = useUpdateShopMutation();
  const [askingDisable, setAskingDisable] = useState(false);

  async function setDisabled(disabled: boolean) {
    const result = await update({ shopUid: shop.shop_uid, field: 'disabled', value: disabled ? 1 : 0 });
    if (result.error) notify.error(errorText(result.error, t('shops.updateerror')));
    else notify.success(t('shops.updatesuccess'));
  }

  return (
    <Table.Tr data-testid="shop-row" opacity={shop.disabled ? 0.7 : 1}>
      <Table.Td miw={200} data-label={t('shops.emailName')}>
        <Stack gap={4}>
          <ShopCellInput shop={shop} field="mail" label={t('shops.email')} />
          <ShopCellInput shop={shop} field="name" label={t('shops.name')} />
          <Anchor
            component={Link}
            to={shopDetailPath(shop.shop_uid)}
            size="sm"
            data-testid="shop-detail-link"
          >
            {t('shops.view', { name: shop.name || shop.email })}
          </Anchor>
        </Stack>
      </Table.Td>
      <Table.Td miw={200} data-label={t('shops.keyReferral')}>
        <Stack gap={4}>
          {shop.access_key ? (
            <Code style={{ wordBreak: 'break-all' }}>{shop.access_key}</Code>
          ) : (
            <Text size="xs" c="dimmed">
              {t('shops.noKey')}
            </Text>
          )}
          <ShopCellInput shop={shop} field="referral" label={t('shops.referral')} />
        </Stack>
      </Table.Td>
      <Table.Td data-label={t('shops.balanceStats')}>
        <Stack gap={4}>
          <ShopCellInput shop={shop} field="tryon_balance" label={t('shops.balance')} numeric />
          <Text size="xs" c="dimmed">
            {t('shops.stats', {
              garments: shop.garments_count,
              tryons: shop.tryon_count,
              clients: shop.clients_count,
            })}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td miw={170} data-label={t('shops.limits')}>
        <Stack gap={4}>
          <ShopCellInput
            shop={shop}
            field="limit_tryon_daily"
            label={t('shops.limitTryon')}
            numeric
            showLabel
          />
          <ShopCellInput
            shop={shop}
            field="limit_tryon_daily_per_client"
            label={t('shops.limitTryonPerClient')}
            numeric
            showLabel
          />
          <ShopCellInput
            shop={shop}
            field="limit_garment_daily"
            label={t('shops.limitGarment')}
            numeric
            showLabel
          />
          <ShopCellInput
            shop={shop}
            field="limit_import_daily"
            label={t('shops.limitImport')}
            placeholder={t('shops.limitImportSame')}
            numeric
            showLabel
          />
        </Stack>
      </Table.Td>
      <Table.Td data-label={t('shops.status')}>
        <NativeSelect
          size="xs"
          miw={120}
          aria-label={`${t('shops.status')}: ${shop.email}`}
          value={shop.disabled ? 'disabled' : 'active'}
          data={[
            { value: 'active', label: t('shops.active') },
            { value: 'disabled', label: t('shops.disabled') },
          ]}
          onChange={(event) =>
            event.currentTarget.value === 'disabled' ? setAskingDisable(true) : setDisabled(false)
          }
        />
        <ConfirmModal
          opened={askingDisable}
          title={t('shops.disableTitle', { name: shop.name || shop.email })}
          message={t('shops.disableWarning')}
          confirmLabel={t('shops.disableConfirm')}
          onConfirm={() => {
            setAskingDisable(false);
            void setDisabled(true);
          }}
          onClose={() => setAskingDisable(false)}
        />
      </Table.Td>
    </Table.Tr>
  );
}
