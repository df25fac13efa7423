import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportKind } from '../api/imports-api.ts';
import { useImports } from '../hooks/use-imports.ts';

// The dialog (forms, history table) loads when first opened, not with the Garments and Models screens.
const ImportDialog = lazy(() => import('./import-dialog.tsx').then((m) => ({ default: m.ImportDialog })));

/** The Import button of the Garments and Models screens, and its dialog. */
export function ImportButton({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const state = useImports(kind, opened);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('imports.button')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ImportDialog kind={kind} opened={opened} onClose={() => setOpened(false)} state={state} />
        </Suspense>
      )}
    </>
  );
}
