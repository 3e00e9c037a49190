/**
 * The answer to a scan: valid or not and why, the pass's status, stamps and points; then check-in or a
 * stamp in one tap. Each tap carries its own Idempotency-Key, so a double tap counts once. A pass looked
 * up by a typed serial number is shown as found, not valid, with its holder's name for staff to check.
 */
import { useEffect, useRef, useState } from 'react';
import type { PassResponse, ScanResponse } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { Link } from '../../router/Link';
import { useApi } from '../../session/SessionProvider';
import { formatCount, formatMoney } from '../../ui/format';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { StatusBadge } from '../../ui/StatusBadge';
import { passPath } from '../passes/pass-path';
import { scanReason } from './scan-reasons';
import { usePassCurrency } from './use-pass-currency';

interface ScanResultCardProps {
  code: string;
  result: ScanResponse;
  /** The pass behind a typed serial number the scan refused only for its missing signature. */
  lookedUp: PassResponse | null;
  onResult: (result: ScanResponse) => void;
  onNext: () => void;
}

export function ScanResultCard({ code, result, lookedUp, onResult, onNext }: ScanResultCardProps) {
  const api = useApi();
  const submission = useSubmission();
  const [done, setDone] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The answer is what the person at the counter needs next: focus (and a screen reader) goes there.
  useEffect(() => headingRef.current?.focus(), []);
  const { pass } = result;
  const currency = usePassCurrency(pass?.id ?? null, pass?.balance !== null && pass?.balance !== undefined);
  const found = lookedUp !== null;
  const usable = (result.valid || found) && pass !== null && (pass.status === 'active' || pass.status === 'checked_in');
  const withPass = (answer: PassResponse): ScanResponse => ({
    ...result,
    pass: { id: answer.id, serial_number: answer.serial_number, customer_name: answer.customer_name, status: answer.status, stamps: answer.stamps, points: answer.points, balance: answer.balance },
  });

  const checkIn = async () => {
    if (found && pass) {
      // A code without its signature would be refused again: check the looked-up pass in by the action.
      const answer = await submission.run(`checkin ${pass.id}`, (key) => api.passes.act(pass.id, { action: 'checkin' }, key));
      if (answer) {
        onResult(withPass(answer));
        setDone('Checked in.');
      }
      return;
    }
    const answer = await submission.run(`checkin ${code}`, (key) => api.passes.scan(code, 'checkin', key));
    if (answer) {
      onResult(answer);
      setDone(answer.checked_in ? 'Checked in.' : 'Not checked in.');
    }
  };
  const stamp = async () => {
    if (!pass) return;
    const answer = await submission.run(`stamp ${pass.id}`, (key) => api.passes.act(pass.id, { action: 'stamp', count: 1 }, key));
    if (answer) {
      onResult(withPass(answer));
      setDone('Stamp added.');
    }
  };

  return (
    <section className={`card scan-result ${result.valid ? 'valid' : found ? 'found' : 'invalid'}`} aria-labelledby="scan-result-heading" data-testid="scan-result">
      <h2 id="scan-result-heading" ref={headingRef} tabIndex={-1}>
        {result.valid ? 'Valid pass' : found ? 'Pass found by its serial number' : 'Not valid'}
      </h2>
      {found ? (
        <p className="reason">A typed serial number carries no signature, so it proves nothing by itself: check that the customer holds this pass before you check it in or stamp it.</p>
      ) : (
        scanReason(result.reason) && <p className="reason">{scanReason(result.reason)}</p>
      )}
      {result.checked_in && !done && <p>This scan checked the pass in (the template stamps on scan).</p>}
      {pass && (
        <dl className="facts">
          <dt>Holder</dt>
          <dd data-testid="scan-holder">{lookedUp ? (lookedUp.customer_name ?? lookedUp.customer_email ?? 'No name on this pass') : (pass.customer_name ?? 'No name on this pass')}</dd>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={pass.status} />
          </dd>
          <dt>Stamps</dt>
          <dd data-testid="scan-stamps">{formatCount(pass.stamps)}</dd>
          <dt>Points</dt>
          <dd>{formatCount(pass.points)}</dd>
          <dt>Balance</dt>
          <dd>{formatMoney(pass.balance, currency)}</dd>
          <dt>Serial number</dt>
          <dd className="code">{pass.serial_number}</dd>
        </dl>
      )}
      {done && (
        <p className="notice success" role="status">
          {done}
        </p>
      )}
      <ProblemNotice problem={submission.problem} />
      <div className="action-buttons">
        {usable && (
          <>
            <button type="button" className="button primary big" aria-disabled={submission.pending || undefined} onClick={() => void checkIn()}>
              Check in
            </button>
            <button type="button" className="button primary big" aria-disabled={submission.pending || undefined} onClick={() => void stamp()}>
              Add a stamp
            </button>
          </>
        )}
        {pass && (
          <Link to={passPath(pass.id)} className="button">
            Open the pass
          </Link>
        )}
        <button type="button" className="button" onClick={onNext}>
          Scan the next pass
        </button>
      </div>
    </section>
  );
}
