/**
 * Money as people type it into the dashboard's amount fields (charge, top-up, a starting balance): the
 * domain's money rule (at most two decimals, up to its maximum) with what people write around an amount:
 * spaces, the card's currency sign before it (`£5`), and a decimal comma (`1,20`) where no point is typed.
 * The result is integer minor units; anything else is refused in words, with the card's currency.
 */
import { parseMinorUnits } from '@passes/domain';
import { currencyName, currencySymbol } from '../ui/format';
import type { Parsed } from './form-values';

/** The signs an amount may start with; only the card's own when it has a currency. */
const SIGNS = ['£', '€', '$'];

/** An amount of zero or more, in minor units. */
export function typedMoney(raw: string, currency: string | null): Parsed<number> {
  const own = currencySymbol(currency);
  const signs = currency === null ? SIGNS : SIGNS.filter((sign) => sign === own);
  let text = raw.trim();
  const sign = signs.find((candidate) => text.startsWith(candidate));
  if (sign) text = text.slice(sign.length).trimStart();
  // With a point typed too, a comma would be a thousands separator, which the rule has no place for.
  if (!text.includes('.')) text = text.replace(',', '.');
  const minor = parseMinorUnits(text);
  return minor === null ? { ok: false, message: moneyHint(currency) } : { ok: true, value: minor };
}

/** An amount to charge or top up: more than zero, in minor units. */
export function positiveMoney(raw: string, currency: string | null): Parsed<number> {
  const parsed = typedMoney(raw, currency);
  return parsed.ok && parsed.value === 0 ? { ok: false, message: moneyHint(currency) } : parsed;
}

/** What a refused amount says: `Type the amount in British pounds, such as 5 or 1.20`. */
export function moneyHint(currency: string | null): string {
  const name = currencyName(currency);
  return `Type the amount${name ? ` in ${name}` : ''}, such as 5 or 1.20`;
}
