import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_SAVE_DELAY_MS, useDebouncedKeyField } from './use-debounced-key-field.ts';

describe('useDebouncedKeyField (spec §4: key edits saved after 1 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves the last value once, 1 s after the last change', () => {
    const save = vi.fn();
    const { result } = renderHook(() => useDebouncedKeyField<string>('*', save));
    act(() => result.current.change('shop.com'));
    act(() => vi.advanceTimersByTime(500));
    act(() => result.current.change('shop.com, *.shop.com'));
    act(() => vi.advanceTimersByTime(KEY_SAVE_DELAY_MS - 1));
    expect(save).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledExactlyOnceWith('shop.com, *.shop.com');
    expect(result.current.value).toBe('shop.com, *.shop.com');
  });

  it('does not save a value that returned to what is stored', () => {
    const save = vi.fn();
    const { result } = renderHook(() => useDebouncedKeyField<number>(0, save));
    act(() => result.current.change(-1));
    act(() => result.current.change(0));
    act(() => vi.advanceTimersByTime(KEY_SAVE_DELAY_MS));
    expect(save).not.toHaveBeenCalled();
  });

  it('follows a new stored value (after the save is read back)', () => {
    const { result, rerender } = renderHook(({ stored }) => useDebouncedKeyField(stored, () => {}), {
      initialProps: { stored: 'a' },
    });
    rerender({ stored: 'b' });
    expect(result.current.value).toBe('b');
  });
});
