import { Logger } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { PersonalDataAccount, PersonalDataExport, PersonalDataOrder, PersonalDataPhoneRecord } from '../../../contracts/privacy';
import { paisaToTaka } from '../../common/money';
import { ProjectionRunner } from '../../event-store/projection-runner';
import { PHONE_RISK_PROJECTION } from '../../ordering/published';

/**
 * How long an export waits for the phone records to hold what was logged before it was asked (a batch or two
 * normally). Past it the export is answered with the records as they are, and the wait is logged.
 */
const PHONE_RECORDS_WAIT_MS = 5_000;

export type PersonalDataSubject = { kind: 'account'; userId: string } | { kind: 'phone'; phone: string };

/** Everything the store holds about one person (issue 21), read from the read models and the account's stream. */
export class GetPersonalDataQuery extends Query<PersonalDataExport> {
  constructor(readonly subject: PersonalDataSubject) {
    super();
  }
}

/**
 * An account's export: the account, its history, the orders placed while signed in to it and the records of
 * the phones those orders and the profile use. A phone's export (care): the accounts with that number, every
 * order with it as contact or shipping phone, and its record. Orders a person placed as a guest under another
 * number are not theirs to download from the account; care exports them by that number.
 *
 * Accounts and orders are written with their events; the phone records are a projection, so the export first
 * waits for it to reach the log as it was when asked: an order placed a moment before is in both.
 */
@QueryHandler(GetPersonalDataQuery)
export class GetPersonalDataHandler implements IQueryHandler<GetPersonalDataQuery> {
  private readonly logger = new Logger('PersonalData');

  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: ProjectionRunner,
  ) {}

  async execute({ subject }: GetPersonalDataQuery): Promise<PersonalDataExport> {
    await this.projections
      .waitUntilCaughtUp(PHONE_RECORDS_WAIT_MS, [PHONE_RISK_PROJECTION])
      .catch((error: Error) => this.logger.warn(`export answered with phone records that may trail the log: ${error.message}`));
    // A phone counts for a person only once a code proved it (ADR 057): an account's typed, unproven number
    // leads to no orders and no phone record, and care's export by number finds only the account that proved it.
    const accounts: Array<PersonalDataAccount & { created: Date; verified: Date | null }> = await this.dataSource.query(
      `SELECT id, name, email, phone_number, phone_verified_at IS NOT NULL AS phone_verified, role, email_verified_at AS verified, created_at AS created,
              delivery_area_id, delivery_address, delivery_landmark FROM users
        WHERE ${subject.kind === 'account' ? 'id = $1::uuid' : 'phone_number = $1 AND phone_verified_at IS NOT NULL'} ORDER BY created_at`,
      [subject.kind === 'account' ? subject.userId : subject.phone],
    );
    const provenPhones = accounts.flatMap((account) => (account.phone_verified && account.phone_number ? [account.phone_number] : []));
    const history: Array<{ event: string; at: Date }> = accounts.length
      ? await this.dataSource.query(
          `SELECT type AS event, recorded_at AS at FROM events WHERE stream_id = ANY($1::text[]) ORDER BY global_position`,
          [accounts.map((account) => `user-${account.id}`)],
        )
      : [];
    const orderRows: Array<OrderRow> = await this.dataSource.query(
      `SELECT d.order_id, d.placed_at, d.status, d.customer_name, d.email, d.phone, d.shipping_phone, d.address, d.district, d.thana, d.landmark, d.payment_method,
              d.bkash_number, d.grand_total_paisa, d.amount_paisa, d.lucky_draw_tokens,
              coalesce((SELECT json_agg(json_build_object('name', l.name, 'size', l.size, 'qty', l.quantity, 'price', l.unit_price_paisa) ORDER BY l.line_no)
                          FROM order_lines l WHERE l.order_id = d.order_id), '[]') AS lines
         FROM order_details d
        WHERE ${subject.kind === 'account' ? '(d.user_id = $1 OR (d.user_id IS NULL AND d.phone = ANY($2::text[])))' : '(d.phone = $1 OR d.shipping_phone = $1)'}
        ORDER BY d.placed_at, d.order_id`,
      subject.kind === 'account' ? [subject.userId, provenPhones] : [subject.phone],
    );
    // Phone records (counts, a block and its note) only of the number asked about or the account's proven one:
    // a number merely typed in an order may be anybody's.
    const phones = new Set<string>(subject.kind === 'phone' ? [subject.phone] : provenPhones);
    const records: PersonalDataPhoneRecord[] = await this.dataSource.query(
      `SELECT phone, placed, delivered, returned, cancelled, expired, blocked, block_reason FROM phone_risk WHERE phone = ANY($1::text[]) ORDER BY phone`,
      [[...phones]],
    );
    return {
      generated_at: new Date().toISOString(),
      subject: subject.kind === 'account' ? { kind: 'account', user_id: subject.userId } : { kind: 'phone', phone: subject.phone },
      accounts: accounts.map(({ created, verified, ...account }) => ({
        ...account,
        email_verified_at: verified ? verified.toISOString() : null,
        created_at: created.toISOString(),
      })),
      account_history: history.map((row) => ({ event: row.event, at: row.at.toISOString() })),
      orders: orderRows.map(toOrder),
      phone_records: records,
    } satisfies PersonalDataExport;
  }
}

type OrderRow = Omit<PersonalDataOrder, 'placed_at' | 'items' | 'grand_total'> & {
  placed_at: Date;
  grand_total_paisa: number | null;
  amount_paisa: number | null;
  lines: Array<{ name: string; size: string; qty: number; price: number }>;
};

function toOrder(row: OrderRow): PersonalDataOrder {
  const total = row.grand_total_paisa ?? row.amount_paisa;
  return {
    order_id: row.order_id,
    placed_at: row.placed_at.toISOString(),
    status: row.status,
    customer_name: row.customer_name,
    email: row.email,
    phone: row.phone,
    shipping_phone: row.shipping_phone,
    address: row.address,
    district: row.district,
    thana: row.thana,
    landmark: row.landmark,
    payment_method: row.payment_method,
    bkash_number: row.bkash_number,
    items: row.lines.map((line) => ({ ...line, price: paisaToTaka(line.price) })),
    grand_total: total === null ? null : paisaToTaka(total),
    lucky_draw_tokens: row.lucky_draw_tokens,
  };
}
