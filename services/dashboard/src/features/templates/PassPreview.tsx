/**
 * A live preview of a pass of the template being edited: its colours, logo and logo text, strip, display
 * fields, the first reward it works toward and its barcode, drawn with a sample code as the wallet would show it.
 */
import type { TemplateResponse } from '@passes/contracts';
import { MAX_STAMPS_FOR_REWARD } from '@passes/domain';
import { Barcode } from '../../barcode/Barcode';
import type { TemplateForm } from '../../validation/template-form';
import { templateImageSource } from './template-image-source';
import { BARCODE_FORMAT_LABELS } from './template-labels';

const SAMPLE_SERIAL = 'PS-PREVIEW';

/** `images`: the template's as saved; none for a new template. */
export function PassPreview({ form, rewardLine, images = null }: { form: TemplateForm; rewardLine: string | null; images?: TemplateResponse['images'] | null }) {
  const { background, foreground, label } = form.colors;
  const sample = `${window.location.origin}/validate/${SAMPLE_SERIAL}${form.signed_barcodes ? '?sig=preview' : ''}`;
  const fields = (slot: 'header' | 'primary' | 'secondary' | 'auxiliary') =>
    form.display_fields[slot].map((field, index) => (
      <div key={`${slot}-${index}`} className={`preview-field ${slot}`}>
        <span className="preview-label" style={{ color: label }}>
          {field.label}
        </span>
        <span className="preview-value">{field.value}</span>
      </div>
    ));
  return (
    <figure className="preview" aria-label="Preview of a pass">
      <div className="preview-pass" style={{ background, color: foreground }} data-testid="pass-preview">
        <div className="preview-top">
          <span className="preview-logo">
            {images?.logo && <img className="preview-logo-image" src={templateImageSource(images.logo)} alt="Logo" data-testid="preview-logo" />}
            {form.logo_text || (images?.logo ? '' : form.name || 'Your business')}
          </span>
          <div className="preview-row">{fields('header')}</div>
        </div>
        {images?.strip && <img className="preview-strip" src={templateImageSource(images.strip)} alt="Strip" data-testid="preview-strip" />}
        <div className="preview-row primary">{fields('primary')}</div>
        <div className="preview-row">{fields('secondary')}</div>
        <div className="preview-row">{fields('auxiliary')}</div>
        {form.stamps_for_reward.trim() !== '' && /^\d+$/.test(form.stamps_for_reward.trim()) && Number(form.stamps_for_reward) <= MAX_STAMPS_FOR_REWARD && (
          <div className="preview-stamps" aria-label={`${form.stamps_for_reward} stamps earn the reward`}>
            {Array.from({ length: Number(form.stamps_for_reward) }, (_, index) => (
              <span key={index} className="stamp" style={{ borderColor: foreground }} />
            ))}
          </div>
        )}
        {rewardLine && (
          <p className="preview-reward" data-testid="preview-reward">
            <span className="preview-label" style={{ color: label }}>
              Next reward
            </span>
            <span className="preview-value">{rewardLine}</span>
          </p>
        )}
        <div className="preview-barcode">
          <Barcode format={form.barcode_format} message={sample} label={`Sample ${BARCODE_FORMAT_LABELS[form.barcode_format]}`} />
        </div>
      </div>
      <figcaption className="muted">
        {BARCODE_FORMAT_LABELS[form.barcode_format]} with a sample code{form.signed_barcodes ? ', signed' : ''}.
      </figcaption>
    </figure>
  );
}
