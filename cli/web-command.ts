/**
 * `graphgo web`: serves the page to play the computer in the browser (play/web-server.ts) on 127.0.0.1 until
 * interrupted.
 */
import type { Command } from 'commander';
import { startWebServer } from '../play/web-server.js';
import { CliError } from './io.js';
import type { CliIo } from './io.js';
import { wholeNumber } from './options.js';

export function registerWebCommand(program: Command, io: CliIo): void {
  program
    .command('web')
    .description('play against the computer in the browser: serves a page on 127.0.0.1')
    .option('--port <port>', 'the port (0 picks a free one)', '8080')
    .option('--no-ponder', 'do not think on your time (by default the computer searches while you think, up to 20 s a turn)')
    .action(async (opts: { port: string; ponder: boolean }) => {
      const port = wholeNumber('--port', opts.port, 0, 65535);
      let running;
      try {
        running = await startWebServer({ port, ponder: opts.ponder });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE') throw new CliError(`port ${port} is in use (try --port 0 for a free one)`);
        throw new CliError(`cannot listen on 127.0.0.1:${port}: ${(e as Error).message}`);
      }
      io.writeOut(`graphgo web: open ${running.url} in your browser (Ctrl-C stops the server)\n`);
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          io.writeErr('graphgo web: stopping\n');
          void running.close().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
