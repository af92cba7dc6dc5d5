import { setupI18n, type I18n } from '@lingui/core';
import { test } from '@playwright/test';
import * as format from '../../src/contracts/i18n/format';
import { countryName } from '../../src/domain/countries';
import { catalogLanguages, compileCatalog, readCatalog } from '../../src/server/i18n/catalogs';

/**
 * Journeys in every language (issue 12): a journey names what it looks for in English, through
 * `L('Create template')`, and gets the text of the language the test browser runs in (the
 * project's `locale`). `L` also proves the English text comes from a catalog: text no catalog
 * holds is an error, so a journey cannot look for a string the app hard-codes.
 *
 * English with values ("Template Acme created") is matched against the catalog's messages with
 * their placeholders ("Template {name} created"), and the values carry over. Messages with
 * plurals or alternatives, or English that reads the same for two keys translated differently,
 * need the key: `T('grants.list.count', { count: 3 })`.
 */

type Compiled = string | (string | unknown[])[];

interface Entry {
  key: string;
  /** The English message as a pattern; null when it has plurals or selects. */
  pattern: RegExp | null;
  names: string[];
}

const english = readCatalog('en');
const compiledEnglish = compileCatalog('en') as Record<string, Compiled>;
const instances = new Map<string, I18n>();

function instance(language: string): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({
      locale: language,
      messages: { [language]: compileCatalog(language) as never },
    });
    instances.set(language, i18n);
  }
  return i18n;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function entryOf(key: string, compiled: Compiled): Entry {
  if (typeof compiled === 'string')
    return { key, pattern: new RegExp(`^${escape(compiled)}$`), names: [] };
  const names: string[] = [];
  let source = '';
  for (const part of compiled) {
    if (typeof part === 'string') source += escape(part);
    else if (part.length === 1 || part[1] === 'number' || part[1] === 'date') {
      names.push(String(part[0]));
      source += '(.+?)';
    } else return { key, pattern: null, names: [] };
  }
  return { key, pattern: new RegExp(`^${source}$`, 's'), names };
}

const entries = Object.entries(compiledEnglish).map(([key, compiled]) => entryOf(key, compiled));

/** The language the test's browser runs in: the project's locale's language (`en`, `nl`). */
export function testLanguage(): string {
  const locale = test.info().project.use.locale ?? 'en';
  return locale.split('-')[0] ?? 'en';
}

/** The message `key` in the test's language (or `language`), with `values`. */
export function T(
  key: string,
  values?: Record<string, unknown>,
  language: string = testLanguage(),
): string {
  if (!(key in english)) throw new Error(`No catalog has the key "${key}"`);
  return instance(language)._(key, values);
}

/** `english` as the test's language writes it (see the module's comment). */
export function L(englishText: string): string {
  const matches: { key: string; values: Record<string, string> }[] = [];
  for (const entry of entries) {
    const match = entry.pattern?.exec(englishText);
    if (!match) continue;
    const values = Object.fromEntries(entry.names.map((name, i) => [name, match[i + 1]!]));
    matches.push({ key: entry.key, values });
  }
  if (matches.length === 0) throw new Error(`No catalog message reads "${englishText}"`);
  // The message with the most words of its own wins: an exact one over one with placeholders,
  // "Report {filename} uploaded" over a bare "{part}" that happens to match too.
  const literal = (m: (typeof matches)[number]) =>
    englishText.length - Object.values(m.values).reduce((sum, value) => sum + value.length, 0);
  const most = Math.max(...matches.map(literal));
  const candidates = matches.filter((m) => literal(m) === most);
  const texts = new Set(candidates.map((m) => T(m.key, m.values)));
  if (texts.size > 1) {
    throw new Error(
      `"${englishText}" is ambiguous in ${testLanguage()}: use T() with one of ${candidates.map((m) => m.key).join(', ')}`,
    );
  }
  return [...texts][0]!;
}

/** `L(english)` as an exact, or (`{ exact: false }`) a partial, case-insensitive pattern. */
export function LR(englishText: string, { exact = true }: { exact?: boolean } = {}): RegExp {
  const text = escape(L(englishText));
  return new RegExp(exact ? `^${text}$` : text, 'i');
}

/**
 * The message `key` in any language a catalog has (a mail subject, say, whose language follows
 * the recipient's or the request's language rather than the test browser's). A value given as a
 * RegExp stands for any text it matches: `{ inviter: /.+/ }`.
 */
export function inAnyLanguage(key: string, values: Record<string, unknown> = {}): RegExp {
  const patterns: string[] = [];
  const marked = Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (!(value instanceof RegExp)) return [name, value];
      patterns.push(value.source);
      return [name, `@@pattern${patterns.length - 1}@@`];
    }),
  );
  const texts = catalogLanguages().map((language) =>
    escape(T(key, marked, language)).replace(
      /@@pattern(\d+)@@/g,
      (_, index: string) => `(?:${patterns[Number(index)]})`,
    ),
  );
  return new RegExp(`^(?:${texts.join('|')})$`);
}

/** Text that starts with the message `key` in any language (a live region's name and its key hint). */
export function startingInAnyLanguage(key: string): RegExp {
  return new RegExp(inAnyLanguage(key).source.replace(/\$$/, ''));
}

/*
 * Figures as the app shows them in the test's language (the SPA's src/web/lib/format.ts with the
 * same shared functions): `count(18001)` is "18.001" in Dutch, `money('1.50')` "€ 1,50".
 */

/** A whole number: "18.001" (nl), "18,001" (en). */
export function count(value: number | string): string {
  return format.formatInteger(testLanguage(), value);
}

/** A decimal with at least `minFraction` decimals: "0,10" (nl). */
export function decimal(value: number | string, minFraction = 0): string {
  return format.formatDecimal(testLanguage(), value, { minFraction });
}

/** An amount in its currency, as the app writes money: "€ 1.400,00" (nl). */
export function money(amount: string, currency = 'EUR'): string {
  return format.formatMoney(testLanguage(), amount, currency, { maxFraction: 6 });
}

/** A calendar date: "1 mrt 2024" (medium), "1 maart 2024" (long). */
export function isoDate(iso: string, style?: format.DateStyle): string {
  return format.formatIsoDate(testLanguage(), iso, style);
}

/** A country's name: "Frankrijk" (nl) for "FR". */
export function country(code: string): string {
  return countryName(code, testLanguage());
}
