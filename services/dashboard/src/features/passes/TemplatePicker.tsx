/** Choosing the template a pass is issued from; with no template yet, a way to make one. */
import type { TemplateResponse } from '@passes/contracts';
import { Link } from '../../router/Link';
import { SelectField } from '../../ui/SelectField';

interface TemplatePickerProps {
  templates: readonly TemplateResponse[];
  value: string;
  onChange: (templateId: string) => void;
  error?: string | undefined;
}

export function TemplatePicker({ templates, value, onChange, error }: TemplatePickerProps) {
  if (templates.length === 0) {
    return (
      <p className="notice info">
        Passes are issued from a template. <Link to="/templates/new">Create your first template</Link>.
      </p>
    );
  }
  return <SelectField label="Template" value={value} choices={templates.map((template) => ({ value: template.id, label: template.name }))} onChange={onChange} error={error} required />;
}
