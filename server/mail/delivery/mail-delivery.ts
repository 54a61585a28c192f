import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OutboxDelivery } from '../../outbox/delivery/outbox-delivery';
import { OutboxEnvelopes } from '../../outbox/envelopes';
import { MailComposer } from '../compose/mail-composer';
import { MAIL_CHANNEL } from '../mail-events';
import { MAIL_TRANSPORT, MailTransport, OutgoingMail } from '../transport/mail-transport';

/**
 * The mail channel's at-most-once delivery (server/outbox): composes with the MailComposer, sends through
 * SMTP or the `.eml` files, and drops a link's envelope once its mail is sent or skipped
 * (docs/decisions/020-mail-delivery.md).
 */
@Injectable()
export class MailDelivery extends OutboxDelivery<OutgoingMail> {
  constructor(
    dataSource: DataSource,
    composer: MailComposer,
    envelopes: OutboxEnvelopes,
    @Inject(MAIL_TRANSPORT) transport: MailTransport,
  ) {
    super(
      MAIL_CHANNEL,
      dataSource,
      {
        compose: async (event, reads) => {
          const composition = await composer.compose(event, reads);
          return 'skip' in composition ? composition : { message: composition.mail, recipient: composition.mail.to };
        },
        send: (mail, eventId) => transport.send(mail, eventId),
        finished: (manager, event) => envelopes.discard(manager, event),
      },
      new Logger('Mail'),
    );
  }
}
