import { ValidationFailedError } from '../../common/errors/domain-error';
import { deciderSpec } from '../../../test/support/decider-spec';
import { payoutDecider, type CourierPayoutRecorded, type PayoutLine, type RecordPayout } from './payout.decider';
import { readStatement } from './statement-file';

const line = (consignmentId: string, collectedPaisa = 100_000): PayoutLine => ({ consignmentId, orderId: `O${consignmentId}`, collectedPaisa, deliveryChargePaisa: 6_000, codFeePaisa: 1_000 });
const header = { courier: 'steadfast', payoutId: '9001', paidAt: '2026-11-20T10:00:00.000Z', totalPaisa: 186_000, source: 'courier-api' as const };
const record = (...lines: PayoutLine[]): RecordPayout => ({ type: 'RecordPayout', data: { ...header, lines } });
const recorded = (...lines: PayoutLine[]): CourierPayoutRecorded => ({ type: 'CourierPayoutRecorded', data: { ...header, lines } });

describe('payout decider', () => {
  const spec = deciderSpec(payoutDecider);

  it('records a new payout with its parcels, each once even when the courier lists one twice', () => {
    spec.given().when(record(line('1'), line('2'), line('1'))).then(recorded(line('1'), line('2')));
  });

  it('records only the parcels a known payout did not hold; a replay records nothing', () => {
    spec.given(recorded(line('1'))).when(record(line('1'), line('3'))).then(recorded(line('3')));
    spec.given(recorded(line('1'), line('2'))).when(record(line('2'), line('1'))).then();
  });
});

describe('statement file', () => {
  it('reads the columns by their headers, quoted fields, thousands separators and Taka signs', () => {
    const rows = readStatement('\uFEFFInvoice,"Consignment ID",Delivery Fee,COD Amount,COD Charge\r\nA1,"123",60,"1,250.50",৳ 12.5\r\n\r\nB2,,120,Tk 900,\r\n');
    expect(rows).toEqual([
      { invoice: 'A1', consignmentId: '123', collectedPaisa: 125_050, deliveryChargePaisa: 6_000, codFeePaisa: 1_250 },
      { invoice: 'B2', consignmentId: undefined, collectedPaisa: 90_000, deliveryChargePaisa: 12_000, codFeePaisa: 0 },
    ]);
  });

  it.each([
    ['no parcel', 'consignment_id,collected', /header row and at least one parcel/],
    ['no id column', 'amount,collected\n1,2', /no consignment id or invoice column/],
    ['no collected column', 'invoice,charge\nA,1', /no collected amount column/],
    ['a line without an id', 'invoice,collected\n,100', /line 2: no consignment id or invoice/],
    ['a negative amount', 'invoice,collected\nA,-5', /line 2: the collected is not an amount/],
    ['an unclosed quote', 'invoice,collected\n"A,100', /line 2: a quoted field is not closed/],
  ])('refuses a file with %s as statement-invalid', (_name, content, reason) => {
    let caught: unknown;
    try {
      readStatement(content);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationFailedError);
    expect((caught as ValidationFailedError).issues).toEqual({ content: [{ code: 'statement-invalid', params: { reason: expect.stringMatching(reason) } }] });
  });
});
