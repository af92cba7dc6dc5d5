// `npm run backup [-- --out <file or directory>]` and `npm run restore -- <backup file>`:
// backups of the embedded database (PGlite in DATA_DIR), or pg_dump with DATABASE_URL. See
// README "Backups" and docs/decisions/015-backups-and-api-reference.md.
import path from 'node:path';
import { BackupArchiveError } from '../src/server/backup/archive';
import {
  BackupError,
  backupDataDir,
  backupPostgres,
  outputPath,
  restoreDataDir,
} from '../src/server/backup/backup';
import { EnvError, loadEnv } from '../src/server/env';

const USAGE = `Usage:
  npm run backup [-- --out <file or directory>]   (default: ./backups/esop-crm-<time>.tar.gz)
  npm run restore -- <backup file>`;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function parseArgs(argv: string[]) {
  let out: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--out') out = argv[++i];
    else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
    else if (arg === '--help' || arg === '-h') rest.push('--help');
    else rest.push(arg);
  }
  return { out, rest };
}

async function main(): Promise<number> {
  const [command, ...argv] = process.argv.slice(2);
  const { out, rest } = parseArgs(argv);
  if ((command !== 'backup' && command !== 'restore') || rest.includes('--help')) {
    console.log(USAGE);
    return command === 'backup' || command === 'restore' ? 0 : 1;
  }
  const env = loadEnv();

  if (command === 'backup') {
    if (env.DATABASE_URL) {
      const file = outputPath(out, '.dump');
      const result = await backupPostgres({
        databaseUrl: env.DATABASE_URL,
        out: file,
        env: process.env,
      });
      console.log(
        `Backed up the PostgreSQL database with pg_dump to ${file}: ${mb(result.bytes)} in ${result.ms} ms.\n` +
          'Restore it with pg_restore (README, "Backups"). Keep BETTER_AUTH_SECRET with your backups: without it sessions and two-factor secrets cannot be read.',
      );
      return 0;
    }
    const file = outputPath(out, '.tar.gz');
    const result = await backupDataDir({ dataDir: env.DATA_DIR, out: file });
    const from =
      result.source === 'running-server' ? 'from the running server' : 'no server was running';
    console.log(
      `Backed up the embedded database in ${path.resolve(env.DATA_DIR)} (${from}) to ${file}: ${mb(result.bytes)} in ${result.ms} ms.`,
    );
    if (result.includesSecret) {
      console.log('It includes the auth secret: keep the file as safe as the data itself.');
    }
    if (env.BETTER_AUTH_SECRET) {
      console.log(
        'BETTER_AUTH_SECRET is set: keep it with your backups (the archive does not hold it).',
      );
    }
    return 0;
  }

  const archive = rest[0];
  if (!archive) {
    console.error(`Which backup? ${USAGE}`);
    return 1;
  }
  if (env.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: restore a PostgreSQL backup with pg_restore, after stopping the servers:\n' +
        `  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${archive}\n` +
        'See README, "Backups".',
    );
    return 1;
  }
  const result = await restoreDataDir({ dataDir: env.DATA_DIR, archive });
  console.log(
    `Restored the backup of ${result.createdAt} into ${path.resolve(env.DATA_DIR)} in ${result.ms} ms.`,
  );
  if (result.aside) {
    console.log(`The database it replaced is kept in ${result.aside} (delete it once satisfied).`);
  }
  console.log('Start the server (npm start) to use it.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (
      err instanceof BackupError ||
      err instanceof BackupArchiveError ||
      err instanceof EnvError
    ) {
      console.error(err.message);
    } else {
      console.error('The backup tool failed:', err);
    }
    process.exit(1);
  },
);
