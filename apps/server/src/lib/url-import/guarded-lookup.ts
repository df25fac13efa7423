import type { LookupAddress } from 'node:dns';
import { lookup as systemLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from '../app-error.ts';

/** Every address a host name resolves to, like `dns.lookup(name, { all: true })`. Tests inject their own. */
export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

export const resolveWithSystemDns: ResolveHost = (hostname) => systemLookup(hostname, { all: true });

/**
 * A `lookup` for net/http/https that refuses the connection when any resolved address is not allowed.
 * The socket connects to exactly the addresses checked here, in the same step, so a DNS answer that changes
 * between a check and the connect (DNS rebinding) has nothing to slip through. An answer that mixes public
 * and private addresses is refused whole: the socket would try the next address when the first fails.
 */
export function createGuardedLookup(
  resolve: ResolveHost,
  isAddressAllowed: (address: string) => boolean,
): LookupFunction {
  return (hostname, options, callback) => {
    const family = wantedFamily(options.family);
    Promise.resolve()
      .then(() => resolve(hostname))
      .then(
        (answer) => {
          const addresses = answer
            .map(({ address }) => ({ address, family: isIP(address) }))
            .filter((entry) => family === 0 || entry.family === family);
          const [first] = addresses;
          if (!first) return callback(notFound(hostname), []);
          if (!addresses.every((entry) => entry.family !== 0 && isAddressAllowed(entry.address))) {
            return callback(new AppError('URL_NOT_ALLOWED'), []);
          }
          if (options.all) return callback(null, addresses);
          callback(null, first.address, first.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, []),
      );
  };
}

function wantedFamily(family: number | string | undefined): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}
