import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../app/app.tsx';
import { currentItems, setCurrent } from '../features/catalog/api/current-item.ts';
import { ApiProvider } from '../lib/api/api-context.tsx';
import { Toasts } from '../lib/toast/toasts.tsx';
import { pageQuery } from '../lib/urls/shopper-urls.ts';
import { face, fakeApi, garment, tryOn } from '../test/fake-api.ts';
import { OutfitPage } from './outfit-page.tsx';

function outfitApi(options: { faces?: string[]; garmentStatus?: number; currency?: string } = {}) {
  let faces = [...(options.faces ?? [])];
  let tryon = tryOn('queued');
  const api = fakeApi({
    'GET /v1/shop/public': () => ({
      body: {
        suid: 's_1',
        name: 'Northwind',
        logo: '',
        url: '',
        currency: options.currency ?? '',
        retention_days: 30,
      },
    }),
    'GET /v1/garment/list': () => ({
      body: { items: [garment(), garment({ guid: 'gar_2', g: 'G2', name: 'Ocean tee' })], nextOffset: null },
    }),
    'GET /v1/garment/*': (c) =>
      options.garmentStatus
        ? { status: options.garmentStatus, body: { errorCodeStr: 'NOT_FOUND', errorMessage: 'x' } }
        : {
            body: c.path.endsWith('G2') ? garment({ guid: 'gar_2', g: 'G2', name: 'Ocean tee' }) : garment(),
          },
    'GET /v1/face': () => ({ body: { items: faces.map(face), nextOffset: null } }),
    'POST /v1/face/add': () => {
      faces = ['face_new', ...faces];
      return { status: 201, body: face('face_new') };
    },
    'POST /v1/face/remove/*': (c) => {
      faces = faces.filter((f) => !c.path.endsWith(f));
      return { body: { ok: true } };
    },
    'GET /v1/tryon/list': () => ({ body: { items: [], nextOffset: null } }),
    'POST /v1/tryon/add': () => ({ status: 202, body: tryon }),
    'GET /v1/tryon/try_1': () => {
      tryon = tryOn('done');
      return { body: tryon };
    },
    'POST /v1/garment/like/*': () => ({ body: garment({ liked: true }) }),
  });
  return api;
}

const renderOutfit = (api: ReturnType<typeof fakeApi>, search = '?g=G1&hideIntro=1&key=pk_test') =>
  render(
    <ApiProvider client={api.client}>
      <OutfitPage query={pageQuery(search)} />
      <Toasts />
    </ApiProvider>,
  );

describe('outfit page', () => {
  it('makes a fetched garment the current one, and clears it when a fetch fails (spec §4)', async () => {
    const api = outfitApi();
    renderOutfit(api);
    await screen.findByRole('heading', { name: 'Linen tee' });
    expect(currentItems().garment).toBe('gar_1');

    setCurrent('garment', 'gar_1');
    const failing = outfitApi({ garmentStatus: 404 });
    renderOutfit(failing, '?g=NOPE&key=pk_test');
    await waitFor(() => expect(currentItems().garment).toBeNull());
    expect((await screen.findAllByText('There is no such item in this shop.')).length).toBeGreaterThan(0);
  });

  it("shows the garment's price with the shop's currency", async () => {
    renderOutfit(outfitApi({ currency: 'EUR' }));
    await screen.findByRole('heading', { name: 'Linen tee' });
    await waitFor(() => expect(screen.getByTestId('current-item').textContent).toContain('€29.90'));
  });

  it("asks for a photo first: 'Select person to try on.'", async () => {
    renderOutfit(outfitApi());
    await screen.findByRole('heading', { name: 'Linen tee' });
    await userEvent.click(screen.getByTestId('tryon-button'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Select person to try on.');
  });

  it('shows the photo wording once on an empty page (the photo panel), not again on the stage', async () => {
    renderOutfit(outfitApi());
    await screen.findByText('Add a photo of yourself to start.');
    expect(screen.getAllByTestId('photo-consent')).toHaveLength(1);
    expect(screen.getAllByText(/deleted automatically 30 days after you add it/)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'I agree, add my photo' }));
    expect(screen.queryByTestId('photo-consent')).toBeNull();
    // Once agreed, the empty stage offers the photo buttons too.
    expect(screen.getByTestId('stage-photo-input')).toBeTruthy();
  });

  it('uploads a photo as camera-image.jpg with the shopper headers, then refreshes faces and looks', async () => {
    const api = outfitApi();
    renderOutfit(api);
    await screen.findByText('Add a photo of yourself to start.');
    const before = api.count('GET', '/v1/face');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    await userEvent.click(screen.getByRole('button', { name: 'I agree, add my photo' }));
    await userEvent.upload(screen.getByTestId('photo-input'), file);
    await waitFor(() => expect(screen.getAllByTestId('face-thumb')).toHaveLength(1));
    const upload = api.calls.find((c) => c.path === '/v1/face/add');
    const body = upload?.body as FormData | undefined;
    expect((body?.get('file') as File | undefined)?.name).toBe('camera-image.jpg');
    expect(upload?.headers.get('tokenapi')).toBe('pk_test');
    expect(upload?.search.get('consent')).toBe('2');
    expect(upload?.headers.get('clientuuid')).toMatch(/^[0-9a-f]{32}$/);
    expect(upload?.headers.get('hostreferer')).toBeTruthy();
    expect(api.count('GET', '/v1/face')).toBe(before + 1);
    expect(localStorage.getItem('clientuuid')).toBe(upload?.headers.get('clientuuid'));
  });

  it('tries the garment on with visible progress and shows the result, then likes the garment', async () => {
    const api = outfitApi({ faces: ['face_1'] });
    renderOutfit(api);
    await screen.findByRole('heading', { name: 'Linen tee' });
    await waitFor(() => expect(screen.getAllByTestId('face-thumb')).toHaveLength(1));
    await userEvent.click(screen.getByTestId('tryon-button'));
    const result = await screen.findByTestId('tryon-result');
    const add = api.calls.find((c) => c.path === '/v1/tryon/add');
    expect(Object.fromEntries(add?.search ?? [])).toEqual({ guid: 'gar_1', fuid: 'face_1' });
    expect(add?.headers.get('idempotency-key')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/v1/tryon/try_1')?.search.get('wait')).toBe('20');
    expect(screen.getByTestId('share-link').getAttribute('href')).toContain(
      '/w/tryon/view?t=tok_1&hideIntro=1',
    );
    const garmentFetches = api.count('GET', '/v1/garment/G1');
    await userEvent.click(result.querySelector('button[aria-label="Like"]') as HTMLElement);
    await waitFor(() => expect(api.count('GET', '/v1/garment/G1')).toBe(garmentFetches + 1));
  });

  it('shows the progress while the job renders', async () => {
    const api = outfitApi({ faces: ['face_1'] });
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const slow = fakeApi({});
    const client = {
      ...api.client,
      call: (async (def, input, init) => {
        if (def.path === '/v1/tryon/:tuid') await gate;
        return api.client.call(def, input, init);
      }) as typeof api.client.call,
    };
    void slow;
    render(
      <ApiProvider client={client}>
        <OutfitPage query={pageQuery('?g=G1&key=pk_test')} />
      </ApiProvider>,
    );
    await screen.findByRole('heading', { name: 'Linen tee' });
    await waitFor(() => expect(screen.getAllByTestId('face-thumb')).toHaveLength(1));
    await userEvent.click(screen.getByTestId('tryon-button'));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-label')).toBe('Getting ready…');
    expect((screen.getByTestId('tryon-button') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    await screen.findByTestId('tryon-result');
  });

  it('removes a photo after a question, and refreshes faces', async () => {
    const api = outfitApi({ faces: ['face_1'] });
    renderOutfit(api);
    await waitFor(() => expect(screen.getAllByTestId('face-thumb')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryAllByTestId('face-thumb')).toHaveLength(0));
    expect(api.count('POST', '/v1/face/remove/face_1')).toBe(1);
  });
});

describe('a page its key may not be used on', () => {
  it('says the widget is not allowed here and how the shop fixes it', async () => {
    const api = fakeApi({
      'GET /v1/shop/public': () => ({
        status: 403,
        body: { errorCodeStr: 'DOMAIN_NOT_ALLOWED', errorMessage: 'x' },
      }),
    });
    const Page = () => <OutfitPage query={pageQuery('?g=G1&key=pk_test')} />;
    render(
      <App
        route={{ page: 'tryon' }}
        query={pageQuery('?g=G1&key=pk_test')}
        Page={Page}
        client={api.client}
      />,
    );
    expect(await screen.findByRole('heading', { name: /This try-on widget is not allowed on/ })).toBeTruthy();
    expect(screen.getByText(/allowed domains of the public key/)).toBeTruthy();
  });

  it('says so when the address has no key', () => {
    render(<App route={{ page: 'tryon' }} query={pageQuery('?g=G1')} Page={() => null} />);
    expect(screen.getByRole('heading', { name: "This link is missing the shop's key" })).toBeTruthy();
  });
});
