/** English texts of the payouts console (issue 29, the cash coming back) and the dashboard's payout tiles. Bengali in payouts.bn.ts. */
export const payoutsEn = {
  'payouts.title': 'Payouts',
  'payouts.loading': 'Loading the payouts…',
  'payouts.what': 'Payouts',
  'payouts.reconciliationWhat': 'Reconciliation',

  // couriers, by their code
  'payouts.courier.steadfast': 'Steadfast',
  'payouts.courier.pathao': 'Pathao',
  'payouts.courier.redx': 'RedX',
  'payouts.courier.demo': 'Demo courier',
  'payouts.courier.manual': 'Manual courier',

  // the summary
  'payouts.cashHeld': 'Cash held by couriers',
  'payouts.cashHeldLine': '{amount} · parcels: {parcels}',
  'payouts.paidOut': 'Paid out this month',
  'payouts.paidOutLine': '{amount} · payouts: {payouts}',
  'payouts.returnRate': 'Return rate',
  'payouts.returnRateLine': '{rate} · returned {returned} of {finished}',
  'payouts.total': 'Total',
  'payouts.noneHeld': 'No courier holds cash for the shop.',
  'payouts.nonePaid': 'No payout this month yet.',
  'payouts.noneFinished': 'No parcel has reached its end yet.',

  // mismatches
  'payouts.mismatches': 'Mismatches',
  'payouts.noMismatch': 'Every paid parcel matches its amount due.',
  'payouts.order': 'Order',
  'payouts.orderLink': 'Order {id}',
  'payouts.unknownParcel': 'Unknown parcel {id}',
  'payouts.courierColumn': 'Courier',
  'payouts.due': 'Due',
  'payouts.collected': 'Collected',
  'payouts.difference': 'Difference',
  'payouts.payoutColumn': 'Payout',

  // delivered but unpaid
  'payouts.unpaid': 'Delivered but unpaid after {days} days',
  'payouts.noUnpaid': 'No delivered parcel waits longer than that for its payout.',
  'payouts.consignment': 'Consignment',
  'payouts.days': 'Days since delivery',

  // the payouts list
  'payouts.list': 'Payouts received',
  'payouts.noPayouts': 'No payout recorded yet: fetch them or import a statement.',
  'payouts.payoutId': 'Payout id',
  'payouts.paidAt': 'Paid at',
  'payouts.payoutTotal': 'Total',
  'payouts.net': 'Net',
  'payouts.parcels': 'Parcels',
  'payouts.source.courier-api': 'from the courier',
  'payouts.source.webhook': 'by webhook',
  'payouts.source.statement': 'statement file',

  // fetch
  'payouts.actions': 'Bring payouts in',
  'payouts.fetch': 'Fetch payouts now',
  'payouts.fetching': 'Fetching…',
  'payouts.fetched': 'Payouts fetched: {payouts}. Parcels recorded: {recorded}; not matched to an order: {unmatched}.',
  'payouts.fetchedNothing': 'No courier that lists payouts is set up: nothing was fetched.',

  // import
  'payouts.import': 'Import a statement',
  'payouts.importIntro': 'A CSV file from the courier: a header row with a consignment id or invoice column and a collected column, then one parcel a line.',
  'payouts.importCourier': 'Courier',
  'payouts.importFile': 'Statement file (CSV)',
  'payouts.importNumber': 'Statement number (optional)',
  'payouts.importButton': 'Import',
  'payouts.importing': 'Importing…',
  'payouts.imported': 'Statement imported. Parcels recorded: {recorded} of {lines}; not matched to an order: {unmatched}.',
  'payouts.importedNothing': 'This statement was already imported: nothing new was recorded.',
  'payouts.fileMissing': 'Choose the statement file.',
  'payouts.fileTooLarge': 'The file is larger than {kb} KB: split it into smaller statements.',
  'payouts.fileUnreadable': 'The file could not be read in the browser.',

  // the dashboard's tiles
  'payouts.tiles': 'Courier cash',
  'payouts.tilesLoading': 'Loading courier cash…',

  // the daily payments reconciliation (issue 34, admins)
  'payouts.payments.title': 'bKash payments against orders',
  'payouts.payments.notYet': 'No daily reconciliation yet: the worker runs it after each day ends.',
  'payouts.payments.ran': 'Day {day}, checked {at}: {payments} completed payments, {orders} paid orders.',
  'payouts.payments.none': 'Every payment has its order and every paid order its payment.',
  'payouts.payments.kind': 'Finding',
  'payouts.payments.withoutOrder': 'Payment with no order',
  'payouts.payments.withoutPayment': 'Marked paid, no payment',
  'payouts.payments.amountDiffers': 'Amounts differ',
  'payouts.payments.trx': 'Transaction',
  'payouts.payments.recorded': 'Recorded',
  'payouts.payments.expected': 'Expected',
  'payouts.payments.detail': 'Why',
} as const;
