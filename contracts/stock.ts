/** Stock answers of the console (GET /admin/stock, POST /admin/stock/receive|adjust). */

export interface StockRow {
  productId: number;
  name: string;
  slug: string;
  sku: string;
  size: string;
  available: number;
  reserved: number;
}

export interface StockLevel {
  productId: number;
  size: string;
  available: number;
  reserved: number;
  /** The SKU stream's version after the change. */
  version: number;
}

export interface StockChangeResponse {
  success: boolean;
  message: string;
  data: StockLevel;
}
