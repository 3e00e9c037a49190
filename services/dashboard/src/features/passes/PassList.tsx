/** Passes as a list: whom each is for, its serial number (a link to it), status, stamps and points. */
import type { PassListItemResponse } from '@passes/contracts';
import { Link } from '../../router/Link';
import { formatQuantity } from '../../ui/format';
import { StatusBadge } from '../../ui/StatusBadge';
import { passPath } from './pass-path';

export function PassList({ passes }: { passes: readonly PassListItemResponse[] }) {
  if (passes.length === 0) return null;
  return (
    <ul className="list" aria-label="Passes">
      {passes.map((pass) => (
        <li key={pass.id} className="list-row pass-row" data-pass-id={pass.id}>
          <div>
            <strong className="holder">{pass.customer_name ?? pass.customer_email ?? 'No name'}</strong>
            {pass.customer_name && pass.customer_email && <span className="muted"> {pass.customer_email}</span>}
            <p className="muted">
              <Link to={passPath(pass.id)} className="code">
                {pass.serial_number}
              </Link>
              {pass.external_id && ` · ${pass.external_id}`} · {formatQuantity(pass.stamps, 'stamp', 'stamps')} · {formatQuantity(pass.points, 'point', 'points')}
            </p>
          </div>
          <StatusBadge status={pass.status} />
        </li>
      ))}
    </ul>
  );
}
