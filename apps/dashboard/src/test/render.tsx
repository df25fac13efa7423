import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createStore } from '../app/store.ts';
import type { ParametersState } from '../lib/parameters/parameters-slice.ts';

const parameters: ParametersState = { referrer: '', privateApiKey: null, lang: 'en', user: null };

/** Renders with the app's providers: a fresh store, Mantine and a router. */
export function renderWithApp(
  ui: ReactElement,
  options: { route?: string; parameters?: Partial<ParametersState> } = {},
) {
  const store = createStore({ ...parameters, ...options.parameters });
  const result = render(
    <Provider store={store}>
      <MantineProvider>
        <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
      </MantineProvider>
    </Provider>,
  );
  return { ...result, store };
}
