// The files the server reads at run time. From source (tsx) they are where the repository keeps
// them. The built server (scripts/build-server.ts) is one file per process in dist-server/ with
// copies of them beside it, and its build defines BUILT_SERVER, so each path is known either way.
import { fileURLToPath } from 'node:url';

declare const BUILT_SERVER: true | undefined;
const built = typeof BUILT_SERVER !== 'undefined';

const at = (fromSource: string, fromBuild: string) =>
  fileURLToPath(new URL(built ? fromBuild : fromSource, import.meta.url));

/** The api/v1 contract, which the server validates requests and answers by. */
export const CONTRACT_FILE = at('../../openapi/api.yaml', './api.yaml');
/** drizzle-kit's SQL migrations and their journal. */
export const MIGRATIONS_DIR = at('./db/migrations', './migrations');
/** The browser's build (npm run build), served by the web process. */
export const DEFAULT_DIST_DIR = at('../../dist', '../dist');
