import { ValidationFailedError } from '../../common/errors/domain-error';

/** One row of a courier's statement file: the parcel (by consignment id or invoice) and its money, in paisa. */
export interface StatementRow {
  consignmentId?: string;
  invoice?: string;
  collectedPaisa: number;
  deliveryChargePaisa: number;
  codFeePaisa: number;
}

/** Header names the couriers' statement exports use for each column (compared lower case, letters and digits only). */
const COLUMNS: Record<keyof StatementRow, string[]> = {
  consignmentId: ['consignmentid', 'consignment', 'cid', 'trackingid', 'trackingnumber', 'parcelid'],
  invoice: ['invoice', 'invoiceid', 'merchantorderid', 'merchantinvoiceid', 'orderid'],
  collectedPaisa: ['collected', 'collectedamount', 'codamount', 'cashcollection', 'cashcollectionamount', 'amountcollected', 'cod'],
  deliveryChargePaisa: ['deliverycharge', 'deliveryfee', 'charge', 'shippingcharge'],
  codFeePaisa: ['codfee', 'codcharge', 'cashhandlingfee', 'codcommission'],
};

export const STATEMENT_MAX_ROWS = 2_000;

const refuse = (reason: string) => ValidationFailedError.field('content', 'statement-invalid', { reason: reason.slice(0, 200) });

/** The fields of one CSV line (commas, double quotes around fields with commas or quotes, "" for a quote). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === ',') {
      fields.push(field.trim());
      field = '';
    } else field += char;
  }
  if (quoted) throw new Error('a quoted field is not closed');
  fields.push(field.trim());
  return fields;
}

/** A money figure as statements write it ("1,250.00", "৳ 60", empty for none) in paisa; NaN when it is not one. */
function paisaOf(text: string | undefined): number {
  const cleaned = (text ?? '').replace(/[৳,\s]|tk\.?|bdt/gi, '');
  if (cleaned === '') return 0;
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return NaN;
  return Math.round(Number(cleaned) * 100);
}

/**
 * Reads a courier's statement file (CSV with a header row): a consignment id or invoice column, the cash
 * collected, and, when the file has them, the delivery charge and the COD fee. A file that cannot be read is a
 * 422 `statement-invalid` naming the line and the reason; nothing of it is recorded.
 */
export function readStatement(content: string): StatementRow[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/).map((line, index) => ({ line, number: index + 1 })).filter(({ line }) => line.trim() !== '');
  if (lines.length < 2) throw refuse('the file needs a header row and at least one parcel');
  if (lines.length - 1 > STATEMENT_MAX_ROWS) throw refuse(`at most ${STATEMENT_MAX_ROWS} parcels per file`);
  let header: string[];
  try {
    header = csvFields(lines[0].line).map((name) => name.toLowerCase().replace(/[^a-z0-9]/g, ''));
  } catch (error) {
    throw refuse(`line 1: ${(error as Error).message}`);
  }
  const column = (key: keyof StatementRow) => header.findIndex((name) => COLUMNS[key].includes(name));
  const at = { consignmentId: column('consignmentId'), invoice: column('invoice'), collected: column('collectedPaisa'), charge: column('deliveryChargePaisa'), fee: column('codFeePaisa') };
  if (at.consignmentId < 0 && at.invoice < 0) throw refuse('no consignment id or invoice column in the header');
  if (at.collected < 0) throw refuse('no collected amount column in the header');

  return lines.slice(1).map(({ line, number }) => {
    let fields: string[];
    try {
      fields = csvFields(line);
    } catch (error) {
      throw refuse(`line ${number}: ${(error as Error).message}`);
    }
    const text = (index: number) => (index >= 0 ? fields[index]?.trim() || undefined : undefined);
    const consignmentId = text(at.consignmentId);
    const invoice = text(at.invoice);
    if (!consignmentId && !invoice) throw refuse(`line ${number}: no consignment id or invoice`);
    if ((consignmentId && consignmentId.length > 60) || (invoice && invoice.length > 60)) throw refuse(`line ${number}: an id longer than 60 characters`);
    const row: StatementRow = {
      consignmentId,
      invoice,
      collectedPaisa: paisaOf(text(at.collected)),
      deliveryChargePaisa: paisaOf(text(at.charge)),
      codFeePaisa: paisaOf(text(at.fee)),
    };
    for (const [name, value] of [['collected', row.collectedPaisa], ['delivery charge', row.deliveryChargePaisa], ['COD fee', row.codFeePaisa]] as const) {
      if (!Number.isFinite(value) || value < 0) throw refuse(`line ${number}: the ${name} is not an amount`);
    }
    return row;
  });
}
