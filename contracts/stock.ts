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
  available: number;
  reserved: number;
  size: string;
}

export interface StockChangeResponse {
  success: boolean;
  message: string;
  data: StockLevel;
}
