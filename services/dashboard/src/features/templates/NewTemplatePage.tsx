/** A new template; on the Free plan's second one the API answers 402, shown as an upgrade invitation. */
import { navigate } from '../../router/location';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { NEW_TEMPLATE_FORM } from '../../validation/template-form';
import { TemplateEditor } from './TemplateEditor';

export function NewTemplatePage() {
  const api = useApi();
  return (
    <>
      <PageHeader title="New template" />
      <p className="muted">Reward milestones (&ldquo;10 stamps: Free coffee&rdquo;) are added on the template&rsquo;s page once it is created.</p>
      <TemplateEditor
        initial={NEW_TEMPLATE_FORM}
        submitLabel="Create template"
        save={(body, key) => api.templates.create(body, key)}
        onSaved={(template) => navigate(`/templates/${template.id}?saved=created`, { replace: true })}
      />
    </>
  );
}
