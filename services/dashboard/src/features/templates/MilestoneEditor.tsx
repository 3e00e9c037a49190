/**
 * The form for one reward milestone: a new one (its metric chosen once) or an existing one's terms.
 * Checked as the API checks it; the API's refusals, a 402 among them, land beside the fields or above the button.
 */
import { useState, type FormEvent } from 'react';
import { MAX_REWARD_DESCRIPTION_LENGTH, MAX_REWARD_EXPIRY_DAYS, MAX_MILESTONE_THRESHOLD, MAX_REWARD_TITLE_LENGTH, MILESTONE_METRICS, type MilestoneMetric } from '@passes/domain';
import type { MilestoneResponse } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SelectField } from '../../ui/SelectField';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { NO_ERRORS, type Checked, type FieldErrors } from '../../validation/field-errors';
import { MILESTONE_FIELDS, type MilestoneForm } from '../../validation/milestone-form';

const METRIC_LABELS: Readonly<Record<MilestoneMetric, string>> = { stamps: 'Stamps', points: 'Points' };

interface MilestoneEditorProps<Body> {
  /** The form's accessible name, and its heading. */
  title: string;
  initial: MilestoneForm;
  /** False once created: the API fixes a milestone's metric. */
  metricChangeable: boolean;
  submitLabel: string;
  check: (form: MilestoneForm) => Checked<Body>;
  save: (body: Body, idempotencyKey: string) => Promise<MilestoneResponse>;
  onSaved: (milestone: MilestoneResponse) => void;
  onCancel?: () => void;
}

export function MilestoneEditor<Body>({ title, initial, metricChangeable, submitLabel, check, save, onSaved, onCancel }: MilestoneEditorProps<Body>) {
  const [form, setForm] = useState<MilestoneForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const submission = useSubmission();
  const shown: FieldErrors = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;
  const text = (field: Exclude<keyof MilestoneForm, 'metric'>) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const unit = form.metric === 'stamps' ? 'stamps' : 'points';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(form);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const saved = await submission.run(`milestone ${title} ${JSON.stringify(checked.body)}`, (key) => save(checked.body, key));
    if (saved) onSaved(saved);
  };

  return (
    <form className="form milestone-form" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <h3>{title}</h3>
      <TextField label="Milestone name" value={form.name} onChange={text('name')} error={shown['name']} hint="For you; customers see the reward." required />
      {metricChangeable ? (
        <SelectField
          label="Counts"
          value={form.metric}
          choices={MILESTONE_METRICS.map((value) => ({ value, label: METRIC_LABELS[value] }))}
          onChange={(metric) => setForm((current) => ({ ...current, metric }))}
          hint="Fixed once the milestone is created."
          error={shown['metric']}
        />
      ) : (
        <p className="muted">Counts {unit} (fixed when it was created).</p>
      )}
      <TextField
        label={`Reward at (${unit})`}
        inputMode="numeric"
        value={form.threshold}
        onChange={text('threshold')}
        error={shown['threshold']}
        hint={`1 to ${MAX_MILESTONE_THRESHOLD}.`}
        required
      />
      <TextField
        label="Reward"
        value={form.reward_title}
        onChange={text('reward_title')}
        error={shown['reward.title']}
        hint={`What the customer gets, such as Free coffee (up to ${MAX_REWARD_TITLE_LENGTH} characters).`}
        required
      />
      <TextAreaField
        label="Reward description"
        value={form.reward_description}
        onChange={text('reward_description')}
        error={shown['reward.description']}
        hint={`Optional, up to ${MAX_REWARD_DESCRIPTION_LENGTH} characters.`}
        rows={2}
      />
      <TextField
        label="Reward expires after (days)"
        inputMode="numeric"
        value={form.expiry_days}
        onChange={text('expiry_days')}
        error={shown['reward_expires_after_days']}
        hint={`1 to ${MAX_REWARD_EXPIRY_DAYS}; empty for rewards that never expire.`}
      />
      <ProblemNotice problem={submission.problem} fieldPaths={MILESTONE_FIELDS} />
      <div className="action-buttons">
        <SubmitButton pending={submission.pending} pendingLabel="Saving…">
          {submitLabel}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
