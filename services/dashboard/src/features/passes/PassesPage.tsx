/** Passes: find one by email, external id or serial number; issue one, or many from a CSV file. */
import { useState, type FormEvent } from 'react';
import { problemOf, type ApiProblem } from '../../api/api-problem';
import { Link } from '../../router/Link';
import { navigate } from '../../router/location';
import { useMay } from '../../session/RoleProvider';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { StatusBadge } from '../../ui/StatusBadge';
import { TextField } from '../../ui/TextField';
import { findPasses, type Found } from './find-passes';

export function PassesPage() {
  const api = useApi();
  const manages = useMay('manager');
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [searching, setSearching] = useState(false);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (query.trim() === '') {
      setError('enter an email, an external id or a serial number');
      return;
    }
    setError(null);
    setProblem(null);
    setSearching(true);
    try {
      const result = await findPasses(api, query);
      const only = result.passes[0];
      if (result.passes.length === 1 && only && !result.query.includes('@')) navigate(`/passes/${encodeURIComponent(only.id)}`);
      else setFound(result);
    } catch (failure) {
      setProblem(problemOf(failure));
    } finally {
      setSearching(false);
    }
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
      <form className="form search" role="search" onSubmit={(event) => void search(event)} noValidate>
        <TextField
          label="Find a pass"
          type="search"
          value={query}
          onChange={setQuery}
          hint="A customer's email, your external id, or the pass's serial number."
          error={error ?? undefined}
        />
        <button type="submit" className="button primary" aria-disabled={searching || undefined}>
          {searching ? 'Searching…' : 'Search'}
        </button>
      </form>
      <ProblemNotice problem={problem} />
      {found && (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading">
            {found.passes.length === 0 ? `No pass found for “${found.query}”` : `${found.passes.length} pass${found.passes.length === 1 ? '' : 'es'} for “${found.query}”`}
          </h2>
          <ul className="list">
            {found.passes.map((pass) => (
              <li key={pass.id} className="list-row">
                <Link to={`/passes/${encodeURIComponent(pass.id)}`} className="code">
                  {pass.serial_number}
                </Link>
                {pass.external_id && <span className="muted">{pass.external_id}</span>}
                <StatusBadge status={pass.status} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
