import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { garmentSuggestions } from '../search-suggestions.ts';
import { CatalogSearch } from './catalog-search.tsx';

function setup(value = '') {
  const onApply = vi.fn();
  render(
    <MantineProvider>
      <CatalogSearch
        value={value}
        suggestions={garmentSuggestions}
        placeholder="Search garments"
        onType={() => {}}
        onApply={onApply}
      />
    </MantineProvider>,
  );
  return { onApply, box: screen.getByRole('combobox', { name: 'Search' }) };
}

describe('CatalogSearch (a combobox)', () => {
  it('lists the spec categories, trousers, shorts, skirt and coat included, as options of a listbox', async () => {
    const { box } = setup();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options.slice(-4)).toEqual(['Trousers', 'Shorts', 'Skirt', 'Coat']);
    expect(options).toHaveLength(13);
  });

  it('moves through the options with the arrow keys while focus stays in the box, Enter picks', async () => {
    const { box, onApply } = setup('s');
    const user = userEvent.setup();
    await user.click(box);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1];
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(second?.id);
    expect(document.activeElement).toBe(box);
    await user.keyboard('{Enter}');
    expect(onApply).toHaveBeenCalledOnce();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('Tab leaves for the next control, never for a suggestion', async () => {
    const { box } = setup('coat');
    const user = userEvent.setup();
    await user.click(box);
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Clear search');
  });
});
