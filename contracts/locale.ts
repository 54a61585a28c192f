/**
 * The languages the store speaks to a shopper: English and Bengali. A checkout may say which one the shopper
 * used (`locale`, absent = English); the order keeps it, and its SMS (and mails) use it.
 */
export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function localeOf(value: unknown): Locale {
  return value === 'bn' ? 'bn' : DEFAULT_LOCALE;
}
