/** The rule builder: a name, an optional template, a trigger with its value, and 1 to 5 actions. */
import { useState, type FormEvent } from 'react';
import type { AutomationResponse, TemplateResponse } from '@passes/contracts';
import { MAX_ACTIONS, MAX_BALANCE_VALUE, minorUnitsToNumber, parseMinorUnits, type ActionType, type TriggerType } from '@passes/domain';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { formatMoney } from '../../ui/format';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { SelectField } from '../../ui/SelectField';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';
import { ACTION_CHOICES, thresholdCurrency, TRIGGER_CHOICES } from './automation-words';

interface ActionForm {
  type: ActionType;
  amount: string;
  header: string;
  body: string;
}

const NEW_ACTION: ActionForm = { type: 'add_points', amount: '10', header: '', body: '' };
const ALL_TEMPLATES = '';

/** The trigger's value field, by type: what it asks for, or null for none; money is typed in major units. */
const TRIGGER_VALUE: Readonly<Record<TriggerType, { label: string; field: string; money?: true } | null>> = {
  pass_issued: { label: 'Delay (minutes)', field: 'delay_minutes' },
  pass_installed: { label: 'Delay (minutes)', field: 'delay_minutes' },
  stamps_reached: { label: 'Stamps', field: 'value' },
  points_reached: { label: 'Points', field: 'value' },
  reward_earned: null,
  inactive: { label: 'Quiet days', field: 'days' },
  birthday: null,
  balance_below: { label: 'Balance amount', field: 'value', money: true },
};

/** A balance threshold typed as money (`5`, `2.50`) in the minor units the API takes, or the reason it is not one. */
function thresholdMinorUnits(raw: string, currency: string | null): { ok: true; value: number } | { ok: false; message: string } {
  const minor = parseMinorUnits(raw.trim());
  if (minor !== null && minor > 0 && minor <= MAX_BALANCE_VALUE) return { ok: true, value: minor };
  return { ok: false, message: `must be an amount from ${formatMoney(0.01, currency)} to ${formatMoney(minorUnitsToNumber(MAX_BALANCE_VALUE), currency)}, such as 5 or 2.50` };
}

function actionBody(action: ActionForm): Record<string, unknown> {
  switch (action.type) {
    case 'add_points':
      return { type: 'add_points', points: Number(action.amount) };
    case 'add_stamps':
      return { type: 'add_stamps', count: Number(action.amount) };
    case 'send_message':
      return { type: 'send_message', header: action.header, body: action.body };
    case 'send_email':
      return { type: 'send_email', subject: action.header, body: action.body };
  }
}

export function CreateAutomationForm({ templates, onCreated }: { templates: readonly TemplateResponse[]; onCreated: (automation: AutomationResponse) => void }) {
  const api = useApi();
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState(ALL_TEMPLATES);
  const [triggerType, setTriggerType] = useState<TriggerType>('pass_issued');
  const [triggerValue, setTriggerValue] = useState('');
  const [thresholdError, setThresholdError] = useState<string | null>(null);
  const [actions, setActions] = useState<ActionForm[]>([NEW_ACTION]);
  const submission = useSubmission();
  const errors = submission.problem?.kind === 'validation' ? submission.problem.errors : {};
  const valueField = TRIGGER_VALUE[triggerType];
  const currency = thresholdCurrency(templateId === ALL_TEMPLATES ? null : templateId, templates);
  const change = (index: number, changed: Partial<ActionForm>) => setActions((current) => current.map((action, at) => (at === index ? { ...action, ...changed } : action)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let value: number | null = null;
    if (valueField !== null && triggerValue.trim() !== '') {
      const threshold = valueField.money ? thresholdMinorUnits(triggerValue, currency) : { ok: true as const, value: Number(triggerValue) };
      setThresholdError(threshold.ok ? null : threshold.message);
      if (!threshold.ok) return;
      value = threshold.value;
    }
    const trigger = valueField === null || value === null ? { type: triggerType } : { type: triggerType, [valueField.field]: value };
    const body = { name, ...(templateId === ALL_TEMPLATES ? {} : { template_id: templateId }), trigger, actions: actions.map(actionBody) };
    const created = await submission.run(`automation ${JSON.stringify(body)}`, (key) => api.automations.create(body, key));
    if (created) {
      setName('');
      setActions([NEW_ACTION]);
      onCreated(created);
    }
  };

  return (
    <form className="form card" onSubmit={(event) => void submit(event)} noValidate aria-label="Add an automation">
      <h2>Add an automation</h2>
      <TextField label="Automation name" value={name} onChange={setName} error={errors['name']} />
      <SelectField
        label="Passes of"
        value={templateId}
        choices={[{ value: ALL_TEMPLATES, label: 'Every template' }, ...templates.map((template) => ({ value: template.id, label: template.name }))]}
        onChange={setTemplateId}
        error={errors['template_id']}
      />
      <SelectField
        label="When"
        value={triggerType}
        choices={TRIGGER_CHOICES}
        onChange={(type) => {
          // A value means something else for another trigger: days are not minutes.
          setTriggerType(type);
          setTriggerValue('');
          setThresholdError(null);
        }}
        error={errors['trigger.type']}
      />
      {valueField && (
        <TextField
          label={valueField.label}
          inputMode={valueField.money ? 'decimal' : 'numeric'}
          hint={valueField.money ? `In ${currency ?? 'the currency of the passes'}, such as 5 or 2.50.` : undefined}
          value={triggerValue}
          onChange={setTriggerValue}
          error={(valueField.money ? thresholdError : null) ?? errors[`trigger.${valueField.field}`]}
        />
      )}
      <fieldset className="fieldset">
        <legend>Then</legend>
        {actions.map((action, index) => (
          <div key={index} className="action-row" data-action-index={index}>
            <SelectField label={`Action ${index + 1}`} value={action.type} choices={ACTION_CHOICES} onChange={(type) => change(index, { type })} error={errors[`actions.${index}.type`]} />
            {(action.type === 'add_points' || action.type === 'add_stamps') && (
              <TextField
                label={action.type === 'add_points' ? `Points (action ${index + 1})` : `Stamps (action ${index + 1})`}
                inputMode="numeric"
                value={action.amount}
                onChange={(amount) => change(index, { amount })}
                error={errors[`actions.${index}.points`] ?? errors[`actions.${index}.count`]}
              />
            )}
            {(action.type === 'send_message' || action.type === 'send_email') && (
              <>
                <TextField
                  label={action.type === 'send_message' ? `Header (action ${index + 1})` : `Subject (action ${index + 1})`}
                  value={action.header}
                  onChange={(header) => change(index, { header })}
                  error={errors[`actions.${index}.header`] ?? errors[`actions.${index}.subject`]}
                />
                <TextField label={`Text (action ${index + 1})`} value={action.body} onChange={(body) => change(index, { body })} error={errors[`actions.${index}.body`]} />
              </>
            )}
            {actions.length > 1 && (
              <button type="button" className="button" onClick={() => setActions((current) => current.filter((_, at) => at !== index))}>
                Remove action {index + 1}
              </button>
            )}
          </div>
        ))}
        {actions.length < MAX_ACTIONS && (
          <button type="button" className="button" onClick={() => setActions((current) => [...current, NEW_ACTION])}>
            Add another action
          </button>
        )}
      </fieldset>
      <ProblemNotice problem={submission.problem} fieldPaths={['name', 'template_id', 'trigger', 'actions']} />
      <SubmitButton pending={submission.pending} pendingLabel="Adding…">
        Add automation
      </SubmitButton>
    </form>
  );
}
