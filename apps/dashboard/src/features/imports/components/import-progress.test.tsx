import { screen } from '@testing-library/react';
import type { CatalogImport } from '@tryon/contract';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { ImportProgress } from './import-progress.tsx';

const job = (changes: Partial<CatalogImport>): CatalogImport => ({
  id: 'imp_1',
  shop: 's_1',
  kind: 'garment',
  source: 'shopify',
  sourceUrl: 'https://store.example/',
  status: 'running',
  error: null,
  removeMissing: false,
  dailySync: false,
  rows: { total: 0, done: 0, created: 0, updated: 0, skipped: 0, failed: 0, removed: 0 },
  created: '2026-01-15T12:00:00.000Z',
  finished: null,
  ...changes,
});

describe('ImportProgress', () => {
  it('says the source is being read while a feed or store import has no rows yet', () => {
    renderWithApp(<ImportProgress job={job({})} onCancel={() => {}} />);
    expect(screen.getByTestId('import-rows-done').textContent).toBe('Reading the source…');
  });

  it('says why a store could not be read, naming the store rather than an image, and reads no more', () => {
    const failed = job({ status: 'failed', error: 'URL_FETCH_FAILED', finished: '2026-01-15T12:00:05.000Z' });
    renderWithApp(<ImportProgress job={failed} onCancel={() => {}} />);
    expect(screen.getByText('Import failed')).toBeTruthy();
    expect(screen.getByText('The feed or store could not be downloaded from this URL.')).toBeTruthy();
    expect(screen.getByTestId('import-rows-done').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Cancel import' })).toBeNull();
  });

  it('shows the text of other errors as they are', () => {
    const failed = job({ status: 'failed', error: 'URL_NOT_ALLOWED' });
    renderWithApp(<ImportProgress job={failed} onCancel={() => {}} />);
    expect(screen.getByText(/only http and https addresses on the public internet/)).toBeTruthy();
  });
});
