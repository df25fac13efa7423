import type { Client } from '@tryon/client';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type BlockingCode, blockingCodeOf } from './api-error.ts';
import { reportBlocked } from './blocked-store.ts';
import { type Call, QueryCache } from './query-cache.ts';

export interface Api {
  call: Call;
  cache: QueryCache;
}

const ApiContext = createContext<Api | null>(null);

/**
 * Gives the pages the API: every call goes through the contract client, and a failure that means the page
 * cannot work here at all (a domain the key does not allow, a dead key) is reported (`reportBlocked`).
 */
export function ApiProvider(props: {
  client: Client;
  onBlocked?: (code: BlockingCode) => void;
  children: ReactNode;
}) {
  const { client, onBlocked = reportBlocked } = props;
  const api = useMemo<Api>(() => {
    const call: Call = async (def, input, init) => {
      const result = await client.call(def, input, init);
      if (result.error) {
        console.warn(`${def.method} ${def.path} failed`, result.error);
        const blocking = blockingCodeOf(result.error);
        if (blocking) onBlocked(blocking);
      }
      return result;
    };
    return { call, cache: new QueryCache(call) };
  }, [client, onBlocked]);
  return <ApiContext.Provider value={api}>{props.children}</ApiContext.Provider>;
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}
