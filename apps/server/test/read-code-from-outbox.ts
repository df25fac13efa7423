import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The code of the newest sign-in mail to an address, read from the outbox in `dataDir` as a user would. */
export function readCodeFromOutbox(dataDir: string, email: string): string {
  const outbox = path.join(dataDir, 'outbox');
  const files = readdirSync(outbox)
    .filter((f) => f.endsWith(`-${email}.eml`))
    .sort();
  const newest = files.at(-1);
  if (!newest) throw new Error(`no mail to ${email} in ${outbox}`);
  const match = /sign-in code is (\d{4})/.exec(readFileSync(path.join(outbox, newest), 'utf8'));
  if (!match?.[1]) throw new Error(`no code in ${newest}`);
  return match[1];
}
