import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Profile } from '@tryon/contract';
import type { Language } from '@tryon/web';

/** Client-side parameters of spec §3. */
export interface ParametersState {
  referrer: string;
  privateApiKey: string | null;
  lang: Language;
  user: Profile | null;
}

const initialState: ParametersState = { referrer: '', privateApiKey: null, lang: 'en', user: null };

/** Reducers stay pure; `persistParameters` (a listener) writes the stored copies. */
export const parametersSlice = createSlice({
  name: 'parameters',
  initialState,
  reducers: {
    setParameters: (state, action: PayloadAction<Partial<ParametersState>>) => ({
      ...state,
      ...action.payload,
    }),
    setLanguage: (state, action: PayloadAction<Language>) => {
      state.lang = action.payload;
    },
    setPrivateApiKey: (state, action: PayloadAction<string | null>) => {
      state.privateApiKey = action.payload || null;
    },
    setUser: (state, action: PayloadAction<Profile | null>) => {
      state.user = action.payload ?? null;
    },
  },
});

export const { setParameters, setLanguage, setPrivateApiKey, setUser } = parametersSlice.actions;
