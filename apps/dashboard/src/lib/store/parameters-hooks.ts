import { useSelector } from 'react-redux';
import type { ParametersState } from '../parameters/parameters-slice.ts';

/** Read access to the parameters slice for any part of the app, without knowing the whole store. */
export const useParameters = (): ParametersState =>
  useSelector((state: { parameters: ParametersState }) => state.parameters);
