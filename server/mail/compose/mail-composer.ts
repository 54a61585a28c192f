import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { OutboxEnvelopes } from '../../outbox/envelopes';
import { emailVerificationMail, passwordResetMail, passwordResetNoticeMail, staffInvitationMail } from '../templates/account-mails';
import type { RenderedMail, StoreIdentity } from '../templates/layout';
import { luckyDrawWinnerMail } from '../templates/lucky-draw-mails';
import { OrderMailLine, orderLocale, orderPlacedMail, orderStatusMail, OrderSummary } from '../templates/order-mails';
import type { OutgoingMail } from '../transport/mail-transport';
import type { StoredEvent } from '../../outbox/delivery/outbox-delivery';
import type { OutboxReads } from '../../outbox/event-reads';

export type Composition = { mail: OutgoingMail } | { skip: string };

/**
 * Turns a mail-worthy event into the mail to send: recipient, subject, text and HTML with the store's
 * name. Reads what it needs from the log (an order's first event for its e-mail) and, for a link mail, the
 * token from its envelope. Nothing it produces is logged.
 */
@Injectable()
export class MailComposer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly envelopes: OutboxEnvelopes,
  ) {}

  async compose(event: StoredEvent, reads: OutboxReads): Promise<Composition> {
    const { manager } = reads;
    const settings = await reads.storeSettings();
    const data = event.data;
    const str = (value: unknown): string => (typeof value === 'string' ? value : '');
    const origin = this.allowedOrigin(str(data.linkOrigin));
    const store: StoreIdentity = { ...settings, origin };
    const from = `"${settings.name.replace(/["\\\r\n]/g, '')}" <${this.fromAddress(settings.email)}>`;
    const envelope = (to: string, rendered: RenderedMail): Composition => ({
      // The delivery id, the same on every attempt: a mailbox that gets the message twice keeps one.
      mail: { from, to, ...rendered, messageId: `<${event.deliveryId}@${hostOf(this.config.appOrigins[0])}>` },
    });

    switch (event.type) {
      case 'PasswordResetRequested':
      case 'EmailVerificationRequested': {
        const contents = await this.envelopes.open(manager, event.id);
        if (!contents) return { skip: 'the link expired before the mail could be sent' };
        const token = encodeURIComponent(contents.token);
        return event.type === 'PasswordResetRequested'
          ? envelope(str(data.email), passwordResetMail(store, str(data.name), `${origin}/forget-password-recover-email/${token}`))
          : envelope(str(data.email), emailVerificationMail(store, str(data.name), `${origin}/verify-email/${token}`, str(data.reason)));
      }
      case 'StaffInvitationSent':
      case 'StaffInvitationResent': {
        const contents = await this.envelopes.open(manager, event.id);
        if (!contents) return { skip: 'the invitation expired before the mail could be sent' };
        const link = `${origin}/admin/invitation/${encodeURIComponent(contents.token)}`;
        const invitedBy = str(data.invitedBy) || null;
        return envelope(
          str(data.email),
          staffInvitationMail(store, { name: str(data.name), role: str(data.role), link, expiresAt: new Date(str(data.expiresAt)), invitedBy }, data.locale === 'bn' ? 'bn' : 'en'),
        );
      }
      case 'PasswordResetCompleted':
        return envelope(str(data.email), passwordResetNoticeMail(store, str(data.name)));
      case 'OrderPlaced':
      case 'InstantOrderPlaced': {
        const summary = orderSummary(data);
        const to = customerEmail(data);
        return to ? envelope(to, orderPlacedMail(store, summary, orderLocale(data))) : { skip: 'the order has no e-mail' };
      }
      case 'DrawHeld': {
        const winners = Array.isArray(data.winners) ? (data.winners as Array<{ token: string; heldBy?: string; label: string; amountTaka: number }>) : [];
        const won = winners.find((candidate) => candidate.token === event.part);
        if (!won) return { skip: 'not a winner of this draw' };
        // The draw publishes entries (issue 27): the winner is told the token of theirs that the entry stands for.
        const token = won.heldBy ?? won.token;
        const placed = await reads.placedEvent(`order-${token.slice(0, token.lastIndexOf('-'))}`);
        const to = placed && customerEmail(placed);
        if (!placed || !to) return { skip: 'the winning order has no e-mail' };
        const customerName = orderSummary(placed).customerName;
        return envelope(to, luckyDrawWinnerMail(store, { customerName, offerName: await this.offerName(manager, event.streamId), token, label: won.label, amountTaka: won.amountTaka }));
      }
      default: {
        const placed = await reads.placedEvent(event.streamId);
        const to = placed && customerEmail(placed);
        if (!placed || !to) return { skip: 'the order has no e-mail' };
        const summary = orderSummary(placed);
        return envelope(
          to,
          orderStatusMail(store, event.type, summary, {
            reason: str(data.reason) || null,
            courier: str(data.courier) || null,
            trackingCode: str(data.trackingCode) || null,
          }, orderLocale(placed)),
        );
      }
    }
  }

  /** The origin recorded with the event, if it is still allowed; else the default one. */
  private allowedOrigin(recorded: string): string {
    return this.config.appOrigins.includes(recorded) ? recorded : this.config.appOrigins[0];
  }

  private fromAddress(settingsEmail: string): string {
    return /^[^\s@<>"]+@[^\s@<>"]+$/.test(settingsEmail) ? settingsEmail : `no-reply@${hostOf(this.config.appOrigins[0])}`;
  }

  private async offerName(manager: EntityManager, streamId: string): Promise<string> {
    const rows: Array<{ name: string }> = await manager.query(
      `SELECT data->>'name' AS name FROM events WHERE stream_id = $1 AND type IN ('OfferCreated', 'OfferChanged') ORDER BY stream_position DESC LIMIT 1`,
      [streamId],
    );
    return rows[0]?.name ?? 'the lucky draw';
  }
}

function hostOf(origin: string): string {
  return new URL(origin).hostname;
}

function customerEmail(data: Record<string, unknown>): string | null {
  const customer = data.customer as { email?: unknown } | undefined;
  return typeof customer?.email === 'string' && customer.email.includes('@') ? customer.email : null;
}

function orderSummary(data: Record<string, unknown>): OrderSummary {
  const customer = (data.customer ?? {}) as { name?: unknown };
  const lines = Array.isArray(data.lines) ? (data.lines as OrderMailLine[]) : [];
  const totals = data.totals as { grandTotalPaisa?: number } | undefined;
  const payment = data.payment as { amountPaisa?: number } | undefined;
  return {
    orderId: String(data.orderId ?? ''),
    customerName: typeof customer.name === 'string' ? customer.name : 'customer',
    lines,
    totalPaisa: totals?.grandTotalPaisa ?? payment?.amountPaisa ?? null,
  };
}
