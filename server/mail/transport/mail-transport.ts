import { Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { OutboxFolder, type OutboxFileRetention } from '../../outbox/outbox-files';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * `<delivery id@host>`, the same on every attempt: mailboxes drop a second message with a Message-ID they
   * already hold, so a send repeated after a crash is not read twice.
   */
  messageId: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  /** `deliveryId`: the event id, or a part's derived id (names the `.eml` file). */
  send(mail: OutgoingMail, deliveryId: string): Promise<void>;
  close(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** nodemailer over SMTP_URL. Time limits keep a hung server from holding a worker slot for long. */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp';
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    this.transporter = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      logger: false,
      debug: false,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(mail);
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * Without SMTP_URL: each mail becomes `<data>/mail/<time>-<delivery id>.eml`, and the log says where. The folder
 * keeps the newest files (OUTBOX_FILES_KEEP, OUTBOX_FILES_DAYS).
 */
export class FileMailTransport implements MailTransport {
  readonly kind = 'file';
  private readonly logger = new Logger('Mail');
  private readonly transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  private readonly outbox: OutboxFolder;

  constructor(folder: string, retention: OutboxFileRetention) {
    this.outbox = new OutboxFolder(folder, 'eml', retention, (error) => this.logger.warn(`rotating ${folder} failed: ${String(error)}`));
  }

  async send(mail: OutgoingMail, eventId: string): Promise<void> {
    const info = await this.transporter.sendMail(mail);
    const file = await this.outbox.write(eventId, info.message as Buffer);
    // The recipient stays out of the log (personal data); the file and the event id lead to it.
    this.logger.log(`Mail "${mail.subject}" for event ${eventId} written to ${file}`);
  }

  close(): void {
    this.transporter.close();
  }
}
