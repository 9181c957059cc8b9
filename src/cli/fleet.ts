/**
 * `npm run --silent fleet -- FILE [--builder NAME]`: read a fleet list as a fleet builder exports it
 * (FILE, or `-` for standard input) and print the "armada-fleet/1" object of table-format.md
 * ("Fleet lists"). The app reads pasted lists with the same reader (src/model/fleet-list.ts).
 * What the reader noticed about the text as a whole (HTML, too many lines, nothing recognised) goes to
 * standard error; the exit code is 0 when the list was read, 2 when the command was used wrongly or
 * the file cannot be read.
 */
import { readFileSync } from 'node:fs';
import { type Builder, BUILDERS, fleetJson, readFleetList } from '../model/fleet-list';

/** A file larger than this is not a fleet list; only its start is read. */
const MAX_BYTES = 4 * 1024 * 1024;

function usage(why: string): never {
  process.stderr.write(
    `${why}\nusage: npm run --silent fleet -- FILE [--builder ${BUILDERS.join('|')}]   (FILE "-" reads standard ` +
      `input)\n`,
  );
  process.exit(2);
}

function main(argv: string[]) {
  let file: string | null = null;
  let builder: Builder | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--builder') {
      const b = argv[++i];
      if (!BUILDERS.includes(b as Builder))
        usage(`unknown builder ${JSON.stringify(b ?? '')}; expected one of ${BUILDERS.join(', ')}`);
      builder = b as Builder;
    } else if (a.startsWith('--builder=')) {
      const b = a.slice('--builder='.length);
      if (!BUILDERS.includes(b as Builder))
        usage(`unknown builder ${JSON.stringify(b)}; expected one of ${BUILDERS.join(', ')}`);
      builder = b as Builder;
    } else if (a === '-h' || a === '--help') usage('Reads a fleet list and prints what it holds as JSON.');
    else if (file === null) file = a;
    else usage(`one file at a time (got ${JSON.stringify(a)} after ${JSON.stringify(file)})`);
  }
  if (file === null) usage('no FILE given');
  let buf: Buffer;
  try {
    buf = readFileSync(file === '-' ? 0 : file);
  } catch (e) {
    usage(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let text = buf.subarray(0, MAX_BYTES).toString('utf8');
  if (buf.length > MAX_BYTES)
    process.stderr.write(
      `${file}: ${buf.length} bytes; the first ${MAX_BYTES} were read (a fleet list is a few kilobytes)\n`,
    );
  if (text.includes('\u0000')) {
    process.stderr.write(`${file}: binary data (NUL bytes), not a text fleet list\n`);
    text = text.replace(/\u0000/g, '');
  }
  const r = readFleetList(text, { builder });
  for (const n of r.notes) process.stderr.write(`${n}\n`);
  if (!r.ships.length && !r.squadrons.length) {
    process.stderr.write(
      `${file}: no Armada ship or squadron recognised ` +
        `(${r.unrecognised.length} line${r.unrecognised.length === 1 ? '' : 's'} not recognised)` +
        "; is it a fleet builder's text export?\n",
    );
  }
  process.stdout.write(`${JSON.stringify(fleetJson(r), null, 2)}\n`);
}

// a reader that stops early (`| head`) is no error
process.stdout.on('error', (e: NodeJS.ErrnoException) => process.exit(e.code === 'EPIPE' ? 0 : 2));
main(process.argv.slice(2));
