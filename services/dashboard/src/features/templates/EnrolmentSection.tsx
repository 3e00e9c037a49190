/**
 * Self-enrolment on the template page: open the join page, choose what it asks beside a name and an
 * email, word the consent; then its link to share (with a copy button) and its printable poster (PDF).
 */
import { useState, type FormEvent } from 'react';
import type { TemplateResponse } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { CheckboxField } from '../../ui/CheckboxField';
import { CopyButton } from '../../ui/CopyButton';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextAreaField } from '../../ui/TextAreaField';
import { checkEnrolment, enrolmentFormOf, type EnrolmentForm } from '../../validation/enrolment-form';
import { NO_ERRORS, type FieldErrors } from '../../validation/field-errors';

const FIELDS = ['enrolment.enabled', 'enrolment.fields', 'enrolment.consent_text'] as const;

export function EnrolmentSection({ template, onSaved }: { template: TemplateResponse; onSaved: (template: TemplateResponse) => void }) {
  const api = useApi();
  const [form, setForm] = useState<EnrolmentForm>(() => enrolmentFormOf(template));
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [done, setDone] = useState<string | null>(null);
  const submission = useSubmission();
  const shown: FieldErrors = submission.problem?.kind === 'validation' ? { ...submission.problem.errors, ...errors } : errors;
  const joinUrl = template.enrolment.join_url;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const checked = checkEnrolment(form);
    setErrors(checked.ok ? NO_ERRORS : checked.errors);
    if (!checked.ok) return;
    const saved = await submission.run(`enrolment ${JSON.stringify(checked.body)}`, (key) => api.templates.setEnrolment(template.id, checked.body, key));
    if (saved) {
      setDone(saved.enrolment.enabled ? 'The join page is open.' : 'The join page is closed.');
      onSaved(saved);
    }
  };

  return (
    <section className="card enrolment" aria-labelledby="enrolment-heading">
      <h2 id="enrolment-heading">Customers join by themselves</h2>
      <p>A join page where customers get this card with their name and email: share its link, or print its poster for the counter.</p>
      {joinUrl && (
        <div className="join-link">
          <label htmlFor="join-url">Join link</label>
          <input id="join-url" className="code" readOnly value={joinUrl} />
          <div className="action-buttons">
            <CopyButton text={joinUrl} label="Copy the link" targetId="join-url" />
            <a className="button" href={`${joinUrl}/poster.pdf`} target="_blank" rel="noreferrer">
              Poster to print (PDF)
            </a>
          </div>
        </div>
      )}
      <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Self-enrolment">
        <CheckboxField label="Open the join page" checked={form.enabled} onChange={(enabled) => setForm({ ...form, enabled })} error={shown['enrolment.enabled']} />
        <CheckboxField label="Ask for a birthday" checked={form.askBirthday} onChange={(askBirthday) => setForm({ ...form, askBirthday })} hint="Kept as the pass's metadata.birthday." />
        <CheckboxField label="Ask for a phone number" checked={form.askPhone} onChange={(askPhone) => setForm({ ...form, askPhone })} error={shown['enrolment.fields']} />
        <TextAreaField
          label="Consent text"
          value={form.consentText}
          onChange={(consentText) => setForm({ ...form, consentText })}
          error={shown['enrolment.consent_text']}
          hint="What a customer agrees to by ticking the box, e.g. that you keep their name and email for this card."
          rows={3}
        />
        <ProblemNotice problem={submission.problem} fieldPaths={FIELDS} />
        {done && (
          <p className="notice success" role="status">
            {done}
          </p>
        )}
        <SubmitButton pending={submission.pending} pendingLabel="Saving…">
          Save
        </SubmitButton>
      </form>
    </section>
  );
}
