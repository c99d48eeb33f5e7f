/**
 * Where the queue lives: a Redis server named by a `redis://HOST:PORT[/DB]` URL (`rediss://` for TLS), read once
 * from `--queue` into the options BullMQ and ioredis take.
 *
 * Every coordinator and worker shares one BullMQ queue, `graphgo-games`, so a worker needs nothing but the URL to
 * serve every run that uses that server; a game's job says which run it belongs to (run-spec.ts).
 */
import type { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { failure, ok, type Result } from '../../src/result.js';

export const QUEUE_NAME = 'graphgo-games';

export interface QueueConnection {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  readonly tls: boolean;
  /** The URL without its password: what messages show. */
  readonly label: string;
}

/** Reads a `--queue` URL. */
export function parseQueueUrl(text: string): Result<QueueConnection, 'bad-queue-url'> {
  const bad = (why: string) => failure('bad-queue-url', `--queue "${text}": ${why} (expected redis://HOST:PORT, e.g. redis://127.0.0.1:6379)`);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim())) return bad('no redis:// in front');
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return bad('not a URL');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') return bad(`the scheme must be redis: or rediss:, not ${url.protocol}`);
  if (url.hostname.length === 0) return bad('no host');
  const db = url.pathname.replace(/^\//, '');
  if (db.length > 0 && !/^\d+$/.test(db)) return bad(`the path must be a database number, not "/${db}"`);
  const port = url.port.length > 0 ? Number(url.port) : 6379;
  const label = url.password.length > 0 ? text.trim().replace(`:${url.password}@`, ':***@') : text.trim();
  return ok({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    db: db.length > 0 ? Number(db) : 0,
    ...(url.username.length > 0 ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password.length > 0 ? { password: decodeURIComponent(url.password) } : {}),
    tls: url.protocol === 'rediss:',
    label,
  });
}

/** What both BullMQ and ioredis take to connect. */
export interface ClientOptions {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  readonly tls?: Record<string, never>;
  readonly retryStrategy: (times: number) => number;
}

/**
 * ioredis options for every client of the queue. ioredis reconnects for ever; BullMQ's default back-off grows to 20 s
 * between tries, which would leave a restarted Redis unnoticed for that long, so the wait stays at most 2 s.
 */
export function redisOptions(connection: QueueConnection): ClientOptions {
  const { host, port, db, username, password, tls } = connection;
  return {
    host,
    port,
    db,
    ...(username !== undefined ? { username } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(tls ? { tls: {} } : {}),
    retryStrategy: (times) => Math.min(200 * times, 2000),
  };
}

/** A queue that cannot be used (Redis unreachable when starting): the message says why and what to check. */
export class QueueError extends Error {}

/** How long a coordinator or a worker tries to reach Redis when it starts, before it gives up with a clear error. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * A client of the queue's Redis once it has answered PING. A Redis that does not answer within `timeoutMs` (refused,
 * unknown host, a firewall, a wrong password) is a failure that says so, never a wait for ever; `cancel` resolving
 * gives up at once (Ctrl-C).
 */
export async function reachRedis(
  connection: QueueConnection,
  timeoutMs: number,
  cancel?: Promise<unknown>,
): Promise<Result<Redis, 'unreachable' | 'cancelled'>> {
  // ioredis waits up to disconnectTimeout (2 s by default) for a socket to close after disconnect(); one that never
  // connected never does, which kept a command that could not reach Redis alive 2 s after saying so.
  const redis = new Redis({ ...redisOptions(connection), maxRetriesPerRequest: null, disconnectTimeout: 100 });
  let last = 'no answer';
  const onError = (e: unknown): void => {
    last = message(e);
  };
  redis.on('error', onError);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = await Promise.race([
    redis.ping().then(
      () => 'ok' as const,
      (e: unknown) => {
        last = message(e);
        return 'failed' as const;
      },
    ),
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
    ...(cancel !== undefined ? [cancel.then(() => 'cancelled' as const)] : []),
  ]);
  clearTimeout(timer);
  redis.off('error', onError);
  if (outcome === 'ok') return ok(redis);
  redis.on('error', () => undefined);
  redis.disconnect();
  if (outcome === 'cancelled') return failure('cancelled', 'cancelled while connecting to Redis');
  const waited = outcome === 'timeout' ? ` (no answer within ${Math.round(timeoutMs / 100) / 10} s)` : '';
  return failure(
    'unreachable',
    `cannot reach the queue's Redis at ${connection.label}: ${last}${waited}; is redis-server running there, listening on an ` +
      `address this machine can reach (its bind and protected-mode settings), with the right password?`,
  );
}

/**
 * Drops the Redis connections of a BullMQ queue, queue-events listener or worker at once, without waiting for Redis.
 * BullMQ's own close() waits for Redis to answer (and, for a connection that never came up, for ever), which must not
 * keep a command from ending when Redis is gone. This reaches the backend's ioredis clients, BullMQ's documented
 * escape hatch for Redis-specific work.
 */
export function dropConnections(target: Queue | QueueEvents | Worker): void {
  type Conn = { _client?: { disconnect?: () => void } } | undefined;
  const backend = target.getBackend() as unknown as { connection?: Conn; blockingConnection?: Conn };
  for (const c of [backend.connection, backend.blockingConnection]) {
    try {
      c?._client?.disconnect?.();
    } catch {
      // already gone
    }
  }
}
