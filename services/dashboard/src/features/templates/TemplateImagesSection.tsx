/**
 * The template's logo, icon and strip: each shown as it is now, with a file picker to upload one (PNG or
 * JPEG; the API checks, resizes and re-encodes it) and a button to remove it. The preview shows them.
 */
import { useState, type ChangeEvent } from 'react';
import type { TemplateResponse } from '@passes/contracts';
import { TEMPLATE_IMAGE_SLOTS, type TemplateImageSlot } from '@passes/domain';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { templateImageSource } from './template-image-source';

const SLOTS: Readonly<Record<TemplateImageSlot, { label: string; hint: string }>> = {
  logo: { label: 'Logo', hint: 'Top left of the pass; fitted within 160×50 points, proportions kept.' },
  icon: { label: 'Icon', hint: 'On the lock screen and in notifications; cropped square (29×29 points).' },
  strip: { label: 'Strip', hint: 'Behind the main figures; cropped to 375×123 points.' },
};

export function TemplateImagesSection({ template, onSaved }: { template: TemplateResponse; onSaved: (template: TemplateResponse) => void }) {
  const api = useApi();
  const submission = useSubmission();
  const [done, setDone] = useState<string | null>(null);

  const upload = async (slot: TemplateImageSlot, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal: the picker forgets it.
    event.target.value = '';
    if (!file) return;
    setDone(null);
    const saved = await submission.run(`image ${slot} ${file.name} ${file.size}`, () => api.templates.putImage(template.id, slot, file));
    if (saved) {
      setDone(`${SLOTS[slot].label} uploaded. Every pass of this template shows it now.`);
      onSaved(saved);
    }
  };

  const remove = async (slot: TemplateImageSlot) => {
    setDone(null);
    const saved = await submission.run(`remove image ${slot}`, () => api.templates.removeImage(template.id, slot));
    if (saved) {
      setDone(`${SLOTS[slot].label} removed.`);
      onSaved(saved);
    }
  };

  return (
    <section className="card template-images" aria-labelledby="template-images-heading">
      <h2 id="template-images-heading">Images</h2>
      <p>PNG or JPEG, up to 5 MB and 4096×4096 pixels. Without its own, a pass shows the default logo and icon, and no strip.</p>
      <ul className="template-image-slots">
        {TEMPLATE_IMAGE_SLOTS.map((slot) => {
          const image = template.images[slot];
          return (
            <li key={slot} className="template-image-slot" role="group" aria-label={SLOTS[slot].label}>
              <div className="template-image-thumb">
                {image ? <img src={templateImageSource(image)} alt={`${SLOTS[slot].label} of the template`} /> : <span className="muted">None</span>}
              </div>
              <div className="template-image-controls">
                <input
                  id={`template-image-${slot}`}
                  className="visually-hidden"
                  type="file"
                  accept="image/png,image/jpeg"
                  disabled={submission.pending}
                  onChange={(event) => void upload(slot, event)}
                />
                <label className="button" htmlFor={`template-image-${slot}`}>
                  {image ? `Replace the ${slot}` : `Upload the ${slot}`}
                </label>
                {image && (
                  <button type="button" className="button" disabled={submission.pending} onClick={() => void remove(slot)}>
                    Remove the {slot}
                  </button>
                )}
                <p className="hint">{SLOTS[slot].hint}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <ProblemNotice problem={submission.problem} />
      <p className="notice success" role="status" hidden={done === null}>
        {done}
      </p>
    </section>
  );
}
