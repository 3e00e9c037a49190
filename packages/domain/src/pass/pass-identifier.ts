/** Every pass path takes an id, a serial number or an external_id; the shape alone says which (DESIGN §5). */
import { isSerialNumber } from './serial-number';

type PassIdentifierKind = 'id' | 'serial_number' | 'external_id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function classifyPassIdentifier(text: string): PassIdentifierKind {
  if (UUID.test(text)) return 'id';
  if (isSerialNumber(text)) return 'serial_number';
  return 'external_id';
}
