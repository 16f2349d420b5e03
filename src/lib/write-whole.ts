// Writing a file that other processes may read while it is written: the compiled .tsx and the stories the test
// processes keep in the temp folder, the PGlite templates of the tests and of the build.
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes data to file whole: under a name of its own first (this process's id and a random suffix), then renamed
 * into place, which replaces a file atomically on one file system. A process reading at the same time, or after a
 * crash in the middle of the write, finds the old file, none, or the new one whole, never half of it. Throws
 * what the write throws, after removing its own temporary file.
 */
export function writeWhole(file: string, data: string | NodeJS.ArrayBufferView): void {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
