import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { EmailCodeForm } from './email-code-form.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('EmailCodeForm (spec §2 Login, §4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an e-mail before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<EmailCodeForm />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your email address.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the boxes once the code is sent; a wrong code clears them and focuses the first', async () => {
    const fetch = vi.fn(async (url: string) =>
      String(url).includes('/register')
        ? json(200, { ok: true, resendAfterSeconds: 90 })
        : json(400, { errorCodeStr: 'WRONG_CODE', errorMessage: 'x' }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { store } = renderWithApp(<EmailCodeForm />, { route: '/login' });
    await user.type(screen.getByLabelText(/E-mail/), 'owner@shop.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const first = (await screen.findByLabelText('Digit 1 of 4')) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(first));
    await user.keyboard('1234');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(String(fetch.mock.calls[1]?.[0])).toContain(
      '/v1/user/mail/signin?email=owner%40shop.com&code=1234',
    );
    await waitFor(() => {
      const again = screen.getByLabelText('Digit 1 of 4') as HTMLInputElement;
      expect(again.value).toBe('');
      expect(document.activeElement).toBe(again);
    });
    expect(store.getState().parameters.privateApiKey).toBeNull();
  });

  it('hides the boxes when sending fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(429, { errorCodeStr: 'TOO_MANY_CODES', errorMessage: 'x' })),
    );
    const user = userEvent.setup();
    renderWithApp(<EmailCodeForm />, { route: '/login' });
    await user.type(screen.getByLabelText(/E-mail/), 'owner@shop.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy());
    expect(screen.queryByLabelText('Digit 1 of 4')).toBeNull();
  });

  it('stores the key after a right code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/register')
          ? json(200, { ok: true, resendAfterSeconds: 90 })
          : json(200, { apiKey: 'ss_new' }),
      ),
    );
    const user = userEvent.setup();
    const { store } = renderWithApp(<EmailCodeForm />, { route: '/login' });
    await user.type(screen.getByLabelText(/E-mail/), 'owner@shop.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Digit 1 of 4');
    await user.keyboard('4321');
    await waitFor(() => expect(store.getState().parameters.privateApiKey).toBe('ss_new'));
    expect(localStorage.getItem('privateApiKey')).toBe('ss_new');
  });

  it('keeps the boxes when a second send for the same address is refused as too soon', async () => {
    let sends = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ++sends === 1
          ? json(200, { ok: true, resendAfterSeconds: 90 })
          : json(429, { errorCodeStr: 'TOO_MANY_CODES', errorMessage: 'x' }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<EmailCodeForm />, { route: '/login' });
    await user.type(screen.getByLabelText(/E-mail/), 'owner@shop.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Digit 1 of 4');
    await user.click(screen.getByRole('button', { name: 'Send code again' }));
    await waitFor(() => expect(sends).toBe(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send code again' })).toBeTruthy());
    expect(screen.getByLabelText('Digit 1 of 4')).toBeTruthy();
  });

  it('takes the boxes away after too many attempts and says to start again', async () => {
    const fetch = vi.fn(async (url: string) =>
      String(url).includes('/register')
        ? json(200, { ok: true, resendAfterSeconds: 90 })
        : json(429, { errorCodeStr: 'TOO_MANY_ATTEMPTS', errorMessage: 'x' }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderWithApp(<EmailCodeForm />, { route: '/login' });
    await user.type(screen.getByLabelText(/E-mail/), 'owner@shop.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Digit 1 of 4');
    await user.keyboard('1234');
    expect(await screen.findByTestId('code-spent')).toBeTruthy();
    expect(screen.queryByLabelText('Digit 1 of 4')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('says "Sending…" in the button while the code is on its way', async () => {
    let answer = (_: Response) => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<EmailCodeForm />, { route: '/login' });
    await user.type(screen.getByLabelText(/E-mail/), 'owner@shop.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect(busy.textContent).toBe('Sending…');
    expect(getComputedStyle(busy.querySelector('.mantine-Button-label') ?? busy).visibility).not.toBe(
      'hidden',
    );
    answer(json(200, { ok: true, resendAfterSeconds: 90 }));
    await screen.findByLabelText('Digit 1 of 4');
  });
});
