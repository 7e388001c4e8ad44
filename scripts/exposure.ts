// `npm run exposure -- --key k1` or `-- --table users` (D326): whose personal data a leaked
// data key or table would expose, as CSV on stdout (who, how to reach them, what), for the
// first hours of a breach (README, Operations). Reads the same environment as the server.
import { parseArgs } from 'node:util';
import { systemClock } from '../src/server/clock';
import { ConfigError, loadConfig } from '../src/server/config';
import { createSealer } from '../src/server/crypto/sealing';
import { openDatabase } from '../src/server/db/client';
import { EXPOSURE_TABLES, exposedBy, exposureCsv } from '../src/server/exposure';
import { createAuditTrail } from '../src/server/services/audit';

const { values } = parseArgs({ options: { key: { type: 'string' }, table: { type: 'string' } } });
if ((values.key === undefined) === (values.table === undefined)) {
  console.error(
    `Usage: npm run exposure -- --key <key id>   or   -- --table <${[...EXPOSURE_TABLES, 'erasures'].join('|')}>`,
  );
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    const people = await exposedBy(
      {
        db: database.db,
        sealer: createSealer(config.dataKeys),
        keyIds: [...config.dataKeys.all.keys()],
        audit: createAuditTrail({ db: database.db, clock: systemClock }),
      },
      values.key !== undefined ? { key: values.key } : { table: values.table! },
    );
    process.stdout.write(exposureCsv(people));
    console.error(`${people.length} people to tell (README, Operations: the first 72 hours).`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
