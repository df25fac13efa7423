import { screen } from '@testing-library/react';
import type { CatalogImport } from '@tryon/contract';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { AdminImportsTable } from './admin-imports-table.tsx';

const failedFeed: CatalogImport = {
  id: 'imp_1',
  shop: 's_1',
  kind: 'garment',
  source: 'merchant',
  sourceUrl: 'https://shop.example/feed.xml',
  status: 'failed',
  error: 'URL_FETCH_FAILED',
  removeMissing: false,
  dailySync: false,
  rows: { total: 0, done: 0, created: 0, updated: 0, skipped: 0, failed: 0, removed: 0 },
  created: '2026-01-15T12:00:00.000Z',
  finished: '2026-01-15T12:00:05.000Z',
};

describe('AdminImportsTable', () => {
  it("says a feed could not be downloaded in the owner's words, not as an image error", () => {
    renderWithApp(<AdminImportsTable imports={[failedFeed]} nameOf={() => 'Blue'} onReport={() => {}} />);
    expect(screen.getByText('The feed or store could not be downloaded from this URL.')).toBeTruthy();
    expect(screen.queryByText('The image could not be downloaded from this URL.')).toBeNull();
  });
});
