/**
 * The currencies a template may count its balances in: ISO 4217 codes as the runtime's ICU knows them, of
 * currencies whose amounts have two decimals, as every amount of the service does (minor units are
 * hundredths: a yen or a dinar would be shown and charged a hundred times wrong).
 */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(
  Intl.supportedValuesOf('currency').filter((code) => new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits === 2),
);

export const CURRENCY_RULE = 'must be the ISO 4217 code of a currency with two decimals, such as GBP or EUR';
