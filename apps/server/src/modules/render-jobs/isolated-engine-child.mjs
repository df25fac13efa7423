// Entry of an isolated render's child process (see isolated-engine.ts). It starts in plain Node, without the
// parent's TypeScript loader (tsx, vitest), so this file registers tsx and then loads the TypeScript child.
import { register } from 'tsx/esm/api';

register();
await import('./isolated-engine-child-main.ts');
