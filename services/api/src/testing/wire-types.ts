/** The response shapes tests read, as the API documents them. */
export interface ErrorBody {
  error: { code: string; message: string; status: number; details?: { path: string; message: string }[] };
}

export interface PassBody {
  id: string;
  serial_number: string;
  template_id: string;
  customer_name: string | null;
  customer_email: string | null;
  external_id: string | null;
  status: 'active' | 'checked_in' | 'redeemed' | 'voided';
  points: number;
  balance: number | null;
  stamps: number;
  metadata: Record<string, unknown>;
  barcode: { format: 'qr' | 'pdf417' | 'aztec' | 'code128'; message: string };
  nfc_message: string | null;
  barcode_data: string | null;
  nfc_data: string | null;
  download_url: string;
  apple_wallet_url: string | null;
  google_wallet_url: string | null;
  created_at: string;
  updated_at: string;
  checked_in_at: string | null;
  redeemed_at: string | null;
  voided_at: string | null;
  reactivated_at: string | null;
  rewards: RewardBody[];
  next_reward: { milestone_id: string; title: string; metric: 'stamps' | 'points'; remaining: number } | null;
  last_message: { campaign_id: string | null; header: string; body: string; sent_at: string } | null;
}

export interface RewardBody {
  id: string;
  milestone_id: string;
  title: string;
  description: string | null;
  status: 'available' | 'redeemed' | 'expired';
  earned_at: string;
  redeemed_at: string | null;
  expires_at: string | null;
}

export interface MilestoneBody {
  id: string;
  template_id: string;
  name: string;
  metric: 'stamps' | 'points';
  threshold: number;
  reward: { title: string; description: string | null };
  reward_expires_after_days: number | null;
  status: 'active' | 'archived';
  created_at: string;
  updated_at: string;
}

/** A page of a list that can grow. */
export interface PageBody<Item> {
  data: Item[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface PassSummaryBody {
  id: string;
  serial_number: string;
  external_id: string | null;
  status: string;
}

export interface RegistrationBody {
  business: { id: string; name: string; plan: string };
  user: { id: string; email: string };
  access_token: string;
  token_type: string;
  expires_in: number;
}

export interface ApiKeyBody {
  id: string;
  name: string;
  mode: 'live' | 'test';
  scopes: ('read' | 'write')[];
  prefix: string;
  status: 'active' | 'revoked';
  key?: string;
}

export interface HistoryBody {
  data: { type: string; data: Record<string, unknown>; revision: number; recorded_at: string }[];
  has_more: boolean;
}

export interface BusinessBody {
  id: string;
  name: string;
  plan: 'free' | 'pro';
  limits: { templates: number | null; passes: number | null; webhooks: number | null };
  usage: { templates: number; passes: number; webhooks: number };
  features: { api_access: boolean; bulk_operations: boolean; automations: boolean; analytics_export: boolean; online_payments: boolean };
}

/** The spec's flat 402 body. */
export interface ProFeatureBody {
  error: 'pro_feature';
  feature: string;
  plan: string;
  message: string;
}

export interface ScanSecurityBody {
  signed_barcodes: boolean;
  scan_cooldown: number | null;
  auto_stamp_on_scan: boolean;
}

export interface TemplateBody {
  id: string;
  business_id: string;
  name: string;
  pass_type: string;
  description: string | null;
  logo_text: string | null;
  colors: { background: string; foreground: string; label: string };
  display_fields: Record<'header' | 'primary' | 'secondary' | 'auxiliary' | 'back', { key: string; label: string; value: string }[]>;
  barcode_format: string;
  nfc_message: string | null;
  currency: string | null;
  stamps_for_reward: number | null;
  enrolment: { enabled: boolean; fields: string[]; consent_text: string | null; join_url: string | null };
  images: Record<'logo' | 'icon' | 'strip', { hash: string; url: string } | null>;
  scan_security: ScanSecurityBody;
  created_at: string;
  updated_at: string;
}

export interface ScanResultBody {
  valid: boolean;
  reason: string | null;
  pass: { id: string; serial_number: string; status: string; stamps: number; points: number; balance: number | null } | null;
  checked_in: boolean;
}

/** The spec's bulk result (endpoints 2 and 5). */
export interface BulkResultBody {
  total: number;
  succeeded: number;
  failed: number;
  results: (
    | { index: number; status: 'created' | 'updated'; pass: { id: string; serial_number?: string } }
    | { index: number; status: 'error'; error: { code: string; message: string; details?: { path: string; message: string }[] } }
  )[];
}
