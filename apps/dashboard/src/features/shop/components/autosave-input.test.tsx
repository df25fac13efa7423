import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS } from '../hooks/use-autosave-field.ts';
import { AutosaveInput } from './autosave-input.tsx';

const count = (value: string) => (/^\d+$/.test(value) ? null : 'Enter a whole number');

function setup(save = vi.fn()) {
  render(
    <MantineProvider>
      <AutosaveInput label="Try-ons a day" stored="500" saving={false} numeric validate={count} save={save} />
    </MantineProvider>,
  );
  return { save, input: screen.getByLabelText(/Try-ons a day/) as HTMLInputElement };
}

describe('AutosaveInput (spec §4: saved 1 s after typing stops, or on blur)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once typing has stopped for 1 s', () => {
    const { save, input } = setup();
    fireEvent.change(input, { target: { value: '40' } });
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1));
    fireEvent.change(input, { target: { value: '400' } });
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(save).toHaveBeenCalledExactlyOnceWith('400');
  });

  it('saves at once on blur, and not again when the timer fires', () => {
    const { save, input } = setup();
    fireEvent.change(input, { target: { value: '42' } });
    fireEvent.blur(input);
    expect(save).toHaveBeenCalledExactlyOnceWith('42');
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 2));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('neither saves an invalid value nor an unchanged one, and shows why', () => {
    const { save, input } = setup();
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    expect(screen.getByText('Enter a whole number')).toBeTruthy();
    fireEvent.change(input, { target: { value: '500' } });
    fireEvent.blur(input);
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the server's refusal beside the field until the next edit", async () => {
    const { input } = setup(vi.fn(async () => 'The value is too large.'));
    fireEvent.change(input, { target: { value: '999' } });
    await act(async () => fireEvent.blur(input));
    expect(screen.getByText('The value is too large.')).toBeTruthy();
    expect(input.value).toBe('999');
    fireEvent.change(input, { target: { value: '99' } });
    expect(screen.queryByText('The value is too large.')).toBeNull();
  });

  it('marks the field saved once the server took the value, until the next edit', async () => {
    const { input } = setup(vi.fn(async () => null));
    fireEvent.change(input, { target: { value: '42' } });
    expect(screen.queryByRole('img', { name: 'Saved' })).toBeNull();
    await act(async () => fireEvent.blur(input));
    expect(screen.getByRole('img', { name: 'Saved' })).toBeTruthy();
    fireEvent.change(input, { target: { value: '43' } });
    expect(screen.queryByRole('img', { name: 'Saved' })).toBeNull();
  });
});
