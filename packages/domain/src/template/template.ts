/** A pass template. Only what issuing needs for now; the templates issue extends it. Stream `template-{id}`. */
export type TemplateEvent = {
  type: 'TemplateCreated';
  data: { template_id: string; business_id: string; name: string; occurred_at: string };
};

export type TemplateCommand = { type: 'CreateTemplate'; templateId: string; businessId: string; name: string; now: Date };

export interface Template {
  id: string;
  businessId: string;
  name: string;
  createdAt: string;
}

export type TemplateState = Template | null;
