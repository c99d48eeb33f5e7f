/**
 * The terminal game's loop: draw, read a command, play, let the computer answer, until the game ends or the person
 * quits. Input and output are injected (TerminalIo), so the loop is the same under readline-sync in a terminal
 * (cli/play-command.ts) and under a scripted list of lines in the tests. It is synchronous: readline-sync blocks,
 * and so does the bot's search.
 */
import { PASS, RESIGN } from '../src/vocabulary.js';
import type { Match } from './match.js';
import { moveText } from './match.js';
import { HELP_LINES, Paint, boardLines, boardNote, headerLine, scoreLines, statusLines } from './terminal-view.js';

export interface TerminalIo {
  /** One line typed by the person (without its newline), or null at the end of input. */
  readLine(prompt: string): string | null;
  write(text: string): void;
  /** ANSI colours. */
  readonly color: boolean;
  /** Clear the screen before each board, so the board stays in place (an interactive terminal). */
  readonly clear?: boolean;
  /** The terminal's width, for laying out long adjacency lists (default 80). */
  readonly columns?: number;
}

export interface TerminalOutcome {
  /** `over`: the game ended; `quit`: the person left (quit or end of input) before the end. */
  readonly how: 'over' | 'quit';
  /** The result text (B+3.5, W+M, B+R...) when over. */
  readonly result: string | null;
}

const CLEAR_SCREEN = '\x1b[H\x1b[2J';

export function runTerminalGame(match: Match, io: TerminalIo): TerminalOutcome {
  const paint = new Paint(io.color);
  const say = (line: string): void => io.write(line + '\n');
  const draw = (): void => {
    if (io.clear) io.write(CLEAR_SCREEN);
    say(headerLine(match, paint));
    say('');
    for (const line of boardLines(match, paint, io.columns ?? 80)) say(line);
    say(paint.dim(boardNote(match)));
    say('');
    for (const line of statusLines(match, paint)) say(line);
  };

  draw();
  if (!io.clear) say(paint.dim('Type a vertex to play, or help for the commands.'));
  for (;;) {
    const game = match.game;
    if (game.over) return { how: 'over', result: game.result };
    if (match.botToMove) {
      say(paint.dim(`${paint.color(game.toMove)} is thinking...`));
      match.playBot();
      draw();
      continue;
    }
    // The computer thinks on the person's time while the read blocks (with settings.backgroundPonder).
    match.ponderInBackground();
    const line = io.readLine(`${paint.color(match.human)} > `);
    match.stopBackgroundPonder();
    if (line === null) {
      say('');
      say('End of input: leaving the game.');
      return { how: 'quit', result: null };
    }
    const words = line.trim().split(/\s+/).filter((w) => w.length > 0);
    if (words.length === 0) continue;
    const command = words[0].toLowerCase();
    if (words.length > 1) {
      say(paint.error(`one command or vertex at a time, got "${line.trim()}" (type help)`));
      continue;
    }
    switch (command) {
      case 'help':
      case '?':
        for (const l of HELP_LINES) say(l);
        break;
      case 'quit':
      case 'exit':
      case 'q':
        say('Leaving the game.');
        return { how: 'quit', result: null };
      case 'board':
        draw();
        break;
      case 'score':
        for (const l of scoreLines(match, paint)) say(l);
        break;
      case 'hint': {
        say(paint.dim('The computer is thinking about your move...'));
        const { move, search } = match.hint();
        const where = move === RESIGN ? 'resign (it sees no way to win)' : move === PASS ? 'pass' : moveText(move, match.graph);
        const why = search && search.simulations > 0 ? ` (${search.simulations} playouts, your win rate ${Math.round(search.winrate * 100)}%)` : '';
        say(`Hint: ${paint.bold(where)}${why}`);
        break;
      }
      case 'undo': {
        const undone = match.undo();
        if (!undone.ok) {
          say(paint.error(undone.error));
          break;
        }
        draw();
        const what = undone.undone.reverse().map((r) => (r.move === RESIGN ? 'resign' : moveText(r.move, match.graph)));
        say(`Took back ${what.join(', ')}.`);
        break;
      }
      case 'resign':
      case 'pass':
      default: {
        const outcome = match.playHumanText(command);
        if (!outcome.ok) {
          say(paint.error(outcome.message) + paint.dim(' (type help for the commands)'));
          break;
        }
        draw();
      }
    }
  }
}
