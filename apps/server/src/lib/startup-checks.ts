import { Redis } from 'ioredis';

/** A service the process needs cannot be reached at start: the message is one line for the operator. */
export class StartupError extends Error {}

/** The address of a URL without its password, for messages. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** Runs `step`; a failure becomes a StartupError naming what could not be reached and why. */
export async function reach<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new StartupError(`Cannot reach ${what}: ${reason.split('\n')[0]}`, { cause: error });
  }
}

/** Connects to Redis and pings it once, within a few seconds. */
export async function pingRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  let lastError: Error | undefined;
  redis.on('error', (err: Error) => {
    lastError = err;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw lastError ?? error;
  } finally {
    redis.disconnect();
  }
}

/** For process entries: a StartupError is printed as its one line and ends the process with code 1. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof StartupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
