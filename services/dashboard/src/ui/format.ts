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
