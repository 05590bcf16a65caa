import { DataSource } from 'typeorm';
import { createDatabase, dropDatabase, testDatabaseUrl, uniqueDatabaseName } from '../../test/utils/test-database';
import { createDataSourceOptions } from './data-source-options';
import { runMigrationsExclusively } from './migrate';
import { MIGRATIONS } from './migrations';

describe('migrations (PostgreSQL)', () => {
  const name = uniqueDatabaseName('healthlink_migrations');
  let dataSource: DataSource;

  beforeAll(async () => {
    const url = await createDatabase(testDatabaseUrl(), name);
    dataSource = await new DataSource({ ...createDataSourceOptions(url), extra: { max: 3 } }).initialize();
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await dropDatabase(testDatabaseUrl(), name);
  });

  const tables = async (): Promise<string[]> =>
    (
      await dataSource.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'typeorm_migrations' ORDER BY 1`)
    ).map((r: { tablename: string }) => r.tablename);

  const ALL_TABLES = [
    'ai_usage',
    'analytics_events',
    'broker_leads',
    'claims',
    'code_definitions',
    'conditions',
    'contact_messages',
    'coupon_enrollments',
    'coverages',
    'drug_interactions',
    'email_changes',
    'errors',
    'fhir_resources',
    'insurer_links',
    'insurer_requests',
    'insurer_uptime_checks',
    'nadac_prices',
    'ndc_drugs',
    'ndc_packages',
    'ndc_products',
    'oauth_states',
    'password_resets',
    'patient_info',
    'plan_alerts',
    'plan_contacts',
    'plan_rank_runs',
    'plan_service_areas',
    'plans',
    'polling_events',
    'prescriptions',
    'rate_limits',
    'reference_datasets',
    'referral_codes',
    'rxnorm_concepts',
    'rxnorm_drugs',
    'sessions',
    'staff_queries',
    'staff_role_changes',
    'trial_matches',
    'users',
  ];

  it('apply from empty, concurrently without conflict, and every down undoes its up', async () => {
    await Promise.all([runMigrationsExclusively(dataSource), runMigrationsExclusively(dataSource)]);
    expect(await tables()).toEqual(ALL_TABLES);
    const applied = await dataSource.query('SELECT name FROM typeorm_migrations ORDER BY id');
    expect(applied).toHaveLength(MIGRATIONS.length);

    for (let i = 0; i < MIGRATIONS.length; i++) await dataSource.undoLastMigration();
    expect(await tables()).toEqual([]);

    await runMigrationsExclusively(dataSource);
    expect(await tables()).toEqual(ALL_TABLES);
  });
});
