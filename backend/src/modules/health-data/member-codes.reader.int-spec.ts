import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { MemberCodesReader } from './member-codes.reader';

describe('MemberCodesReader (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: MemberCodesReader;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    repository = new MemberCodesReader(dataSource);
  });
  afterAll(() => dataSource?.destroy());

  const claim = (userId: string, id: string, date: string, status: string | null, diagnoses: object[], procedures: object[] = []) =>
    dataSource.query(
      `INSERT INTO claims (user_id, insurer_key, source_id, service_date, status, diagnoses, procedures) VALUES ($1, 'uhc', $2, $3, $4, $5::jsonb, $6::jsonb)`,
      [userId, id, date, status, JSON.stringify(diagnoses), JSON.stringify(procedures)],
    );

  it("reads the member's own codes: one row a code (dots or not), newest first, without void claims", async () => {
    const user = await createUser(dataSource);
    const other = await createUser(dataSource);
    await claim(user.id, 'a', '2024-01-02', 'active', [{ diagnosis_code: 'E119', diagnosis_display: null }], [{ procedure_code: 'G0439' }]);
    await claim(user.id, 'b', '2025-02-03', 'active', [
      { diagnosis_code: 'e11.9', diagnosis_display: 'Type 2 diabetes' },
      { diagnosis_code: 'I10' },
    ]);
    await claim(user.id, 'c', '2025-06-01', 'entered-in-error', [{ diagnosis_code: 'C61' }]);
    await claim(other.id, 'a', '2025-01-01', 'active', [{ diagnosis_code: 'J44.9' }]);
    await dataSource.query(
      `INSERT INTO prescriptions (user_id, insurer_key, source_id, drug_ndc, date_prescribed) VALUES ($1, 'uhc', 'rx-1', '00071-0155-23', '2025-03-01')`,
      [user.id],
    );

    const codes = await repository.memberCodes(user.id);
    expect(codes.diagnoses).toEqual([
      { code: 'E11.9', display: 'Type 2 diabetes', lastSeen: '2025-02-03', count: 2 },
      { code: 'I10', display: null, lastSeen: '2025-02-03', count: 1 },
    ]);
    expect(codes.procedures).toEqual([{ code: 'G0439', display: null, lastSeen: '2024-01-02', count: 1 }]);
    expect(codes.drugs).toEqual([{ code: '00071015523', display: null, lastSeen: '2025-03-01', count: 1 }]);
    expect((await repository.memberCodes(other.id)).diagnoses.map((d) => d.code)).toEqual(['J44.9']);
  });
});
