// src/lib/write-whole.ts: a file other processes read while it is written (the test processes' kept copies, the
// PGlite templates) is replaced whole, and a failed write leaves nothing of its own behind.
import t, { type Test } from 'tap';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWhole } from '../../src/lib/write-whole.ts';

const folder = (t: Test): string => {
  const dir = mkdtempSync(join(tmpdir(), 'write-whole-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

t.test('writes a new file and replaces an old one, with no temporary file left beside it', async (t) => {
  const dir = folder(t);
  const file = join(dir, 'kept.bin');
  writeWhole(file, Buffer.from([1, 2, 3]));
  t.same([...readFileSync(file)], [1, 2, 3]);
  writeFileSync(join(dir, 'other.txt'), 'x');
  writeWhole(file, 'the new text');
  t.equal(readFileSync(file, 'utf8'), 'the new text');
  t.same(readdirSync(dir).sort(), ['kept.bin', 'other.txt'], 'only the file itself and its neighbour');
});

t.test('a write that fails throws, and leaves no temporary file', async (t) => {
  const dir = folder(t);
  t.throws(() => writeWhole(join(dir, 'missing', 'kept.txt'), 'new'), { code: 'ENOENT' }, 'a folder that does not exist');
  // a folder in the file's place: the temporary file is written, and the rename onto the folder fails
  mkdirSync(join(dir, 'kept.txt'));
  writeFileSync(join(dir, 'kept.txt', 'inside'), 'x');
  t.throws(() => writeWhole(join(dir, 'kept.txt'), 'new'), /EISDIR|ENOTEMPTY|EEXIST/);
  t.same(readdirSync(dir), ['kept.txt'], 'the folder alone: the temporary file was removed');
  t.same(readdirSync(join(dir, 'kept.txt')), ['inside']);
});
