import type { CatalogImport } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/status-badge.tsx';

const statusColor: Record<CatalogImport['status'], string> = {
  queued: 'gray.7',
  running: 'blue.9',
  done: 'teal.9',
  failed: 'red.9',
  cancelled: 'gray.7',
};

/** An import's state in a table: the owner's history and the admin's Imports screen. */
export function ImportStateBadge({ status }: { status: CatalogImport['status'] }) {
  const { t } = useTranslation();
  return <StatusBadge color={statusColor[status]}>{t(`imports.state.${status}`)}</StatusBadge>;
}
