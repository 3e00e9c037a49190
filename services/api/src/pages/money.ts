/** Money on the pages as the dashboard shows it: one format, with the currency's symbol where the pass has one. */
export function formatMoney(amount: number, currency: string | null): string {
  if (currency !== null) {
    try {
      return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
    } catch {
      // A code Intl does not know: the plain amount below.
    }
  }
  return amount.toFixed(2);
}
