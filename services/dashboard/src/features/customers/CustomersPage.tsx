/** Customers: the people the business's passes are for, by email, searched by name or email, page by page. */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { CustomerResponse } from '@passes/contracts';
import { problemOf, type ApiProblem } from '../../api/api-problem';
import { Link } from '../../router/Link';
import { useApi } from '../../session/SessionProvider';
import { DateTime } from '../../ui/DateTime';
import { formatQuantity } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { TextField } from '../../ui/TextField';

interface Listing {
  q: string;
  customers: CustomerResponse[];
  next: string | null;
}

export function CustomersPage() {
  const api = useApi();
  const [query, setQuery] = useState('');
  const [listing, setListing] = useState<Listing | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (q: string, after: Listing | null) => {
      setProblem(null);
      setLoading(true);
      try {
        const page = await api.customers.list({ q, ...(after?.next ? { cursor: after.next } : {}) });
        setListing({ q, customers: [...(after?.customers ?? []), ...page.data], next: page.next_cursor });
      } catch (failure) {
        setProblem(problemOf(failure));
      } finally {
        setLoading(false);
      }
    },
    [api],
  );

  useEffect(() => {
    void load('', null);
  }, [load]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    void load(query.trim(), null);
  };

  return (
    <>
      <PageHeader title="Customers" />
      <form className="form search" role="search" onSubmit={search} noValidate>
        <TextField label="Find a customer" type="search" value={query} onChange={setQuery} hint="The beginning of a name or an email." />
        <button type="submit" className="button primary" aria-disabled={loading || undefined}>
          {loading ? 'Searching…' : 'Search'}
        </button>
      </form>
      <ProblemNotice problem={problem} />
      {listing && (
        <section aria-labelledby="customers-heading">
          <h2 id="customers-heading">
            {listing.customers.length === 0 && !listing.next
              ? listing.q === ''
                ? 'No customers yet: passes with a customer email make them'
                : `No customer found for “${listing.q}”`
              : `${listing.customers.length}${listing.next ? '+' : ''} customer${listing.customers.length === 1 && !listing.next ? '' : 's'}${listing.q === '' ? '' : ` for “${listing.q}”`}`}
          </h2>
          <ul className="list" aria-label="Customers">
            {listing.customers.map((customer) => (
              <li key={customer.email} className="list-row customer-row" data-customer-email={customer.email}>
                <div>
                  <Link to={`/customers/${encodeURIComponent(customer.email)}`}>
                    <strong>{customer.name ?? customer.email}</strong>
                  </Link>
                  {customer.name && <span className="muted"> {customer.email}</span>}
                  <p className="muted">
                    {formatQuantity(customer.totals.passes, 'pass', 'passes')} · {formatQuantity(customer.totals.stamps, 'stamp', 'stamps')} ·{' '}
                    {formatQuantity(customer.totals.points, 'point', 'points')} · last seen <DateTime iso={customer.last_activity_at} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
          {listing.next && (
            <button type="button" className="button" aria-disabled={loading || undefined} onClick={() => void load(listing.q, listing)}>
              {loading ? 'Loading…' : 'Show more'}
            </button>
          )}
        </section>
      )}
    </>
  );
}
