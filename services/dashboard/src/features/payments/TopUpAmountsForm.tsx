/** The top-ups the business's stored-value passes offer on their pages, as a list of amounts to change. */
import { useState, type FormEvent } from 'react';
import type { PaymentAccountResponse } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

export function TopUpAmountsForm({ account, onSaved }: { account: PaymentAccountResponse; onSaved: (account: PaymentAccountResponse) => void }) {
  const api = useApi();
  const submission = useSubmission();
  const [text, setText] = useState(account.top_up_amounts.map((amount) => amount.toFixed(2)).join(', '));
  const [saved, setSaved] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const amounts = text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map(Number);
    const answer = await submission.run(`top-ups ${amounts.join()}`, (key) => api.payments.chooseTopUpAmounts(amounts, key));
    if (answer) {
      setSaved(true);
      onSaved(answer);
    }
  };
  const errors = submission.problem?.kind === 'validation' ? submission.problem.errors : {};
  const error = Object.entries(errors).find(([path]) => path.startsWith('top_up_amounts'))?.[1];
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Top-ups offered">
      <TextField label="Top-ups offered (GBP)" value={text} onChange={setText} hint="Up to 6 amounts from 1.00 to 1000.00, separated by commas" error={error} />
      <SubmitButton pending={submission.pending}>Save top-ups</SubmitButton>
      <ProblemNotice problem={submission.problem} fieldPaths={['top_up_amounts']} />
      {saved && <p role="status">Saved: your passes offer these top-ups.</p>}
    </form>
  );
}
