/**
 * Self-enrolment (issue 38): a template opened for enrolment has a public join page where a customer gets
 * a pass by themselves. The page asks for a name and an email, optionally a birthday and a phone number,
 * and the consent the template's text words. Its address holds a join code made when enrolment is first
 * opened: random, so it reveals no id, and kept when enrolment closes and opens again, so printed posters
 * keep working.
 */
import { invalidField } from '../shared/invalid-field';
import { characterCount } from '../shared/character-count';

export const ENROLMENT_FIELDS = ['name', 'email', 'birthday', 'phone'] as const;
export type EnrolmentField = (typeof ENROLMENT_FIELDS)[number];

/** A join page always asks these: a pass is issued to a name and mailed to an email. */
const REQUIRED_FIELDS: readonly EnrolmentField[] = ['name', 'email'];
export const MAX_CONSENT_TEXT_LENGTH = 1000;

export interface Enrolment {
  enabled: boolean;
  fields: EnrolmentField[];
  consentText: string | null;
  /** Null until enrolment is first opened. */
  joinCode: string | null;
}

export type EnrolmentUpdate = Partial<Pick<Enrolment, 'enabled' | 'fields' | 'consentText'>>;

export const DEFAULT_ENROLMENT: Enrolment = { enabled: false, fields: ['name', 'email'], consentText: null, joinCode: null };

/** The enrolment an update leads to: fields in one order without repeats, and a join code once it opens. */
export function updatedEnrolment(enrolment: Enrolment, update: EnrolmentUpdate, newJoinCode: string): Enrolment {
  const merged = { ...enrolment, ...Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) };
  const fields = ENROLMENT_FIELDS.filter((field) => merged.fields.includes(field));
  const missing = REQUIRED_FIELDS.filter((field) => !fields.includes(field));
  if (missing.length > 0) throw invalidField('enrolment.fields', `must include ${REQUIRED_FIELDS.join(' and ')}`);
  if (merged.consentText !== null && characterCount(merged.consentText.trim()) > MAX_CONSENT_TEXT_LENGTH) {
    throw invalidField('enrolment.consent_text', `must be at most ${MAX_CONSENT_TEXT_LENGTH} characters`);
  }
  const consentText = merged.consentText === null || merged.consentText.trim() === '' ? null : merged.consentText.trim();
  // Customers agree to something in words: an open join page needs them.
  if (merged.enabled && consentText === null) throw invalidField('enrolment.consent_text', 'must be given to open enrolment');
  return { enabled: merged.enabled, fields, consentText, joinCode: merged.joinCode ?? (merged.enabled ? newJoinCode : null) };
}
