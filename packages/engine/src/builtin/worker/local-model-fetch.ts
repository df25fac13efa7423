import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Human loads its models with `fetch`, which in Node cannot read `file://` URLs. This fetch serves files
 * below `root` and refuses everything else, so a worker never downloads anything at run time.
 */
export function localModelFetch(root: string): typeof fetch {
  const base = path.resolve(root) + path.sep;
  return async (input: string | URL | Request): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file://')) throw new Error(`Model loading is local only, refused ${url}`);
    const file = path.resolve(fileURLToPath(url));
    if (!file.startsWith(base)) throw new Error(`Model file outside ${root}: ${file}`);
    return new Response(await readFile(file), { status: 200 });
  };
}
