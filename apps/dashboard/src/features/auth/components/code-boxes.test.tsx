import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CodeBoxes } from './code-boxes.tsx';

const boxes = () => [1, 2, 3, 4].map((n) => screen.getByLabelText(`Digit ${n} of 4`) as HTMLInputElement);

describe('CodeBoxes (spec §4)', () => {
  it('takes digits only, moves focus on, and submits itself when all four are in', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <CodeBoxes onComplete={onComplete} />
      </MantineProvider>,
    );
    const [first, second, third] = boxes();
    expect(document.activeElement).toBe(first);
    await user.keyboard('x1');
    expect(first?.value).toBe('1');
    expect(document.activeElement).toBe(second);
    await user.keyboard('-2');
    expect(second?.value).toBe('2');
    expect(document.activeElement).toBe(third);
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('34');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('1234');
  });
});
