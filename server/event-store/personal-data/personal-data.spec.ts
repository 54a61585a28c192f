import type { EntityManager } from 'typeorm';
import {
  configurePersonalData,
  ERASED,
  openPersonalData,
  PersonalDataVault,
  registerPersonalFields,
  sealPersonalData,
} from './personal-data';

/** The key table in memory, answering the vault's two statements as PostgreSQL would. */
function fakeDatabase() {
  const rows = new Map<string, Buffer | null>();
  const statements: string[] = [];
  const dataSource = {};
  const manager = {
    connection: dataSource,
    async query(sql: string, parameters: unknown[]) {
      statements.push(sql.trim().split(/\s+/)[0]);
      if (sql.includes('INSERT INTO personal_data_keys')) {
        const [ids, fresh] = parameters as [string[], Buffer[]];
        return ids.map((id, index) => {
          if (!rows.get(id)) rows.set(id, fresh[index]);
          return { key_id: id, wrapped_key: rows.get(id) };
        });
      }
      if (sql.includes('SELECT key_id, wrapped_key')) {
        const [ids] = parameters as [string[]];
        return ids.filter((id) => rows.has(id)).map((id) => ({ key_id: id, wrapped_key: rows.get(id) }));
      }
      if (sql.includes('UPDATE personal_data_keys')) {
        const [id] = parameters as [string];
        const had = Boolean(rows.get(id));
        rows.set(id, null);
        return [[], had ? 1 : 0];
      }
      throw new Error(`unexpected statement ${sql}`);
    },
  } as unknown as EntityManager;
  return { manager, rows, statements, dataSource };
}

describe('personal data in events (crypto-shredding)', () => {
  registerPersonalFields('TestOrderPlaced', {
    subject: (data) => {
      const customer = data.customer as { userId: string | null; phone: string };
      return customer.userId ? { kind: 'account', userId: customer.userId } : { kind: 'phone', phone: customer.phone };
    },
    paths: ['customer.name', 'customer.phone', 'customer.email'],
  });
  const placed = (name: string, phone: string, userId: string | null = null) => ({
    type: 'TestOrderPlaced',
    data: { orderId: 'A1', totals: { grandTotalPaisa: 120_000 }, customer: { name, phone, email: null, userId } },
  });

  it('seals the personal fields of a batch with one key statement, keeps the rest readable, and opens them again', async () => {
    const db = fakeDatabase();
    const vault = new PersonalDataVault('a master secret of at least thirty-two characters');
    configurePersonalData(db.dataSource as never, vault);
    const events = [placed('Rina Akter', '01711111111'), placed('Karim Uddin', '01822222222', 'u-1'), { type: 'StockReserved', data: { quantity: 1 } }];
    const stored = (await sealPersonalData(db.manager, events)) as Array<Record<string, unknown>>;
    expect(db.statements).toEqual(['INSERT']);
    expect(JSON.stringify(stored)).not.toMatch(/Rina|Karim|01711111111|01822222222/);
    expect(stored[0]).toMatchObject({ orderId: 'A1', totals: { grandTotalPaisa: 120_000 }, customer: { name: null, phone: null, email: null, userId: null } });
    expect(stored[2]).toBe(events[2].data);
    // The key id of a guest is an HMAC of the phone, never the number; an account's is its id.
    expect([...db.rows.keys()]).toEqual([vault.keyId({ kind: 'phone', phone: '01711111111' }), 'account:u-1']);
    expect([...db.rows.keys()][0]).toMatch(/^phone:[A-Za-z0-9_-]{32}$/);
    expect(events[0].data).toMatchObject({ customer: { name: 'Rina Akter' } }); // the caller's events stay in the clear

    const read = stored.map((data) => ({ data }));
    await openPersonalData(db.manager, read);
    expect(read.map((event) => event.data)).toEqual(events.map((event) => event.data));
  });

  it('reads an erased person as [erased] while their amounts still add up, and gives a returning phone a new key', async () => {
    const db = fakeDatabase();
    const vault = new PersonalDataVault('a master secret of at least thirty-two characters');
    configurePersonalData(db.dataSource as never, vault);
    const [stored] = await sealPersonalData(db.manager, [placed('Rina Akter', '01711111111')]);
    expect(await vault.erase(db.manager, vault.keyId({ kind: 'phone', phone: '01711111111' }))).toBe(true);
    const read = [{ data: stored }];
    await openPersonalData(db.manager, read);
    expect(read[0].data).toEqual({ orderId: 'A1', totals: { grandTotalPaisa: 120_000 }, customer: { name: ERASED, phone: ERASED, email: null, userId: null } });

    const [again] = await sealPersonalData(db.manager, [placed('Rina Akter', '01711111111')]);
    const both = [{ data: stored }, { data: again }];
    await openPersonalData(db.manager, both);
    expect((both[0].data as { customer: { name: string } }).customer.name).toBe(ERASED);
    expect((both[1].data as { customer: { name: string } }).customer.name).toBe('Rina Akter');
  });

  it('refuses to open with another master key rather than calling everyone erased', async () => {
    const db = fakeDatabase();
    configurePersonalData(db.dataSource as never, new PersonalDataVault('a master secret of at least thirty-two characters'));
    const [stored] = await sealPersonalData(db.manager, [placed('Rina Akter', '01711111111')]);
    configurePersonalData(db.dataSource as never, new PersonalDataVault('another master secret, also thirty-two characters'));
    await expect(openPersonalData(db.manager, [{ data: stored }])).rejects.toThrow();
  });
});
