/**
 * Everything that can be done to a pass, as its status allows: stamp, points, charge, top-up, check-in,
 * redeem, void, reactivate. One runs at a time; each sends its own Idempotency-Key, so a double click
 * never stamps twice. The answer (the whole updated pass) replaces the one shown.
 */
import { useState } from 'react';
import type { PassResponse } from '@passes/contracts';
import { MAX_STAMPS_PER_ADD, minorUnitsToNumber } from '@passes/domain';
import type { PassAction } from '../../api/endpoints/passes';
import { useSubmission } from '../../hooks/use-submission';
import { useMay } from '../../session/RoleProvider';
import { useApi } from '../../session/SessionProvider';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { formatMoney, formatQuantity } from '../../ui/format';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { positiveMoney } from '../../validation/money-input';
import { pointsDelta, stampCount } from '../../validation/pass-action-inputs';
import { allows, type Move } from './pass-moves';
import { QuantityAction } from './QuantityAction';

export function PassActions({ pass, currency, onChanged }: { pass: PassResponse; currency: string | null; onChanged: (pass: PassResponse) => void }) {
  const api = useApi();
  const submission = useSubmission();
  const [last, setLast] = useState<Move | null>(null);
  const [done, setDone] = useState<string | null>(null);

  /** Resolves to whether it was done. */
  const perform = async (move: Move, call: (key: string) => Promise<PassResponse>, intent: string, success: string): Promise<boolean> => {
    setLast(move);
    setDone(null);
    const changed = await submission.run(`${pass.id} ${intent}`, call);
    if (!changed) return false;
    onChanged(changed);
    setDone(success);
    return true;
  };
  const act = (action: PassAction, success: string) =>
    perform(action.action, (key) => api.passes.act(pass.id, action, key), JSON.stringify(action), success);
  const problemOf = (move: Move) => (last === move ? submission.problem : null);
  const { status } = pass;
  // Voiding and reactivating are a manager's: staff serve the pass as it is.
  const manages = useMay('manager');

  return (
    <section className="card actions" aria-labelledby="actions-heading">
      <h2 id="actions-heading">Actions</h2>
      <p className="action-status" role="status">
        {submission.pending ? 'Working…' : (done ?? '')}
      </p>
      <div className="action-buttons">
        {allows(status, 'checkin') && (
          <button type="button" className="button primary" onClick={() => void act({ action: 'checkin' }, 'Checked in.')}>
            Check in
          </button>
        )}
        {allows(status, 'redeem') && (
          // Redeeming the pass ends it, and a reward's "Redeem" sits on the same page: named apart, and asked first.
          <ConfirmButton
            label="Redeem pass"
            confirmLabel="Redeem the pass"
            question="Redeem the whole pass? It can no longer be used."
            pending={submission.pending}
            onConfirm={() => void act({ action: 'redeem' }, 'Pass redeemed.')}
          />
        )}
        {manages && allows(status, 'reactivate') && (
          <button type="button" className="button primary" onClick={() => void act({ action: 'reactivate' }, 'Reactivated.')}>
            Reactivate
          </button>
        )}
        {manages && allows(status, 'void') && (
          <ConfirmButton
            label="Void"
            confirmLabel="Void the pass"
            question="Void this pass? It stops being valid until reactivated."
            pending={submission.pending}
            onConfirm={() => void perform('void', () => api.passes.void(pass.id), 'void', 'Voided.')}
          />
        )}
      </div>
      {(['checkin', 'redeem', 'reactivate', 'void'] as const).some((move) => last === move) && (
        <ProblemNotice problem={submission.problem} />
      )}
      {allows(status, 'stamp') && (
        <div className="quantity-actions">
          <QuantityAction
            label="Stamps"
            button="Add stamps"
            initial="1"
            hint={`1 to ${MAX_STAMPS_PER_ADD}.`}
            inputMode="numeric"
            parse={stampCount}
            pending={submission.pending}
            problem={problemOf('stamp')}
            onSubmit={(count) => act({ action: 'stamp', count }, `${formatQuantity(count, 'stamp', 'stamps')} added.`)}
          />
          <QuantityAction
            label="Points"
            button="Change points"
            initial="10"
            hint="Negative to spend points."
            inputMode="numeric"
            parse={pointsDelta}
            pending={submission.pending}
            problem={problemOf('points')}
            onSubmit={(points) => act({ action: 'points', points }, points > 0 ? `${points} points added.` : `${-points} points spent.`)}
          />
          <QuantityAction
            label="Charge amount"
            button="Charge"
            initial=""
            hint="Taken from the balance."
            inputMode="decimal"
            parse={(raw) => positiveMoney(raw, currency)}
            pending={submission.pending}
            problem={problemOf('charge')}
            onSubmit={(minor) => act({ action: 'charge', amount: decimal(minor) }, `Charged ${formatMoney(minorUnitsToNumber(minor), currency)}.`)}
          />
          <QuantityAction
            label="Top-up amount"
            button="Top up"
            initial=""
            hint="Added to the balance."
            inputMode="decimal"
            parse={(raw) => positiveMoney(raw, currency)}
            pending={submission.pending}
            problem={problemOf('topup')}
            onSubmit={(minor) => act({ action: 'topup', amount: decimal(minor) }, `Topped up ${formatMoney(minorUnitsToNumber(minor), currency)}.`)}
          />
        </div>
      )}
      {last !== null && submission.problem?.kind === 'upgrade' && <ProblemNotice problem={submission.problem} />}
    </section>
  );
}

/** An amount as the API's `?amount=` reads it: `1.20`. */
function decimal(minor: number): string {
  return minorUnitsToNumber(minor).toFixed(2);
}
