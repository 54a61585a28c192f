import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource, type EntityManager } from 'typeorm';
import { ConflictError, ForbiddenError, NotFoundError } from '../../common/errors/domain-error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { EventMetadata } from '../../event-store/event-store.types';
import { CommandPath } from '../../event-store/command-path/command-path';
import { ProjectionRegistry } from '../../event-store/projection-registry';
import { ProjectionRunner } from '../../event-store/projection-runner';
import { ERASED, personalDataVault, personalEventTypes, personalFieldPaths, personalMetadataPaths, type PersonSubject } from '../../event-store/personal-data/personal-data';
import { OutboxErasure } from '../../outbox/erasure';
import type { PersonalDataSubject } from '../export/personal-data.query';
import { erasureStreamId, type PersonalDataErased } from './erasure.events';

/** Orders in these steps are still being worked on: an erasure waits for them (ADR 053). */
const IN_PROGRESS = ['pending', 'confirmed', 'processing', 'shipped'];

export interface ErasureResult {
  orders: string[];
  accountsDeleted: number;
  keysErased: number;
  redactedEvents: number;
  messageFilesRemoved: number;
}

interface Person {
  userIds: string[];
  /** Phones whose keys are erased: an account's proven phone; for care's erasure, the number and its orders' placers. */
  phones: string[];
  /** What else names the person in sent messages (care's erasure only: an account's are found by its events). */
  emails: string[];
  names: string[];
  addresses: string[];
  orders: Array<{ order_id: string; status: string; user_id: string | null; phone: string; shipping_phone: string }>;
}

/**
 * Erases a person (issue 21, ADR 053): an account (the customer deleting it) or a phone number (admin, with a
 * reason). Refused while one of their orders is still in progress. Otherwise, in one transaction: their keys
 * are deleted (every sealed field of theirs now reads `[erased]`), what older events still hold in the clear
 * is redacted in place, their accounts are deleted, rate-limit counters naming them and their mail files go,
 * and a `PersonalDataErased` records who asked and why. Then every read model that holds personal data is
 * rebuilt from the log, so no table keeps a copy.
 */
@Injectable()
export class PersonalDataErasure {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CommandPath,
    private readonly runner: ProjectionRunner,
    private readonly registry: ProjectionRegistry,
    private readonly messages: OutboxErasure,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async erase(subject: PersonalDataSubject, reason: string, metadata: EventMetadata): Promise<ErasureResult> {
    const person = await this.find(subject);
    if (subject.kind === 'phone' && person.orders.length === 0 && person.userIds.length === 0) {
      throw new NotFoundError('erase-nothing', { phone: subject.phone });
    }
    const open = person.orders.filter((order) => IN_PROGRESS.includes(order.status)).map((order) => order.order_id);
    if (open.length > 0) {
      throw new ConflictError('erase-orders-open', { orders: open.join(', ') });
    }
    const vault = personalDataVault(this.dataSource);
    if (!vault) throw new Error('No personal-data key is configured.');
    const subjects: PersonSubject[] = [
      ...person.userIds.map((userId) => ({ kind: 'account' as const, userId })),
      ...person.phones.map((phone) => ({ kind: 'phone' as const, phone })),
    ];
    const keyIds = [...new Set(subjects.map((each) => vault.keyId(each)))];
    const orderIds = person.orders.map((order) => order.order_id);
    const result: ErasureResult = { orders: orderIds, accountsDeleted: 0, keysErased: 0, redactedEvents: 0, messageFilesRemoved: 0 };
    const streamId = erasureStreamId(randomUUID());
    const event: PersonalDataErased = {
      type: 'PersonalDataErased',
      data: { subject: subject.kind, keyIds, orderIds, reason, at: new Date().toISOString() },
    };
    let eventIds: string[] = [];
    await this.commands.handle(streamId, () => [event], metadata, async (manager) => {
      for (const keyId of keyIds) if (await vault.erase(manager, keyId)) result.keysErased += 1;
      const redaction = await redactClearEvents(manager, person, orderIds);
      result.redactedEvents = redaction.redacted;
      eventIds = redaction.eventIds;
      const [, deleted]: [unknown, number] = await manager.query(`DELETE FROM users WHERE id = ANY($1::uuid[]) AND role = 'customer'`, [person.userIds]);
      result.accountsDeleted = deleted;
      // Counters and codes that name the person's own numbers and address go with them. Only those: a number
      // merely typed on the account or in its orders is not proven theirs, and its code budget and limits guard
      // whoever does own it (ADR 057).
      const terms = [...person.phones, ...person.emails].map((term) => `%${term.toLowerCase()}%`);
      if (terms.length > 0) await manager.query(`DELETE FROM rate_limit_hits WHERE lower(key) LIKE ANY($1::text[])`, [terms]);
      await manager.query(`DELETE FROM phone_codes WHERE phone = ANY($1::text[])`, [person.phones]);
      result.messageFilesRemoved = await this.messages.forget(manager, {
        eventIds,
        emails: person.emails,
        terms: [...person.phones, ...person.emails, ...person.names, ...person.addresses],
      });
    });
    // The photos she attached to returns of these orders (issue 35: DATA_DIR/uploads/returns/<orderId>/) go too;
    // a request that named one then answers that it has none.
    for (const orderId of orderIds) {
      if (/^[A-Z0-9-]{1,40}$/.test(orderId)) await rm(join(this.config.uploadsDir, 'returns', orderId), { recursive: true, force: true });
    }
    // Every read model that copies personal fields is rewritten from the log, now without them.
    const personal = new Set(personalEventTypes());
    for (const projection of this.registry.list()) {
      if (!projection.eventTypes || projection.eventTypes.some((type) => personal.has(type))) await this.runner.rebuild(projection.name);
    }
    return result;
  }

  /** The person as the read models know them before the erasure: accounts, phones, e-mails, orders. */
  private async find(subject: PersonalDataSubject): Promise<Person> {
    return subject.kind === 'account' ? this.findAccount(subject.userId) : this.findPhone(subject.phone);
  }

  /**
   * What is an account's own (ADR 057): the orders placed while signed in to it, and the phone it proved with a
   * code, with the guest orders placed from that phone (sealed under its key). A phone only typed on the account,
   * or typed in one of its orders, is somebody's number but not proven to be this person's: its key, its orders,
   * its counters and its messages are left alone. Messages are found by the events of the person's own streams.
   */
  private async findAccount(userId: string): Promise<Person> {
    const [user]: Array<{ id: string; email: string; phone_number: string | null; proven: boolean; role: string }> = await this.dataSource.query(
      'SELECT id, email, phone_number, phone_verified_at IS NOT NULL AS proven, role FROM users WHERE id = $1::uuid',
      [userId],
    );
    if (!user) throw new NotFoundError('account-gone');
    if (user.role !== 'customer') throw new ForbiddenError('staff-not-erasable');
    const proven = user.proven && user.phone_number ? [user.phone_number] : [];
    // A number staff blocked keeps its key: the block, its note and the orders that led to it are the shop's
    // defence against that number, not the account's to lift by deleting itself (ADR 057). Care can still
    // erase the number itself, with a reason.
    const blocked: Array<{ phone: string }> = proven.length
      ? await this.dataSource.query('SELECT phone FROM phone_risk WHERE blocked AND phone = ANY($1::text[])', [proven])
      : [];
    const phones = proven.filter((phone) => !blocked.some((row) => row.phone === phone));
    const orders: Person['orders'] = await this.dataSource.query(
      `SELECT order_id, status, user_id, phone, shipping_phone FROM order_details
        WHERE user_id = $1 OR (user_id IS NULL AND phone = ANY($2::text[])) ORDER BY placed_at, order_id`,
      [user.id, phones],
    );
    return { userIds: [user.id], phones, emails: [user.email], names: [], addresses: [], orders };
  }

  /** Care erases a number: every order that names it, the accounts that placed them or prove it, and their placers' keys. */
  private async findPhone(phone: string): Promise<Person> {
    const person: Person = { userIds: [], phones: [phone], emails: [], names: [], addresses: [], orders: [] };
    person.orders = await this.dataSource.query(
      'SELECT order_id, status, user_id, phone, shipping_phone FROM order_details WHERE phone = $1 OR shipping_phone = $1 ORDER BY placed_at',
      [phone],
    );
    // An order is sealed under its placer's key (account, or contact phone): erasing the number erases them.
    for (const order of person.orders) {
      if (order.user_id) person.userIds.push(order.user_id);
      else person.phones.push(order.phone);
    }
    const accounts: Array<{ id: string; email: string; name: string }> = await this.dataSource.query(
      `SELECT id, email, name FROM users WHERE role = 'customer' AND ((phone_number = $1 AND phone_verified_at IS NOT NULL) OR id::text = ANY($2::text[]))`,
      [phone, person.userIds],
    );
    for (const account of accounts) {
      person.userIds.push(account.id);
      person.emails.push(account.email);
      person.names.push(account.name);
    }
    const details: Array<{ customer_name: string; email: string | null; address: string }> = person.orders.length
      ? await this.dataSource.query('SELECT customer_name, email, address FROM order_details WHERE order_id = ANY($1::text[])', [
          person.orders.map((order) => order.order_id),
        ])
      : [];
    for (const row of details) {
      person.names.push(row.customer_name);
      if (row.email) person.emails.push(row.email);
      person.addresses.push(row.address);
    }
    const unique = (values: string[]) => [...new Set(values.filter((value) => value && value !== ERASED))];
    return {
      userIds: unique(person.userIds),
      phones: unique(person.phones),
      emails: unique(person.emails),
      names: unique(person.names),
      addresses: unique(person.addresses),
      orders: person.orders,
    };
  }
}

/**
 * The one edit of the log (ADR 053), for legacy events only: an event of the person written before sealing
 * existed holds no box (`data._sealed`), so no key can shred it; its registered personal fields (data and
 * metadata note) become `[erased]` in place — amounts, lines, steps and times stay as they were, so every fold
 * still adds up. An event with a box is never touched: deleting its key erased it. The actor's name in metadata
 * is rewritten only where an event still carries the person's name there, which no event written since
 * customers act by id alone does.
 */
async function redactClearEvents(manager: EntityManager, person: Person, orderIds: string[]): Promise<{ redacted: number; eventIds: string[] }> {
  // `phone-<number>`: a phone's blocks recorded before they were sealed (issue 27).
  const phoneStreams = person.phones.map((phone) => `phone-${phone}`);
  const streams = [...orderIds.map((id) => `order-${id}`), ...person.userIds.map((id) => `user-${id}`), ...phoneStreams];
  const rows: Array<{ position: string; id: string; type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }> = await manager.query(
    `SELECT global_position::text AS position, event_id AS id, type, data, metadata FROM events
      WHERE stream_id = ANY($1::text[])
         OR (stream_id LIKE 'coupon-%' AND type IN ('CouponRedeemed', 'CouponRedemptionReleased') AND data->>'orderId' = ANY($2::text[]))`,
    [streams, orderIds],
  );
  const changes: Array<{ position: string; data: unknown; metadata: unknown }> = [];
  for (const row of rows) {
    if (row.data && typeof row.data === 'object' && '_sealed' in row.data) continue;
    let changed = false;
    const data = structuredClone(row.data);
    for (const path of personalFieldPaths(row.type)) if (redactPath(data, path)) changed = true;
    const metadata = structuredClone(row.metadata);
    for (const path of personalMetadataPaths(row.type)) if (redactPath(metadata, path)) changed = true;
    if (changed) changes.push({ position: row.position, data, metadata });
  }
  // Legacy events the person wrote carry their name in the metadata's actor, on every stream a request wrote
  // (stock, coupons, orders): replaced wherever they acted. A scan of the log, as erasures are rare.
  const [, renamed]: [unknown, number] = await manager.query(
    `UPDATE events SET metadata = jsonb_set(metadata, '{actor,name}', to_jsonb($2::text))
      WHERE metadata->'actor'->>'id' = ANY($1::text[]) AND metadata->'actor' ? 'name' AND metadata->'actor'->>'name' IS DISTINCT FROM $2`,
    [person.userIds, ERASED],
  );
  if (changes.length > 0) {
    await manager.query(
      `UPDATE events SET data = x.data, metadata = x.metadata
         FROM jsonb_to_recordset($1::jsonb) AS x(position bigint, data jsonb, metadata jsonb)
        WHERE events.global_position = x.position`,
      [JSON.stringify(changes)],
    );
  }
  // Their stream id names the number too: renamed to one nothing can be traced back from.
  await manager.query(`UPDATE events SET stream_id = 'phone-erased-' || md5(stream_id || $2) WHERE stream_id = ANY($1::text[])`, [phoneStreams, randomUUID()]);
  return { redacted: changes.length + renamed, eventIds: rows.map((row) => row.id) };
}

function redactPath(data: Record<string, unknown>, path: string): boolean {
  const parts = path.split('.');
  let current: Record<string, unknown> = data;
  for (const part of parts.slice(0, -1)) {
    if (typeof current[part] !== 'object' || current[part] === null) return false;
    current = current[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1];
  const value = current[last];
  if (value === undefined || value === null || value === ERASED) return false;
  current[last] = ERASED;
  return true;
}
