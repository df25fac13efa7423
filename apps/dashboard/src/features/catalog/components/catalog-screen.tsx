import { Button, Collapse, Group } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { CatalogSort } from '@tryon/contract';
import { KEY_STATUS_ACTIVE } from '@tryon/contract';
import { absoluteUrl } from '@tryon/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAccountQuery, useProfileQuery } from '../../../lib/api/profile-api.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import { permanentItemLink } from '../../../lib/urls/app-paths.ts';
import { ImportButton } from '../../imports/components/import-button.tsx';
import { type CatalogItem, formatPrice } from '../catalog-item.ts';
import type { CatalogKind } from '../catalog-kinds.ts';
import { useBulkActions } from '../hooks/use-bulk-actions.ts';
import { useItemEditing } from '../hooks/use-item-editing.ts';
import { sampleGarmentFile } from '../sample-garment.ts';
import { AddItemForm } from './add-item-form.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { CatalogGrid } from './catalog-grid.tsx';
import { CatalogIntro } from './catalog-intro.tsx';
import { CatalogOnboarding } from './catalog-onboarding.tsx';
import { CatalogSearch } from './catalog-search.tsx';
import { CatalogToolbar } from './catalog-toolbar.tsx';
import { DeleteItemModal } from './delete-item-modal.tsx';
import { EditItemModal } from './edit-item-modal.tsx';
import { ItemDetailDrawer } from './item-detail-drawer.tsx';
import { QrModal } from './qr-modal.tsx';

/** Spec §9: search applies 1 s after typing stops. */
const SEARCH_DEBOUNCE_MS = 1000;

/** The Garments and Models screens (spec §2): search, add form, masonry grid with infinite scroll. */
export function CatalogScreen({ kind }: { kind: CatalogKind }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const profile = useProfileQuery();
  const account = useAccountQuery();
  const actions = kind.useActions();
  const [input, setInput] = useState('');
  const [applied, setApplied] = useState('');
  const [formOpen, setFormOpen] = useState(false);
  const [sort, setSort] = useState<CatalogSort>('newest');
  const [addingSample, setAddingSample] = useState(false);
  const applyLater = useDebouncedCallback(setApplied, SEARCH_DEBOUNCE_MS);

  // Spec §6: list calls wait for the account data. A new search or order is a list of its own, from offset 0.
  const list = kind.useList({ query: applied, sort }, account.data === undefined);
  const editing = useItemEditing(kind, actions);
  const bulk = useBulkActions(actions);
  const currency = profile.data?.currency ?? '';
  const priceOf = (item: CatalogItem) => formatPrice(item.price, currency, i18n.language);

  async function addSample() {
    setAddingSample(true);
    const name = t('onboarding.sampleName');
    const result = await actions
      .addFile(await sampleGarmentFile(name), {
        name,
        description: t('onboarding.sampleDescription'),
        category: 't-shirt',
        price: '19.99',
      })
      .catch(() => ({ data: undefined, error: undefined }));
    setAddingSample(false);
    if (result.data) notify.success(t('onboarding.sampleAdded'));
    else notify.error(errorText(result.error, t('onboarding.sampleError')));
  }

  const publicKey = account.data?.activeApiKeys.public.find((k) => k.status === KEY_STATUS_ACTIVE)?.apiKey;
  const suid = account.data?.suid;
  const shopperUrlOf = (item: CatalogItem) => (publicKey ? kind.shopperUrl(item.code, publicKey) : null);
  const applyNow = (value: string) => {
    applyLater.cancel();
    setInput(value);
    setApplied(value);
  };

  return (
    <>
      <PageHeader title={t(`${kind.kind}.title`)}>
        <Group gap="sm">
          <ImportButton kind={kind.kind} />
          <Button
            leftSection={formOpen ? <IconX size={16} /> : <IconPlus size={16} />}
            variant={formOpen ? 'default' : 'filled'}
            onClick={() => setFormOpen((open) => !open)}
            aria-expanded={formOpen}
            data-testid="add-item"
          >
            {formOpen ? t('catalog.hide') : t('catalog.add')}
          </Button>
        </Group>
      </PageHeader>
      {profile.data && <CatalogIntro kind={kind} suid={profile.data.suid} shopUrl={profile.data.url} />}
      <Collapse expanded={formOpen}>
        {formOpen && (
          <AddItemForm
            kind={kind}
            actions={actions}
            onAdded={() => {
              // Spec §4: after an add the form hides and clears; the add's tags refresh the list and account data.
              setFormOpen(false);
            }}
          />
        )}
      </Collapse>
      <CatalogSearch
        value={input}
        suggestions={kind.suggestions}
        placeholder={t(`${kind.kind}.searchPlaceholder`)}
        onType={(value) => {
          setInput(value);
          applyLater(value);
        }}
        onApply={applyNow}
      />
      {account.data && (list.items.length > 0 || applied.trim() !== '') && (
        <CatalogToolbar
          sort={sort}
          onSort={(next) => {
            bulk.clear();
            setSort(next);
          }}
          total={list.total}
          canSelectAll={list.items.length > 0 && bulk.selected.size < list.items.length}
          onSelectAll={() => bulk.selectAll(list.items.map((i) => i.id))}
        />
      )}
      <BulkBar
        count={bulk.selected.size}
        busy={bulk.busy}
        onCategorize={bulk.categorize}
        onDelete={bulk.askDelete}
        onClear={bulk.clear}
      />
      {account.data ? (
        <CatalogGrid
          list={list}
          searching={applied.trim() !== ''}
          onboarding={
            <CatalogOnboarding
              kind={kind.kind}
              onAdd={() => setFormOpen(true)}
              onSample={kind.kind === 'garment' ? addSample : undefined}
              sampleBusy={addingSample}
            />
          }
          kind={kind.kind}
          shopperUrlOf={shopperUrlOf}
          onQr={editing.setQrItem}
          onEdit={editing.setEditItem}
          onDelete={editing.setDeleteItem}
          selected={bulk.selected}
          onSelect={(item, on) => bulk.toggle(item.id, on)}
          onOpen={editing.setDetailItem}
          priceOf={priceOf}
        />
      ) : account.isError ? (
        <ErrorAlert
          message={errorText(account.error, t('catalog.loadError'))}
          onRetry={() => account.refetch()}
        />
      ) : (
        <CenteredLoader />
      )}
      <QrModal
        code={editing.qrItem?.code ?? null}
        url={
          editing.qrItem && suid ? absoluteUrl(permanentItemLink(suid, kind.kind, editing.qrItem.code)) : ''
        }
        onClose={() => editing.setQrItem(null)}
      />
      <ItemDetailDrawer
        item={editing.detailItem}
        kind={kind.kind}
        priceText={editing.detailItem ? priceOf(editing.detailItem) : ''}
        onEdit={editing.setEditItem}
        onClose={() => editing.setDetailItem(null)}
      />
      <EditItemModal
        item={editing.editItem}
        withCategoryAndPrice={kind.withCategoryAndPrice}
        currency={currency}
        saving={editing.saving}
        onSave={editing.save}
        onClose={() => editing.setEditItem(null)}
      />
      <DeleteItemModal
        kind={kind.kind}
        item={editing.deleteItem}
        busy={editing.deleting}
        onConfirm={editing.confirmDelete}
        onClose={() => editing.setDeleteItem(null)}
      />
      <ConfirmModal
        opened={bulk.confirming}
        title={t('catalog.bulkDeleteTitle')}
        message={t('catalog.bulkDeleteText', { count: bulk.selected.size })}
        confirmLabel={t('catalog.bulkDelete')}
        busy={bulk.busy}
        onConfirm={bulk.remove}
        onClose={bulk.cancelDelete}
      />
    </>
  );
}
