/**
 * Numbers in a JSON body taken as written (docs/api.md, Passes): JSON.parse gives the nearest double,
 * so `99999999.999999999` would read as 100000000 and `1.0000000000000001` as 1 without a word. The body's
 * text is scanned for number literals whose double says something else; node 20's JSON.parse reviver
 * cannot see a literal's text.
 */

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const DECIMAL = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/**
 * What every literal a double cannot hold as written has: more than 15 significant digits, or an
 * exponent. A body without either (nearly all) is not scanned.
 */
const MAY_BE_INEXACT = /\d(?:\.?\d){15}|\d[eE][+-]?\d/;

interface Level {
  array: boolean;
  /** The member's name, or the element's index. */
  key: string | number;
}

/** The paths (`passes.0.initial_balance`) of the numbers in a valid JSON text that no double holds as written. */
export function inexactNumbers(json: string): string[] {
  if (!MAY_BE_INEXACT.test(json)) return [];
  const levels: Level[] = [];
  const found: string[] = [];
  let expectingName = false;
  for (let at = 0; at < json.length; ) {
    const level = levels.at(-1);
    switch (json[at]) {
      case '{':
        levels.push({ array: false, key: '' });
        expectingName = true;
        at += 1;
        break;
      case '[':
        levels.push({ array: true, key: 0 });
        at += 1;
        break;
      case '}':
      case ']':
        levels.pop();
        at += 1;
        break;
      case ',':
        if (level?.array) level.key = Number(level.key) + 1;
        else expectingName = true;
        at += 1;
        break;
      case ':':
        expectingName = false;
        at += 1;
        break;
      case '"': {
        const end = endOfString(json, at);
        if (expectingName && level) level.key = String(JSON.parse(json.slice(at, end)));
        at = end;
        break;
      }
      default: {
        NUMBER.lastIndex = at;
        const literal = NUMBER.exec(json)?.[0];
        if (literal === undefined) {
          at += 1;
          break;
        }
        if (canonical(literal) !== canonical(String(Number(literal)))) found.push(levels.map((each) => each.key).join('.'));
        at += literal.length;
      }
    }
  }
  return found;
}

/** Where the string starting at `start` ends (just past its closing quote). */
function endOfString(json: string, start: number): number {
  for (let quote = json.indexOf('"', start + 1); ; quote = json.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (json[quote - 1 - backslashes] === '\\') backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
  }
}

/** A decimal's value as `digits e power`, without leading or trailing zeros: equal values, equal texts. */
function canonical(decimal: string): string {
  const match = DECIMAL.exec(decimal);
  if (match === null) return decimal;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  const significant = digits.replace(/0+$/, '');
  if (significant === '') return '0';
  const power = Number(exponent) - fraction.length + (digits.length - significant.length);
  return `${decimal.startsWith('-') ? '-' : ''}${significant}e${power}`;
}
