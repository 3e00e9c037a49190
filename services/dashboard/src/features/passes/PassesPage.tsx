/**
 * Passes: every pass of the business, newest page by page, with whom each is for; a search by the
 * beginning of any word of a name, an email, an external id or a serial number, and a status filter. A
 * search that names one pass (an external id, a serial number) opens it. Issue one, or many from a CSV file.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { PassListItemResponse } from '@passes/contracts';
import { problemOf, type ApiProblem } from '../../api/api-problem';
import { Link } from '../../router/Link';
import { navigate } from '../../router/location';
import { useMay } from '../../session/RoleProvider';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { findPasses } from './find-passes';
import { passPath } from './pass-path';
import { PassList } from './PassList';

const STATUSES = [
  { value: '', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'checked_in', label: 'Checked in' },
  { value: 'redeemed', label: 'Redeemed' },
  { value: 'voided', label: 'Voided' },
] as const;
type StatusChoice = (typeof STATUSES)[number]['value'];

interface Listing {
  /** The search the list answers; empty for every pass. */
  q: string;
  passes: PassListItemResponse[];
  next: string | null;
}

export function PassesPage() {
  const api = useApi();
  const manages = useMay('manager');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusChoice>('');
  const [listing, setListing] = useState<Listing | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (q: string, statusFilter: StatusChoice, after: Listing | null) => {
      setProblem(null);
      setLoading(true);
      try {
        const page = await api.passes.list({ q, status: statusFilter, ...(after?.next ? { cursor: after.next } : {}) });
        const passes = [...(after?.passes ?? []), ...page.data];
        // A search that is a pass's serial number or external id opens that pass; anything else lists what it found.
        const [only] = passes;
        if (after === null && passes.length === 1 && only && page.next_cursor === null && namesPass(only, q)) {
          navigate(passPath(only.id));
          return;
        }
        if (after === null && q !== '' && passes.length === 0) {
          // Not a word of any pass: perhaps a pass's id, which `GET …/passes/{identifier}` knows.
          const found = await findPasses(api, q);
          const [byIdentifier] = found.passes;
          if (byIdentifier) {
            navigate(passPath(byIdentifier.id));
            return;
          }
        }
        setListing({ q, passes, next: page.next_cursor });
      } catch (failure) {
        setProblem(problemOf(failure));
      } finally {
        setLoading(false);
      }
    },
    [api],
  );

  useEffect(() => {
    void load('', '', null);
  }, [load]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    void load(query.trim(), status, null);
  };

  return (
    <>
      <PageHeader title="Passes">
        {manages && (
          <>
            <Link to="/passes/new" className="button primary">
              Issue a pass
            </Link>
            <Link to="/passes/bulk" className="button">
              Bulk issue from CSV
            </Link>
          </>
        )}
      </PageHeader>
      <form className="form search" role="search" onSubmit={search} noValidate>
        <TextField label="Find a pass" type="search" value={query} onChange={setQuery} hint="The beginning of a name, an email, your external id or a serial number." />
        <SelectField
          label="Status"
          value={status}
          choices={STATUSES}
          onChange={(choice) => {
            setStatus(choice);
            void load(query.trim(), choice, null);
          }}
        />
        <button type="submit" className="button primary" aria-disabled={loading || undefined}>
          {loading ? 'Searching…' : 'Search'}
        </button>
      </form>
      <ProblemNotice problem={problem} />
      {listing && (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading">{resultsHeading(listing)}</h2>
          <PassList passes={listing.passes} />
          {listing.next && (
            <button type="button" className="button" aria-disabled={loading || undefined} onClick={() => void load(listing.q, status, listing)}>
              {loading ? 'Loading…' : 'Show more'}
            </button>
          )}
        </section>
      )}
    </>
  );
}

function namesPass(pass: PassListItemResponse, q: string): boolean {
  const text = q.toLowerCase();
  return text !== '' && (pass.serial_number.toLowerCase() === text || pass.external_id?.toLowerCase() === text);
}

function resultsHeading({ q, passes, next }: Listing): string {
  const counted = `${passes.length}${next ? '+' : ''} pass${passes.length === 1 && !next ? '' : 'es'}`;
  if (q === '') return passes.length === 0 ? 'No passes yet' : `${counted}`;
  return passes.length === 0 && !next ? `No pass found for “${q}”` : `${counted} for “${q}”`;
}
