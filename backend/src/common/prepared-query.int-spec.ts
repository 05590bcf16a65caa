import { QueryFailedError, type DataSource } from 'typeorm';
import { openTestDataSource } from '../../test/utils/test-data-source';
import { preparedStatement, queryPrepared } from './prepared-query';

describe('queryPrepared (PostgreSQL)', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
  });
  afterAll(() => dataSource?.destroy());

  it('runs a named statement again and again on pooled connections, with its parameters', async () => {
    const statement = preparedStatement('SELECT $1::int + 1 AS next, current_setting($2) AS setting');
    for (let i = 0; i < 8; i++) {
      expect(await queryPrepared(dataSource, statement, [i, 'application_name'])).toEqual([{ next: i + 1, setting: 'healthlink-backend' }]);
    }
  });

  it('names a text by its hash: equal texts share a name, different texts never do', () => {
    expect(preparedStatement('SELECT 1').name).toBe(preparedStatement('SELECT 1').name);
    expect(preparedStatement('SELECT 1').name).not.toBe(preparedStatement('SELECT 2').name);
    expect(preparedStatement('SELECT 1').name).toMatch(/^hl_[0-9a-f]{24}$/);
  });

  it("fails as dataSource.query does: TypeORM's QueryFailedError carrying the driver's error", async () => {
    const failure = await queryPrepared(dataSource, preparedStatement('SELECT $1::uuid AS id'), ['not-a-uuid']).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('22P02');
  });
});
