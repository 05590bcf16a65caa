import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { MemberDiagnosesReader } from './member-diagnoses.reader';

describe('MemberDiagnosesReader (PostgreSQL)', () => {
  let dataSource: DataSource;
  let reader: MemberDiagnosesReader;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    reader = new MemberDiagnosesReader(dataSource);
  });
  afterAll(() => dataSource?.destroy());

  const condition = (userId: string, id: string, system: string, code: string, status: string | null, display: string | null = null) =>
    dataSource.query(
      `INSERT INTO conditions (user_id, insurer_key, source_id, code_system, code, display, clinical_status) VALUES ($1, 'uhc', $2, $3, $4, $5, $6)`,
      [userId, id, system, code, display, status],
    );
  const claim = (userId: string, id: string, date: string, diagnoses: [string, string | null][]) =>
    dataSource.query(
      `INSERT INTO claims (user_id, insurer_key, source_id, service_date, diagnoses) VALUES ($1, 'uhc', $2, $3, $4::jsonb)`,
      [
        userId,
        id,
        date,
        JSON.stringify(diagnoses.map(([code, display], i) => ({ id: String(i + 1), diagnosis_code: code, diagnosis_display: display }))),
      ],
    );

  it('reads the distinct ICD-10 codes of active conditions and of claims, undotted, with both sources and the newest text', async () => {
    const { id: userId } = await createUser(dataSource);
    const { id: other } = await createUser(dataSource);
    await condition(userId, 'c1', 'http://hl7.org/fhir/sid/icd-10-cm', 'I10', 'active', 'Hypertension');
    await condition(userId, 'c2', 'http://hl7.org/fhir/sid/icd-10-cm', 'J45.909', 'resolved');
    await condition(userId, 'c3', 'http://snomed.info/sct', '44054006', 'active');
    await condition(userId, 'c4', 'http://hl7.org/fhir/sid/icd-10', 'e78.5', null);
    await claim(userId, 'e1', '2024-01-02', [
      ['E11.9', 'old text'],
      ['I10', null],
    ]);
    await claim(userId, 'e2', '2025-03-04', [['E119', 'Type 2 diabetes mellitus without complications']]);
    await claim(other, 'e3', '2025-03-04', [['C61', null]]);

    expect(await reader.diagnosesOf(userId)).toEqual([
      { code: 'E119', display: 'Type 2 diabetes mellitus without complications', sources: ['claim'] },
      { code: 'E785', display: null, sources: ['condition'] },
      { code: 'I10', display: 'Hypertension', sources: ['claim', 'condition'] },
    ]);
    expect(await reader.diagnosesOf((await createUser(dataSource)).id)).toEqual([]);
  });
});
