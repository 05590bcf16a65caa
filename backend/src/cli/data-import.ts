/**
 * `npm run data:import -- nadac FILE`: loads this week's CMS NADAC file (the official CSV, as data.medicaid.gov
 * gives it, plain or gzipped) into the database the app uses (DATABASE_URL, else the embedded PostgreSQL of
 * DATA_DIR, as `npm start` would start it). Migrations run first, so a fresh database works too. The file is
 * checked whole: any bad row is reported with its line number and nothing is loaded. A file of an older week than
 * the one loaded is refused; the next boot keeps the operator's file unless the repo's copy is of a newer week.
 */
import { importNadacFile, NadacFileError } from '../modules/pricing';
import { withAppDatabase } from './app-database';

const USAGE = 'usage: npm run data:import -- nadac FILE   (FILE: the weekly NADAC CSV from data.medicaid.gov, .csv or .csv.gz)';

/** Runs the import; answers the exit code. `env` replaces the process environment (tests). */
export async function main(args: readonly string[], env?: Record<string, string | undefined>): Promise<number> {
  const [dataset, file, ...rest] = args;
  if (dataset !== 'nadac' || !file || rest.length) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  try {
    return await withAppDatabase(env, async (dataSource) => {
      const outcome = await importNadacFile(dataSource, file);
      process.stdout.write(
        `NADAC as of ${outcome.asOf}: ${outcome.rows} rates loaded` +
          `${outcome.replacedAsOf ? ` (replacing the file as of ${outcome.replacedAsOf})` : ''}.\n`,
      );
      return 0;
    });
  } catch (error) {
    if (error instanceof NadacFileError) {
      process.stderr.write(
        `${error.fileName} was refused, nothing was loaded:\n${error.problems.map((problem) => `  ${problem}`).join('\n')}\n`,
      );
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') {
      process.stderr.write(`${file} cannot be read (${code})\n`);
      return 1;
    }
    throw error;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`data import failed: ${(error as Error).message}\n`);
      process.exit(1);
    },
  );
}
