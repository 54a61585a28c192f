import { Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { writeOutboxFile } from '../../outbox/outbox-files';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Derived from the event id: a receiver that sees the same message twice can tell. */
  messageId: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(mail: OutgoingMail, eventId: string): Promise<void>;
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

/** Without SMTP_URL: each mail becomes `<data>/mail/<time>-<event id>.eml`, and the log says where. */
export class FileMailTransport implements MailTransport {
  readonly kind = 'file';
  private readonly logger = new Logger('Mail');
  private readonly transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(private readonly folder: string) {}

  async send(mail: OutgoingMail, eventId: string): Promise<void> {
    const info = await this.transporter.sendMail(mail);
    const file = await writeOutboxFile(this.folder, eventId, 'eml', info.message as Buffer);
    // The recipient stays out of the log (personal data); the file and the event id lead to it.
    this.logger.log(`Mail "${mail.subject}" for event ${eventId} written to ${file}`);
  }

  close(): void {
    this.transporter.close();
  }
}
