/** Phone-code calls are writes only; this key names their mutations for react-query devtools. */
export const phoneCodeKeys = {
  all: ['phone-codes'] as const,
};
