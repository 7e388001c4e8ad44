// `npm run db:generate`: diff src/server/db/schema.ts against the last snapshot and write the
// SQL migration that the server applies at startup (src/server/db/client.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
