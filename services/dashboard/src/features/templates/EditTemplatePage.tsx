/** An existing template: change it, its passes following at once (barcode, NFC message, next check-in); its images; its reward milestones. */
import { useState } from 'react';
import { useResource } from '../../hooks/use-resource';
import { useLocation } from '../../router/location';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceView } from '../../ui/ResourceView';
import { firstRewardLine } from '../../ui/reward-words';
import { templateFormOf } from '../../validation/template-form';
import { EnrolmentSection } from './EnrolmentSection';
import { MilestonesSection } from './MilestonesSection';
import { TemplateEditor } from './TemplateEditor';
import { TemplateImagesSection } from './TemplateImagesSection';

export function EditTemplatePage({ id }: { id: string }) {
  const api = useApi();
  const { search } = useLocation();
  const template = useResource(() => api.templates.get(id), id);
  const milestones = useResource(() => api.milestones.ofTemplate(id), id);
  const rewardLine = milestones.resource.status === 'ready' ? firstRewardLine(milestones.resource.data.data) : null;
  const [saved, setSaved] = useState<string | null>(() => (new URLSearchParams(search).get('saved') === 'created' ? 'Template created.' : null));
  return (
    <ResourceView handle={template}>
      {(current) => (
        <>
          <PageHeader title={current.name} />
          {saved && (
            <p className="notice success" role="status">
              {saved}
            </p>
          )}
          <TemplateEditor
            // Starts afresh when the settings change (a save), not when an image does: edits in progress stay.
            key={JSON.stringify(templateFormOf(current))}
            initial={templateFormOf(current)}
            images={current.images}
            submitLabel="Save changes"
            rewardLine={rewardLine}
            save={(body, key) => api.templates.update(id, body, key)}
            onSaved={(updated) => {
              template.replace(updated);
              setSaved('Changes saved. Every pass of this template follows them now.');
            }}
          />
          <TemplateImagesSection template={current} onSaved={template.replace} />
          <MilestonesSection templateId={id} milestones={milestones} />
          <EnrolmentSection template={current} onSaved={template.replace} />
        </>
      )}
    </ResourceView>
  );
}
