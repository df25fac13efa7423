import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedCallback } from './use-debounced-callback.ts';

describe('useDebouncedCallback', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once, with the latest arguments, 1 s after the last call', () => {
    const save = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(save, 1000));
    act(() => {
      result.current('a');
      vi.advanceTimersByTime(600);
      result.current('ab');
      vi.advanceTimersByTime(999);
    });
    expect(save).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledExactlyOnceWith('ab');
  });

  it('runs a pending call at once on flush (blur) and on unmount, and never twice', () => {
    const save = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedCallback(save, 1000));
    act(() => {
      result.current('x');
      result.current.flush();
    });
    expect(save).toHaveBeenCalledExactlyOnceWith('x');
    act(() => vi.advanceTimersByTime(2000));
    expect(save).toHaveBeenCalledTimes(1);
    act(() => result.current('y'));
    unmount();
    expect(save).toHaveBeenLastCalledWith('y');
  });

  it('drops a pending call on cancel', () => {
    const save = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(save, 1000));
    act(() => {
      result.current('x');
      result.current.cancel();
      vi.advanceTimersByTime(2000);
    });
    expect(save).not.toHaveBeenCalled();
  });
});
