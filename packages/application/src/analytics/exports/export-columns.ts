/** The columns of each kind of export (PROGRAMME §4). */
import { ANALYTICS_COUNTERS } from '@passes/read-model';

export const DAILY_COLUMNS = ['date', ...ANALYTICS_COUNTERS] as const;

export const PASS_COLUMNS = [
  'id',
  'serial_number',
  'external_id',
  'template_id',
  'customer_name',
  'customer_email',
  'status',
  'points',
  'stamps',
  'balance',
  'installed_apple',
  'installed_google',
  'rewards_available',
  'rewards_redeemed',
  'created_at',
  'updated_at',
  'last_activity_at',
] as const;

export const EVENT_COLUMNS = ['position', 'stream', 'revision', 'type', 'created_at', 'pass_id', 'data'] as const;
