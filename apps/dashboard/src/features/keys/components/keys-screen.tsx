import { KEY_STATUS_ACTIVE, type KeyEntry } from '@tryon/contract';
import { shopperUrls } from '@tryon/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAccountQuery } from '../../../lib/api/profile-api.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { useKeyActions } from '../hooks/use-key-actions.ts';
import { CreateKeyModal } from './create-key-modal.tsx';
import { CurlExamples } from './curl-examples.tsx';
import { KeySection } from './key-section.tsx';
import { maskKey } from './masked-key.tsx';
import { PrivateKeyRow } from './private-key-row.tsx';
import { PublicKeyRow } from './public-key-row.tsx';
import { RollKeyModal } from './roll-key-modal.tsx';

/** Spec §2 Keys: public and private keys, their status and allowed domains, create and delete. */
export function KeysScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const account = useAccountQuery();
  const actions = useKeyActions();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [rolling, setRolling] = useState<KeyEntry | null>(null);
  const [creating, setCreating] = useState<'public' | 'private' | null>(null);
  const labelOf = (key: string) => (key.startsWith('pk_') ? key : maskKey(key));

  if (account.isLoading) return <CenteredLoader />;
  if (!account.data)
    return (
      <ErrorAlert message={errorText(account.error, t('app.loadError'))} onRetry={() => account.refetch()} />
    );
  const { public: publicKeys, private: privateKeys } = account.data.activeApiKeys;
  const curlKey =
    privateKeys.find((k) => k.status === KEY_STATUS_ACTIVE)?.apiKey ??
    privateKeys[0]?.apiKey ??
    '<private key>';

  return (
    <>
      <PageHeader title={t('keys.title')} />
      <KeySection
        testId="public-keys"
        title={t('keys.public')}
        description={t('keys.publicDescription')}
        linksLabel={t('keys.guides')}
        links={[
          { href: shopperUrls.guide('tryon-widget'), label: t('keys.tryonWidgetGuide') },
          { href: shopperUrls.guide('look-widget'), label: t('keys.lookWidgetGuide') },
        ]}
        createLabel={t('keys.createPublic')}
        creating={actions.adding}
        onCreate={() => setCreating('public')}
        headers={[
          t('keys.name'),
          t('keys.key'),
          t('keys.created'),
          t('keys.lastUsed'),
          t('keys.allowedDomains'),
          t('keys.status'),
          t('keys.actions'),
        ]}
        empty={publicKeys.length === 0}
      >
        {publicKeys.map((entry) => (
          <PublicKeyRow
            key={entry.apiKey}
            entry={entry}
            actions={actions}
            onDelete={setDeleting}
            onRoll={setRolling}
          />
        ))}
      </KeySection>
      <KeySection
        testId="private-keys"
        title={t('keys.private')}
        description={t('keys.privateDescription')}
        linksLabel={t('keys.apiDocs')}
        links={[
          { href: shopperUrls.guide('simple-tryon'), label: t('keys.simpleTryonDoc') },
          { href: shopperUrls.guide('simple-look'), label: t('keys.simpleLookDoc') },
          { href: shopperUrls.apiDocs, label: t('keys.referenceDocs') },
        ]}
        createLabel={t('keys.createPrivate')}
        creating={actions.adding}
        onCreate={() => setCreating('private')}
        headers={[
          t('keys.name'),
          t('keys.key'),
          t('keys.created'),
          t('keys.lastUsed'),
          t('keys.status'),
          t('keys.actions'),
        ]}
        empty={privateKeys.length === 0}
        footer={<CurlExamples privateKey={curlKey} />}
      >
        {privateKeys.map((entry) => (
          <PrivateKeyRow
            key={entry.apiKey}
            entry={entry}
            actions={actions}
            onDelete={setDeleting}
            onRoll={setRolling}
          />
        ))}
      </KeySection>
      <ConfirmModal
        opened={deleting !== null}
        title={t('keys.deleteTitle')}
        message={t('keys.deleteConfirm', { key: labelOf(deleting ?? '') })}
        busy={actions.deleting}
        onConfirm={async () => {
          if (deleting && (await actions.remove(deleting))) setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
      <RollKeyModal
        entry={rolling}
        keyLabel={labelOf(rolling?.apiKey ?? '')}
        actions={actions}
        onClose={() => setRolling(null)}
      />
      <CreateKeyModal kind={creating} actions={actions} onClose={() => setCreating(null)} />
    </>
  );
}
