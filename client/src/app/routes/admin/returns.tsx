import { ConsolePage } from '../../../features/console-kit/console-layout';
import { ReturnsList } from '../../../features/returns-console/components/returns-list';
import { t, useMessages } from '../../../lib/i18n/locale';
import { returnsMessages } from '../../../lib/i18n/messages/returns';

/** Care's returns and size exchanges (issue 35): decide, book the pick-up, receive, ship the new size, refund. */
export function ReturnsRoute() {
  useMessages(returnsMessages);
  return (
    <ConsolePage id="returns" title={t('ret.console.title')}>
      <ReturnsList showSteps />
    </ConsolePage>
  );
}
