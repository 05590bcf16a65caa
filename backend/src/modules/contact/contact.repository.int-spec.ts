import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { ContactRepository, type NewContactMessage } from './contact.repository';
import { ContactMessageEntity } from './entities/contact-message.entity';

describe('ContactRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: ContactRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([ContactMessageEntity]);
    repository = new ContactRepository(dataSource.getRepository(ContactMessageEntity));
  });
  afterAll(() => dataSource?.destroy());

  const anEmail = () => `sender.${randomUUID().slice(0, 8)}@example.com`;
  const message = (overrides: Partial<NewContactMessage> = {}): NewContactMessage => ({
    name: 'Ada Tester',
    email: anEmail(),
    phoneNumber: '5551234567',
    message: 'Where do I see my claims?',
    ...overrides,
  });
  const idsFrom = async (email: string): Promise<string[]> =>
    (await dataSource.query(`SELECT id FROM contact_messages WHERE email = $1 ORDER BY id`, [email])).map((r: { id: string }) => r.id);

  it('insert answers the new id, and findById answers the stored message', async () => {
    const sent = message();
    const before = Date.now();
    const id = await repository.insert(sent);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const stored = await repository.findById(id);
    expect(stored).toEqual({ id, ...sent, createdAt: expect.any(Date), copySentAt: null });
    expect(stored!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(stored!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('insert keeps the optional name and phone number empty when not given', async () => {
    const id = await repository.insert(message({ name: null, phoneNumber: null }));
    expect(await repository.findById(id)).toMatchObject({ name: null, phoneNumber: null });
  });

  it('insert refuses a message longer than 250 characters', async () => {
    const sent = message({ message: 'x'.repeat(251) });
    await expect(repository.insert(sent)).rejects.toThrow(/check constraint/);
    expect(await idsFrom(sent.email)).toEqual([]);
  });

  it('findById answers null for an unknown id', async () => {
    await expect(repository.findById(randomUUID())).resolves.toBeNull();
  });

  it('markCopySent stamps only that message', async () => {
    const email = anEmail();
    const id = await repository.insert(message({ email }));
    const otherId = await repository.insert(message({ email }));
    await repository.markCopySent(id);
    expect((await repository.findById(id))!.copySentAt).toEqual(expect.any(Date));
    expect((await repository.findById(otherId))!.copySentAt).toBeNull();
  });

  it('deleteFrom deletes every message of that e-mail, whatever its case, and no other', async () => {
    const email = anEmail();
    const other = anEmail();
    const mine = [await repository.insert(message({ email })), await repository.insert(message({ email }))];
    const theirs = await repository.insert(message({ email: other }));

    await dataSource.transaction((manager) => repository.deleteFrom(email.toUpperCase(), manager));

    expect(await idsFrom(email)).toEqual([]);
    await expect(repository.findById(mine[0])).resolves.toBeNull();
    await expect(repository.findById(mine[1])).resolves.toBeNull();
    expect(await idsFrom(other)).toEqual([theirs]);
  });

  it('deleteFrom deletes in the transaction given: a rollback keeps the messages', async () => {
    const email = anEmail();
    const id = await repository.insert(message({ email }));
    await expect(
      dataSource.transaction(async (manager) => {
        await repository.deleteFrom(email, manager);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await idsFrom(email)).toEqual([id]);
  });
});
