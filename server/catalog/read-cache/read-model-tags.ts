/** Tags of the read models cached answers are built from; a projection's tag is its name. */
export const CATALOG_READ_MODEL = 'catalog';
export const STOCK_READ_MODEL = 'sku-stock';
