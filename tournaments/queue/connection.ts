/**
 * Where the queue lives: a Redis server named by a `redis://HOST:PORT[/DB]` URL (`rediss://` for TLS), read once
 * from `--queue` into the options BullMQ and ioredis take.
 *
 * Every coordinator and worker shares one BullMQ queue, `graphgo-games`, so a worker needs nothing but the URL to
 * serve every run that uses that server; a game's job says which run it belongs to (run-spec.ts).
 */
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

/**
 * ioredis options for every client of the queue. ioredis reconnects for ever; BullMQ's default back-off grows to 20 s
 * between tries, which would leave a restarted Redis unnoticed for that long, so the wait stays at most 2 s.
 */
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
