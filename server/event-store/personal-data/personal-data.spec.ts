import type { EntityManager } from 'typeorm';
import { SealingKey } from '../../common/crypto/sealing-key';
import {
  configurePersonalData,
  ERASED,
  openPersonalData,
  PersonalDataVault,
  personalDataVault,
  registerPersonalFields,
  sealPersonalData,
} from './personal-data';

/** The key table in memory, answering the vault's two statements as PostgreSQL would. */
function fakeDatabase() {
  const rows = new Map<string, Buffer | null>();
  /** The key id in the box of each stream's first event, as the log would answer. */
  const streams = new Map<string, string | null>();
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
      if (sql.includes("data->'_sealed'->>'key' AS key_id FROM events")) {
        const [ids] = parameters as [string[]];
        return ids.filter((id) => streams.has(id)).map((id) => ({ stream_id: id, key_id: streams.get(id) }));
      }
      throw new Error(`unexpected statement ${sql}`);
    },
  } as unknown as EntityManager;
  return { manager, rows, statements, dataSource, streams };
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
    const stored = (await sealPersonalData(db.manager, events)).map((each) => each.data) as Array<Record<string, unknown>>;
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
    const [{ data: stored }] = await sealPersonalData(db.manager, [placed('Rina Akter', '01711111111')]);
    expect(await vault.erase(db.manager, vault.keyId({ kind: 'phone', phone: '01711111111' }))).toBe(true);
    const read = [{ data: stored }];
    await openPersonalData(db.manager, read);
    expect(read[0].data).toEqual({ orderId: 'A1', totals: { grandTotalPaisa: 120_000 }, customer: { name: ERASED, phone: ERASED, email: null, userId: null } });

    const [{ data: again }] = await sealPersonalData(db.manager, [placed('Rina Akter', '01711111111')]);
    const both = [{ data: stored }, { data: again }];
    await openPersonalData(db.manager, both);
    expect((both[0].data as { customer: { name: string } }).customer.name).toBe(ERASED);
    expect((both[1].data as { customer: { name: string } }).customer.name).toBe('Rina Akter');
  });

  it("seals a later event's fields and metadata note under its order's key, and reads them [erased] with it", async () => {
    registerPersonalFields('TestAddressChanged', { subject: (data) => ({ sameKeyAs: `order-${String(data.orderId)}` }), paths: ['address'], metadataPaths: ['note'] });
    const db = fakeDatabase();
    const vault = new PersonalDataVault('a master secret of at least thirty-two characters');
    configurePersonalData(db.dataSource as never, vault);
    const [{ data: placedData }] = await sealPersonalData(db.manager, [placed('Rina Akter', '01711111111')]);
    db.streams.set('order-A1', (placedData as { _sealed: { key: string } })._sealed.key);
    db.streams.set('order-OLD', null); // placed before sealing existed
    const metadata = { actor: { id: 'care-1', role: 'care', name: 'Care' }, note: 'Rina asked for the office' };
    const changed = { type: 'TestAddressChanged', streamId: 'order-A1', streamPosition: 3, data: { orderId: 'A1', address: 'Banani 11' }, metadata };
    const silent = { type: 'TestAddressChanged', streamId: 'order-A1', streamPosition: 4, data: { orderId: 'A1', address: null }, metadata: { actor: metadata.actor } };
    const legacy = { ...changed, streamId: 'order-OLD', data: { orderId: 'OLD', address: 'Banani 11' } };
    const [stored, untouched, clear] = await sealPersonalData(db.manager, [changed, silent, legacy]);
    expect(JSON.stringify(stored)).not.toMatch(/Banani|Rina/);
    expect(stored.metadata).toEqual({ actor: metadata.actor, note: null });
    expect(untouched).toEqual({ data: silent.data, metadata: silent.metadata }); // nothing to seal, no box
    expect(clear).toEqual({ data: legacy.data, metadata }); // its order has no key: legacy, in the clear
    const read = [{ data: stored.data, metadata: stored.metadata }];
    await openPersonalData(db.manager, read);
    expect(read[0]).toEqual({ data: changed.data, metadata });
    await vault.erase(db.manager, vault.keyId({ kind: 'phone', phone: '01711111111' }));
    const erased = [{ data: stored.data, metadata: stored.metadata }];
    await openPersonalData(db.manager, erased);
    expect(erased[0]).toEqual({ data: { orderId: 'A1', address: ERASED }, metadata: { ...metadata, note: ERASED } });
  });

  it('opens a box this process just sealed without decrypting it again, into objects of its own each time', async () => {
    const db = fakeDatabase();
    configurePersonalData(db.dataSource as never, new PersonalDataVault('a master secret of at least thirty-two characters'));
    const original = placed('Rina Akter', '01711111111');
    const [{ data: stored }] = await sealPersonalData(db.manager, [original]);
    const decrypting = jest.spyOn(SealingKey.prototype, 'open');
    try {
      const first = [{ data: stored }];
      await openPersonalData(db.manager, first);
      (first[0].data as { customer: { name: string } }).customer.name = 'changed by a reader';
      const second = [{ data: stored }];
      await openPersonalData(db.manager, second);
      expect(second[0].data).toEqual(original.data);
      expect(decrypting).not.toHaveBeenCalled();
    } finally {
      decrypting.mockRestore();
    }
    expect(stored).toMatchObject({ customer: { name: null, phone: null } }); // the stored event is never opened in place
  });

  it('never answers from memory for a person another process erased, even once they ordered again', async () => {
    const db = fakeDatabase();
    const secret = 'a master secret of at least thirty-two characters';
    configurePersonalData(db.dataSource as never, new PersonalDataVault(secret));
    const [{ data: stored }] = await sealPersonalData(db.manager, [placed('Rina Akter', '01711111111')]);
    const read = [{ data: stored }];
    await openPersonalData(db.manager, read); // this process has seen the box opened

    // Another process, same tables: it erases her, and she places a new order there under a new key.
    const elsewhere = { connection: {}, query: db.manager.query.bind(db.manager) } as unknown as EntityManager;
    configurePersonalData(elsewhere.connection, new PersonalDataVault(secret));
    const otherVault = personalDataVault(elsewhere)!;
    expect(await otherVault.erase(elsewhere, otherVault.keyId({ kind: 'phone', phone: '01711111111' }))).toBe(true);
    await sealPersonalData(elsewhere, [placed('Rina Akter', '01711111111')]);

    const again = [{ data: stored }];
    await openPersonalData(db.manager, again);
    expect(again[0].data).toMatchObject({ customer: { name: ERASED, phone: ERASED } });
  });

  it('refuses to open with another master key rather than calling everyone erased', async () => {
    const db = fakeDatabase();
    configurePersonalData(db.dataSource as never, new PersonalDataVault('a master secret of at least thirty-two characters'));
    const [{ data: stored }] = await sealPersonalData(db.manager, [placed('Rina Akter', '01711111111')]);
    configurePersonalData(db.dataSource as never, new PersonalDataVault('another master secret, also thirty-two characters'));
    await expect(openPersonalData(db.manager, [{ data: stored }])).rejects.toThrow();
  });
});
