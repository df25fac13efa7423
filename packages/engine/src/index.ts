export { type BuiltinEngineOptions, createBuiltinEngine } from './builtin/builtin-engine.ts';
export { createEngine, type EngineSettings } from './create-engine.ts';
export {
  EngineError,
  type EngineErrorCode,
  type PersonInspection,
  type RenderEngine,
  type RenderOptions,
  type RenderResult,
  type TryOnInput,
} from './engine.ts';
export { createFashnEngine, type FashnSettings } from './fashn/fashn-engine.ts';
export { abortError } from './render-error.ts';
