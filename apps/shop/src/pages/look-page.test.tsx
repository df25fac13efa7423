import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '../lib/api/api-context.tsx';
import { Toasts } from '../lib/toast/toasts.tsx';
import { pageQuery } from '../lib/urls/shopper-urls.ts';
import { face, fakeApi, look } from '../test/fake-api.ts';
import { LookPage } from './look-page.tsx';

const model = {
  muid: 'mod_1',
  m: 'M1',
  name: 'Studio look',
  description: '',
  url: '',
  sku: null,
  image: '/v1/model/image/mod_1?sig=x',
  width: 768,
  height: 1024,
  stats: { likes: 0, tryons: 0 },
  liked: false,
  created: '2026-01-01T00:00:00.000Z',
};

function lookApi() {
  let looks = [look(false)];
  return fakeApi({
    'GET /v1/shop/public': () => ({
      body: { suid: 's_1', name: 'Northwind', logo: '', url: '', currency: '', retention_days: 30 },
    }),
    'GET /v1/model/list': () => ({ body: { items: [model], nextOffset: null } }),
    'GET /v1/model/M1': () => ({ body: model }),
    'GET /v1/face': () => ({ body: { items: [face('face_1')], nextOffset: null } }),
    'GET /v1/look/list': () => ({ body: { items: looks, nextOffset: null } }),
    'POST /v1/look/add': () => ({ status: 202, body: { ...look(false), status: 'queued', image: null } }),
    'GET /v1/look/look_1': () => ({ body: look(false) }),
    'POST /v1/look/like/look_1': () => {
      looks = [look(true)];
      return { body: look(true) };
    },
    'POST /v1/look/unlike/look_1': () => {
      looks = [look(false)];
      return { body: look(false) };
    },
    'POST /v1/look/remove/look_1': () => {
      looks = [];
      return { body: { ok: true } };
    },
  });
}

function renderLook(api: ReturnType<typeof fakeApi>) {
  render(
    <ApiProvider client={api.client}>
      <LookPage query={pageQuery('?m=M1&hideIntro=1&key=pk_test')} />
      <Toasts />
    </ApiProvider>,
  );
}

describe('look page', () => {
  it('likes and unlikes a saved look, refreshing the looks each time (spec §4)', async () => {
    const api = lookApi();
    renderLook(api);
    const saved = await screen.findByTestId('saved-look');
    const lists = api.count('GET', '/v1/look/list');
    await userEvent.click(within(saved).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(api.count('GET', '/v1/look/list')).toBe(lists + 1));
    await within(await screen.findByTestId('saved-look')).findByRole('button', { name: 'Unlike' });
    await userEvent.click(within(screen.getByTestId('saved-look')).getByRole('button', { name: 'Unlike' }));
    await waitFor(() => expect(api.count('GET', '/v1/look/list')).toBe(lists + 2));
  });

  it('removes a look after a question, refreshing looks and models (spec §4)', async () => {
    const api = lookApi();
    renderLook(api);
    const saved = await screen.findByTestId('saved-look');
    const [lists, models] = [api.count('GET', '/v1/look/list'), api.count('GET', '/v1/model/list')];
    await userEvent.click(within(saved).getByRole('button', { name: 'Remove look' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryAllByTestId('saved-look')).toHaveLength(0));
    expect(api.count('GET', '/v1/look/list')).toBe(lists + 1);
    expect(api.count('GET', '/v1/model/list')).toBe(models + 1);
    expect((await screen.findByTestId('toast')).textContent).toContain('Look deleted successfully!');
  });

  it("creates a look of the shopper's face on the model and shows it with its share link", async () => {
    const api = lookApi();
    renderLook(api);
    await screen.findByRole('heading', { name: 'Studio look' });
    await waitFor(() => expect(screen.getAllByTestId('face-thumb')).toHaveLength(1));
    const models = api.count('GET', '/v1/model/list');
    await userEvent.click(screen.getByTestId('look-button'));
    await screen.findByTestId('look-result');
    const add = api.calls.find((c) => c.path === '/v1/look/add');
    expect(Object.fromEntries(add?.search ?? [])).toEqual({ fuid: 'face_1', muid: 'mod_1' });
    expect(screen.getByTestId('share-link').getAttribute('href')).toContain(
      '/w/look/view?l=ltok_1&hideIntro=1',
    );
    expect(api.count('GET', '/v1/model/list')).toBeGreaterThan(models);
  });
});
