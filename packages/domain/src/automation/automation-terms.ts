/**
 * What an automation is made of (PROGRAMME §3): its trigger and its actions, as schemas. They are the one
 * definition of these shapes: the HTTP bodies, the stored events and the decider all check against them,
 * so a rule the API accepts is a rule the domain records and a stored rule always reads back.
 */
import { z } from 'zod';
import { MAX_POINTS_DELTA, MAX_STAMPS, MAX_STAMPS_PER_ADD } from '../pass/pass-limits';

export const TRIGGER_TYPES = ['pass_issued', 'pass_installed', 'stamps_reached', 'points_reached', 'reward_earned', 'inactive', 'birthday', 'balance_below'] as const;
export const ACTION_TYPES = ['send_message', 'add_points', 'add_stamps', 'send_email'] as const;

export const MAX_DELAY_MINUTES = 43_200;
export const MAX_INACTIVE_DAYS = 365;
export const MAX_ACTIONS = 5;
export const MAX_AUTOMATIONS = 50;
export const MAX_MESSAGE_HEADER_LENGTH = 60;
export const MAX_MESSAGE_BODY_LENGTH = 500;
export const MAX_EMAIL_SUBJECT_LENGTH = 200;
export const MAX_EMAIL_BODY_LENGTH = 5000;
/** The largest balance_below value: a balance in minor units, as the pass limits allow points. */
export const MAX_BALANCE_VALUE = 1_000_000_000;

const int = (min: number, max: number) => z.int('must be an integer').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !/[\r\n]/.test(value), 'must be one line');
const paragraph = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

const delayMinutes = int(0, MAX_DELAY_MINUTES).default(0);

export const automationTrigger = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('pass_issued'), delay_minutes: delayMinutes }),
    z.strictObject({ type: z.literal('pass_installed'), delay_minutes: delayMinutes }),
    z.strictObject({ type: z.literal('stamps_reached'), value: int(1, MAX_STAMPS) }),
    z.strictObject({ type: z.literal('points_reached'), value: int(1, MAX_BALANCE_VALUE) }),
    z.strictObject({ type: z.literal('reward_earned'), milestone_id: z.string().min(1, 'must not be empty').nullable().default(null) }),
    z.strictObject({ type: z.literal('inactive'), days: int(1, MAX_INACTIVE_DAYS) }),
    z.strictObject({ type: z.literal('birthday') }),
    z.strictObject({ type: z.literal('balance_below'), value: int(1, MAX_BALANCE_VALUE) }),
  ],
  { error: `type must be one of ${TRIGGER_TYPES.join(', ')}` },
);
export type AutomationTrigger = z.output<typeof automationTrigger>;
export type TriggerType = AutomationTrigger['type'];

export const automationAction = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('send_message'), header: line(MAX_MESSAGE_HEADER_LENGTH), body: paragraph(MAX_MESSAGE_BODY_LENGTH) }),
    z.strictObject({ type: z.literal('add_points'), points: int(1, MAX_POINTS_DELTA) }),
    z.strictObject({ type: z.literal('add_stamps'), count: int(1, MAX_STAMPS_PER_ADD) }),
    z.strictObject({ type: z.literal('send_email'), subject: line(MAX_EMAIL_SUBJECT_LENGTH), body: paragraph(MAX_EMAIL_BODY_LENGTH) }),
  ],
  { error: `type must be one of ${ACTION_TYPES.join(', ')}` },
);
export type AutomationAction = z.output<typeof automationAction>;
export type ActionType = AutomationAction['type'];

export const automationActions = z
  .array(automationAction, { error: 'must be a list of actions' })
  .min(1, 'must hold at least 1 action')
  .max(MAX_ACTIONS, `must hold at most ${MAX_ACTIONS} actions`);
