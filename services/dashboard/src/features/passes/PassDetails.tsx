/** What a pass holds now: its holder, identifiers, stamps, points and balance, and its barcode. */
import type { PassResponse } from '@passes/contracts';
import { Barcode } from '../../barcode/Barcode';
import { DateTime } from '../../ui/DateTime';
import { formatCount, formatMoney } from '../../ui/format';
import { StatusBadge } from '../../ui/StatusBadge';

export function PassDetails({ pass, currency }: { pass: PassResponse; currency: string | null }) {
  return (
    <section className="card pass-details" aria-labelledby="details-heading">
      <h2 id="details-heading">
        Now <StatusBadge status={pass.status} />
      </h2>
      <div className="pass-details-grid">
        <dl className="facts">
          <dt>Customer</dt>
          <dd>{pass.customer_name ?? <span className="muted">—</span>}</dd>
          <dt>Email</dt>
          <dd>{pass.customer_email ?? <span className="muted">—</span>}</dd>
          <dt>Stamps</dt>
          <dd data-testid="pass-stamps">{formatCount(pass.stamps)}</dd>
          <dt>Points</dt>
          <dd data-testid="pass-points">{formatCount(pass.points)}</dd>
          <dt>Balance</dt>
          <dd data-testid="pass-balance">{formatMoney(pass.balance, currency)}</dd>
          <dt>Serial number</dt>
          <dd className="code">{pass.serial_number}</dd>
          <dt>External id</dt>
          <dd className="code">{pass.external_id ?? <span className="muted">—</span>}</dd>
          <dt>Issued</dt>
          <dd>
            <DateTime iso={pass.created_at} />
          </dd>
          <dt>Last check-in</dt>
          <dd>
            <DateTime iso={pass.checked_in_at} />
          </dd>
        </dl>
        <div className="pass-barcode">
          <Barcode format={pass.barcode.format} message={pass.barcode.message} label={`Barcode of pass ${pass.serial_number}`} />
          <a href={pass.download_url} className="download" rel="noreferrer">
            The customer’s pass page
          </a>
        </div>
      </div>
    </section>
  );
}
