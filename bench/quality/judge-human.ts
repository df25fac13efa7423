import { loadHuman, stillPhotoConfig } from '../../packages/engine/src/builtin/worker/load-models.ts';

/** Human and its tfjs, as the engine's loader gives them (the types come with the engine's dependencies). */
export type Judge = Awaited<ReturnType<typeof loadHuman>>;
type Config = Parameters<typeof loadHuman>[0];
/** One face as Human finds it. */
export type FaceResult = Awaited<ReturnType<Judge['human']['detect']>>['face'][number];

/**
 * A Human instance of the benchmark's own, loaded as the engine loads its models; `config` switches on the
 * models that judge a render, which are never the ones the engine used for the step being judged.
 */
export function loadJudge(config: Config): Promise<Judge> {
  return loadHuman({
    ...stillPhotoConfig,
    ...config,
  });
}
