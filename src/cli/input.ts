/**
 * What the command-line tools share: reading a table file (or standard input) with a size cap, and
 * refusing bad input with one line on standard error naming the problem.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { parseTableText, type Table, TableError } from '../model/table';

/** A valid table (200 pieces, 50 proposals, ids of 100 characters, pretty-printed) is well under 1 MB. */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

export function fail(message: string, code: number): never {
  process.stderr.write(message.replace(/\s+/g, ' ').trim() + '\n');
  process.exit(code);
}

/**
 * The whole text of a stream, or a refusal once it passes `limit` bytes (an endless stream is refused as soon
 * as it does).
 */
export function readCapped(stream: Readable, name: string, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        stream.destroy();
        reject(
          new TableError(
            '',
            `${name} is larger than ${limit / 1024 / 1024} MB; a table file is far smaller, so it was not read`,
          ),
        );
        return;
      }
      chunks.push(c);
    });
    stream.on('error', (e: NodeJS.ErrnoException) =>
      reject(new Error(`${name}: cannot read the file (${e.code ?? e.message})`)),
    );
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** The table in FILE (- for standard input), or one line on standard error naming the problem and exit 2. */
export async function readTable(file: string, opts: { photoFit?: boolean } = {}): Promise<Table> {
  let text: string;
  try {
    text = await readCapped(
      file === '-' ? process.stdin : createReadStream(file),
      file === '-' ? 'standard input' : file,
      MAX_INPUT_BYTES,
    );
  } catch (e) {
    fail((e as Error).message, 2);
  }
  try {
    return parseTableText(text, opts);
  } catch (e) {
    if (e instanceof TableError) fail(e.message, 2);
    fail(`(file): cannot be read as a table (${(e as Error).message})`, 2);
  }
}
