/** How a pass's events change what analytics remembers of it; the statuses and devices follow evolvePass. */
import { assertNever, type PassEvent } from '@passes/domain';
import type { PassFacts } from './analytics-documents';

export function evolvePassFacts(facts: PassFacts | null, event: PassEvent): PassFacts | null {
  if (event.type === 'PassIssued') {
    const { business_id, mode, template_id } = event.data;
    return { kind: 'pass', businessId: business_id, mode, templateId: template_id, active: true, devices: [] };
  }
  if (facts === null) return null;
  switch (event.type) {
    case 'PassCheckedIn':
    case 'PassReactivated':
      return facts.active ? facts : { ...facts, active: true };
    case 'PassRedeemed':
    case 'PassVoided':
      return facts.active ? { ...facts, active: false } : facts;
    case 'PassInstalled': {
      // An install recorded before devices were names none, and registers none (evolvePass).
      const { device_library_identifier: device, push_token: token } = event.data;
      if (device === null || token === null || facts.devices.includes(device)) return facts;
      return { ...facts, devices: [...facts.devices, device] };
    }
    case 'PassUninstalled': {
      const device = event.data.device_library_identifier;
      if (device === null || !facts.devices.includes(device)) return facts;
      return { ...facts, devices: facts.devices.filter((registered) => registered !== device) };
    }
    case 'PassUpdated':
    case 'PassStamped':
    case 'PointsAdjusted':
    case 'BalanceCharged':
    case 'BalanceToppedUp':
    case 'PassScanned':
    case 'RewardEarned':
    case 'RewardRedeemed':
    case 'PaymentStarted':
    case 'PaymentSucceeded':
    case 'PaymentExpired':
    case 'PaymentRefunded':
    case 'AutomationRan':
    case 'MessageSent':
    case 'AutomationEmailsStopped':
    case 'AutomationEmailsResumed':
      return facts;
    default:
      return assertNever(event);
  }
}
