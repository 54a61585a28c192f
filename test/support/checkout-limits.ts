/**
 * The per-address and per-phone checkout limits turned off (0). Most suites place many orders from one
 * address and phone; the suites of those limits turn them back on (issues 14 and 27). Unit caps stay on everywhere.
 */
export const CHECKOUT_LIMITS_OFF = { CHECKOUT_LIMIT_PER_IP_HOUR: '0', CHECKOUT_UNITS_PER_IP_HOUR: '0', COD_OPEN_ORDERS_PER_PHONE: '0' };
