// The first start of a shop on PGlite files (issue 16: first start within 30 s): creating a PGlite data
// directory runs initdb in WebAssembly (3.5 s on a quiet machine, over 20 s on a busy one), then every
// migration and the catalogue seed. `npm run build` does that once, in memory, and keeps the result as a
// tarball beside the built server (dist/commerce-template.tar.gz); a start on an empty DATA_DIR (or
// DATABASE_URL=memory) loads it instead. openDb runs the migrations and the seed upsert afterwards as on
// every start, so a template older than the sources only costs time, never correctness.
import { PGlite } from '@electric-sql/pglite';
import { writeWhole } from '../../lib/write-whole.ts';
import { seedCatalogue } from '../catalogue/index.ts';
import { migrate, openPglite, pgliteParsers } from './index.ts';

/** Writes a migrated, seeded PGlite data directory as a gzipped tarball to file. */
export async function writeDbTemplate(file: string): Promise<void> {
  const pg = await PGlite.create({ parsers: pgliteParsers });
  const db = openPglite(pg);
  try {
    await migrate(db);
    await seedCatalogue(db);
    const dump = await pg.dumpDataDir('gzip');
    writeWhole(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}
