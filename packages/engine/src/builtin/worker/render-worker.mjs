// Entry of a render worker thread. Worker threads start in plain Node, without the tsx loader of the parent
// (tsx, vitest), so this file registers tsx and then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker-main.ts');
