/**
 * The root of every staff-console query key. Each console feature builds its own key factory on it
 * (care-orders-keys, stock-keys ...), so a logout or a new sign-in can drop all console data at once.
 */
export const consoleKeys = {
  all: ['admin'] as const,
};
