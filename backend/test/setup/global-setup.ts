import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createDataSourceOptions } from '../../src/database/data-source-options';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { runMigrationsExclusively } from '../../src/database/migrate';
import { PlanCatalogueService } from '../../src/modules/plans/catalogue/plan-catalogue.service';
import { PlansCatalogueRepository } from '../../src/modules/plans/catalogue/plans-catalogue.repository';
import { ReferenceDataRepository } from '../../src/modules/pricing/reference-data/reference-data.repository';
import { ReferenceDataService } from '../../src/modules/pricing/reference-data/reference-data.service';
import { REFERENCE_DATA_DIR } from '../../src/modules/pricing/reference-data/reference-files';
import { freePort } from '../utils/ports';
import { createDatabase, TEST_DATABASE_URL_ENV, uniqueDatabaseName } from '../utils/test-database';
import { MailCatcher, TEST_MAIL_FILE_ENV, TEST_SMTP_PORT_ENV } from '../utils/mail-catcher';
import { setTestDatabaseState, setTestMailCatcher } from './state';

/**
 * One database for the whole run: a fresh one on DATABASE_URL's server when it is set (CI), otherwise an
 * embedded PostgreSQL in a temp dir that is deleted on stop. Migrated once here; test files read its URL
 * from HEALTHLINK_TEST_DATABASE_URL.
 */
export default async function globalSetup(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  let url: string;
  if (serverUrl) {
    const name = uniqueDatabaseName('healthlink_test');
    url = await createDatabase(serverUrl, name);
    setTestDatabaseState({ kind: 'server', serverUrl, name });
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'healthlink-test-pg-'));
    const handle = await startEmbeddedPostgres({
      dataDir: join(dir, 'pg'),
      port: await freePort(),
      password: 'test',
      persistent: false,
      database: 'healthlink_test',
    });
    url = handle.url;
    setTestDatabaseState({ kind: 'embedded', handle, dir });
  }
  const dataSource = await new DataSource(createDataSourceOptions(url)).initialize();
  try {
    await runMigrationsExclusively(dataSource);
    // The drug reference tables load once per database (as the app does at boot): here, so that no test file's
    // beforeAll pays for the first load.
    await new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR).ensureLoaded();
    // Likewise the 2026 plan catalogue (about 9 s on an empty database).
    await new PlanCatalogueService(new PlansCatalogueRepository(dataSource)).ensureLoaded();
  } finally {
    await dataSource.destroy();
  }
  process.env[TEST_DATABASE_URL_ENV] = url;

  const mailFile = join(await mkdtemp(join(tmpdir(), 'healthlink-test-mail-')), 'mail.jsonl');
  const catcher = await new MailCatcher(mailFile).start();
  setTestMailCatcher(catcher);
  process.env[TEST_SMTP_PORT_ENV] = String(catcher.port);
  process.env[TEST_MAIL_FILE_ENV] = mailFile;
}
