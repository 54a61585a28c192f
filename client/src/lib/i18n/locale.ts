import { use } from 'react';
import { asciiDigits } from '../../../../contracts/phone';
import { en } from './en';
import type { MessageKey } from './keys';

/**
 * The storefront's language (issue 18): English (the specification's texts, bundled) or Bengali (its catalog
 * is a lazy chunk, downloaded only by a shopper who chooses it). The choice is kept in localStorage and sets
 * `<html lang>`. Components read the language through `t()` and the formatters below; the app remounts its
 * tree when the language changes (see LocaleRoot), so a plain function call is enough in a render.
 */
export type Locale = 'en' | 'bn';
export const LOCALES: readonly Locale[] = ['en', 'bn'];
export const LOCALE_STORAGE_KEY = 'tb-locale';
export const LOCALE_CHANGED_EVENT = 'tb-locale-changed';
/** The same choice as a cookie, so the server renders a returning shopper's first HTML in their language. */
export const LOCALE_COOKIE = 'tb-locale';

type Table = Record<string, string>;

let current: Locale = 'en';
/** Every English text known so far: the shell's, plus each namespace's as its page chunk is loaded. */
const enTable: Table = { ...en };
/** Bengali texts loaded so far (the shell's at the switch, a namespace's when its page first renders). */
const bnTable: Table = {};

/**
 * A page's own texts (issue 18): English is imported by the page's chunk, Bengali loads on first use. Keeping
 * them out of the shell holds the first download of either language under the 120 KB budget.
 */
export interface MessageNamespace {
  readonly en: Table;
  readonly loadBn: () => Promise<Table>;
}

const namespacesSeen = new Set<MessageNamespace>();
const bnLoads = new Map<MessageNamespace, Promise<void>>();

export function defineMessages<T extends Table>(english: T, loadBn: () => Promise<{ [K in keyof T]: string }>): MessageNamespace {
  Object.assign(enTable, english);
  return { en: english, loadBn };
}

function loadNamespace(namespace: MessageNamespace): Promise<void> {
  let load = bnLoads.get(namespace);
  if (!load && Object.keys(namespace.en).every((key) => key in bnTable)) {
    // Its Bengali came inlined with the server's first HTML: nothing to download, nothing to suspend on.
    load = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
    bnLoads.set(namespace, load);
  }
  if (!load) {
    load = namespace.loadBn().then((table) => {
      Object.assign(bnTable, table);
    });
    // Marked as React marks a thenable it has read: `use` then returns at once once it is loaded.
    const marked = load as Promise<void> & { status?: string; value?: void };
    marked.status = 'pending';
    void load.then(() => {
      marked.status = 'fulfilled';
      marked.value = undefined;
    }, () => undefined);
    load.catch(() => bnLoads.delete(namespace));
    bnLoads.set(namespace, load);
  }
  return load;
}

/** Call at the top of a component that uses a namespace's keys: in Bengali mode it suspends until loaded. */
export function useMessages(...namespaces: MessageNamespace[]): void {
  for (const namespace of namespaces) namespacesSeen.add(namespace);
  if (current !== 'bn') return;
  // \`use\` on every render, loaded or not: a component that suspended on its first render is replayed, and
  // React needs the same calls in the same order then (skipping it once loaded broke the replay).
  for (const namespace of namespaces) use(loadNamespace(namespace));
}

/** Loads namespaces ahead of use (a test, a prefetch); resolves at once in English. */
export async function preloadMessages(...namespaces: MessageNamespace[]): Promise<void> {
  if (current === 'bn') await Promise.all(namespaces.map(loadNamespace));
}

export function getLocale(): Locale {
  return current;
}

/**
 * The language to start in: `?lang=bn` / `?lang=en` in the address (a shared link, a measurement), kept for
 * later visits; else the one stored by an earlier visit; else English (also when storage is unavailable).
 */
export function storedLocale(): Locale {
  try {
    const asked = new URLSearchParams(window.location.search).get('lang');
    if (asked === 'bn' || asked === 'en') {
      window.localStorage.setItem(LOCALE_STORAGE_KEY, asked);
      rememberInCookie(asked);
      return asked;
    }
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY) === 'bn' ? 'bn' : 'en';
    rememberInCookie(stored);
    return stored;
  } catch {
    return 'en';
  }
}

/** The server's error codes in Bengali (contracts/): a chunk of its own, loaded with the first failed API answer. */
let bnErrorTable: Record<string, string> = {};
let bnErrorLoad: Promise<void> | null = null;

/** Resolves once the error texts of the current language can be shown (at once in English). */
export function loadErrorTexts(): Promise<void> {
  if (current !== 'bn') return Promise.resolve();
  bnErrorLoad ??= import('../../../../contracts/error-messages.bn').then(
    (m) => {
      bnErrorTable = m.BN_ERROR_MESSAGES;
    },
    () => {
      bnErrorLoad = null; // a failed download is tried again with the next error; English meanwhile
    },
  );
  return bnErrorLoad;
}

function rememberInCookie(locale: Locale): void {
  try {
    if (typeof document !== 'undefined') document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // A refused cookie costs a Bengali shopper an English first HTML, which the app then replaces.
  }
}

const loadBengali = () => import('./bn').then((m) => m.bn);
/** True once the shell's Bengali came with the page (the server's first HTML): no chunk to fetch for it. */
let shellPrimed = false;

/**
 * Texts the server sent with its first HTML (Bengali: the shell and the page's namespaces), made current at
 * once so the app hydrates in the language the HTML was rendered in, without a download or a suspension.
 */
export function primeLocale(locale: Locale, bengali: Table): void {
  if (locale === 'bn') {
    Object.assign(bnTable, bengali);
    shellPrimed = Object.keys(en).every((key) => key in bnTable);
  }
  current = locale;
}

/**
 * For the server's renderer (one render at a time): the language to render in, with every Bengali text loaded
 * beforehand (`tables`); the namespaces a render used are counted from here on.
 */
export function setServerRenderLocale(locale: Locale, tables: Table[]): void {
  for (const table of tables) Object.assign(bnTable, table);
  shellPrimed = true;
  namespacesSeen.clear();
  current = locale;
}

/** The Bengali texts the last render read (the shell's and those of the namespaces it used), to send along. */
export function bengaliTextsRendered(): Table {
  const texts: Table = {};
  for (const key of Object.keys(en)) if (bnTable[key] !== undefined) texts[key] = bnTable[key];
  for (const namespace of namespacesSeen) {
    for (const key of Object.keys(namespace.en)) if (bnTable[key] !== undefined) texts[key] = bnTable[key];
  }
  return texts;
}

/** Loads the catalog (Bengali: its lazy chunk), makes it current, stores the choice and sets `<html lang>`. */
export async function setLocale(locale: Locale, options: { remember?: boolean } = {}): Promise<void> {
  if (locale === 'bn') {
    if (!shellPrimed) Object.assign(bnTable, await loadBengali());
    // Namespaces already used in English are fetched now, so no page on screen suspends after the switch.
    await Promise.all([...namespacesSeen].map(loadNamespace));
  }
  current = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (options.remember !== false) {
    rememberInCookie(locale);
    try {
      window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // A disabled storage forgets the choice on the next visit; this visit keeps it.
    }
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(LOCALE_CHANGED_EVENT));
}

export type MessageParams = Record<string, string | number>;

/** The message in the current language; `{name}` placeholders filled, numbers in the language's digits. */
export function t(key: MessageKey, params?: MessageParams): string {
  const text = (current === 'bn' ? bnTable[key] : undefined) ?? enTable[key] ?? key;
  return fill(text, params);
}

function fill(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value) : value;
  });
}

/**
 * An API error as the shopper reads it: in English the server's own message (the specification's texts,
 * worded from the same code); in Bengali the catalog's wording of the `code` with its `params`. The English
 * message stands in for a code this client does not know yet, and for a wording whose values the answer did
 * not send (the server sends the values of the answer's own message only, not of every field's).
 */
export function errorText(english: string, code?: string, params?: MessageParams): string {
  if (current !== 'bn' || !code) return english;
  const text = bnErrorTable[code];
  if (text === undefined) return english;
  // Values the server sends as text may be numbers the shopper should read in Bengali digits.
  const local = params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]));
  const worded = fill(text, local);
  return /\{\w+\}/.test(worded) ? english : worded;
}

/** A message that may be missing (a server code this client does not know yet): the fallback then. */
export function tMaybe(key: string, fallback: string, params?: MessageParams): string {
  return key in enTable ? t(key as MessageKey, params) : fallback;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, fractionDigits?: number): Intl.NumberFormat {
  const id = `${locale}:${fractionDigits ?? ''}`;
  let format = numberFormats.get(id);
  if (!format) {
    // bn-BD: Bengali digits and the lakh/crore grouping of Bangladesh (১,২৫,০০০.০০).
    format = new Intl.NumberFormat(locale === 'bn' ? 'bn-BD' : 'en-US', {
      useGrouping: locale === 'bn',
      ...(fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
    });
    numberFormats.set(id, format);
  }
  return format;
}

/** A number as the shopper reads it: `12` in English, `১২` in Bengali (with Bangladeshi grouping). */
export function formatNumber(value: number, fractionDigits?: number, locale: Locale = current): string {
  if (locale === 'en') return fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
  return numberFormat(locale, fractionDigits).format(value);
}

/** Digits only (an order id, a code, a year) in the current language, without grouping. */
export function localDigits(text: string | number, locale: Locale = current): string {
  const value = String(text);
  if (locale === 'en') return value;
  return value.replace(/[0-9]/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
}

/** A date (and time) in Asia/Dhaka in the current language; English keeps the en-GB forms the pages used. */
export function formatDate(date: Date, options: Intl.DateTimeFormatOptions, locale: Locale = current): string {
  return date.toLocaleString(locale === 'bn' ? 'bn-BD' : 'en-GB', { timeZone: 'Asia/Dhaka', ...options });
}

/** What a shopper typed into a number box, Bengali digits read as ASCII. */
export { asciiDigits };
