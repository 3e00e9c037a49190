/** Numbers as people read them. */

export function formatMoney(amount: number | null, currency: string | null = null): string {
  if (amount === null) return '—';
  if (currency) {
    try {
      return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
    } catch {
      // An unknown code: plain number below.
    }
  }
  return amount.toFixed(2);
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat().format(value);
}

/** A count with its noun, one or many: `1 stamp`, `2 stamps`, `1,000 points`. */
export function formatQuantity(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/** A currency's name as an amount of it is said: `British pounds`, `euros`; null without a code Intl knows. */
export function currencyName(currency: string | null): string | null {
  return currencyPart(currency, 'name');
}

/** The sign written before an amount of the currency: `£`, `€`, `$`; null without a code Intl knows. */
export function currencySymbol(currency: string | null): string | null {
  return currencyPart(currency, 'narrowSymbol');
}

function currencyPart(currency: string | null, display: 'name' | 'narrowSymbol'): string | null {
  if (!currency) return null;
  try {
    // English, as the dashboard's words are; 5 for the plural name.
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: display }).formatToParts(5);
    return parts.find((part) => part.type === 'currency')?.value ?? null;
  } catch {
    return null;
  }
}
