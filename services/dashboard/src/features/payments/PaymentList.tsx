/**
 * The business's online payments, newest first, a page at a time ("Show more" reads the next, older ones),
 * with the fee and what it nets; a refund of one, all or part.
 */
import { useState, type FormEvent } from 'react';
import type { PaymentListResponse, PaymentResponse } from '@passes/contracts';
import { useMorePages } from '../../hooks/use-more-pages';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { DateTime } from '../../ui/DateTime';
import { formatMoney } from '../../ui/format';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { ShowMoreButton } from '../../ui/ShowMoreButton';
import { StatusBadge } from '../../ui/StatusBadge';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

const REFUNDABLE = new Set(['succeeded', 'partially_refunded']);

export function PaymentList({ first }: { first: PaymentListResponse }) {
  const api = useApi();
  const pages = useMorePages(first, (cursor) => api.payments.list(cursor));
  const payments = pages.items;
  // The refund's answer is the payment as it now is: the row changes in place, the pages read stay.
  const refunded = (payment: PaymentResponse) => pages.setItems((shown) => shown.map((held) => (held.id === payment.id ? payment : held)));
  return (
    <section aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments</h2>
      {payments.length === 0 ? (
        <p className="empty">No payments yet.</p>
      ) : (
        <ul className="list" aria-label="Payments">
          {payments.map((payment) => (
            <li key={payment.id} className="list-row" data-testid="payment">
              <div className="grow">
                <p>
                  <strong>{formatMoney(payment.amount, payment.currency)}</strong> · fee {formatMoney(payment.fee, payment.currency)} · net{' '}
                  {formatMoney(payment.net, payment.currency)}
                  {payment.refunded_amount > 0 ? ` · refunded ${formatMoney(payment.refunded_amount, payment.currency)}` : ''}
                </p>
                <p className="muted">
                  <DateTime iso={payment.created_at} />
                </p>
                {REFUNDABLE.has(payment.status) && <RefundForm payment={payment} onRefunded={refunded} />}
              </div>
              <StatusBadge status={payment.status} />
            </li>
          ))}
        </ul>
      )}
      <ShowMoreButton pages={pages} />
    </section>
  );
}

function RefundForm({ payment, onRefunded }: { payment: PaymentResponse; onRefunded: (payment: PaymentResponse) => void }) {
  const api = useApi();
  const submission = useSubmission();
  const [amount, setAmount] = useState('');
  const left = payment.amount - payment.refunded_amount;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = amount.trim() === '' ? null : Number(amount);
    const answer = await submission.run(`refund ${payment.id} ${amount}`, (key) => api.payments.refund(payment.id, value, key));
    if (answer) {
      setAmount('');
      onRefunded(answer);
    }
  };
  const errors = submission.problem?.kind === 'validation' ? submission.problem.errors : {};
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={`Refund ${payment.id}`}>
      <TextField label="Refund amount" inputMode="decimal" value={amount} onChange={setAmount} hint={`Leave empty to refund all that is left (${formatMoney(left, payment.currency)})`} error={errors['amount']} />
      <SubmitButton pending={submission.pending}>Refund</SubmitButton>
      <ProblemNotice problem={submission.problem} fieldPaths={['amount']} />
    </form>
  );
}
