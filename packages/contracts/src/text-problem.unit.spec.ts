import { describe, expect, test } from '@jest/globals';
import { textProblem, type TextKind } from './text-problem';

const LONE_HIGH_SURROGATE = 'ab\uD83Dcd';
const LONE_LOW_SURROGATE = 'ab\uDE00cd';

describe('the text rule', () => {
  test.each<[string, TextKind]>([
    ['Ada Lovelace', 'line'],
    ['Café 東京 🙂', 'line'],
    ['👩‍💻 family: 👨‍👩‍👧', 'line'],
    ['Mon–Fri 8–18\nSat 9–13', 'multiline'],
    ['line one\r\nline two', 'multiline'],
    ['member-1815', 'identifier'],
    ['مرحبا', 'identifier'],
  ])('accepts %j as %s', (value, kind) => {
    expect(textProblem(value, kind)).toBeNull();
  });

  test.each<[string, string, TextKind[]]>([
    ['NUL', 'a\u0000b', ['line', 'multiline', 'identifier']],
    ['a tab', 'a\tb', ['line', 'multiline', 'identifier']],
    ['DEL', 'a\u007Fb', ['line', 'multiline', 'identifier']],
    ['a C1 control', 'a\u0085b', ['line', 'multiline', 'identifier']],
    ['a line feed', 'a\nb', ['line', 'identifier']],
    ['a line separator', 'a\u2028b', ['line', 'multiline', 'identifier']],
    ['a paragraph separator', 'a\u2029b', ['line', 'multiline', 'identifier']],
    ['a right-to-left override', 'invoice\u202Efdp.exe', ['line', 'multiline', 'identifier']],
    ['a directional isolate', 'a\u2067b\u2069', ['line', 'multiline', 'identifier']],
    ['a right-to-left mark', 'a\u200Fb', ['line', 'multiline', 'identifier']],
    ['a zero-width space', 'member\u200B1815', ['identifier']],
    ['a byte order mark', '\uFEFFmember', ['identifier']],
    ['a soft hyphen', 'mem\u00ADber', ['identifier']],
    ['a lone high surrogate', LONE_HIGH_SURROGATE, ['line', 'multiline', 'identifier']],
    ['a lone low surrogate', LONE_LOW_SURROGATE, ['line', 'multiline', 'identifier']],
  ])('refuses %s in %j', (_what, value, kinds) => {
    for (const kind of kinds) expect(textProblem(value, kind)).not.toBeNull();
  });

  test('says what is wrong', () => {
    expect(textProblem('a\u0000b', 'line')).toBe('must not contain control characters');
    expect(textProblem('a\u202Eb', 'line')).toBe('must not contain bidirectional control characters');
    expect(textProblem('a\u200Bb', 'identifier')).toBe('must not contain invisible formatting characters');
    expect(textProblem(LONE_HIGH_SURROGATE, 'line')).toBe('must not contain unpaired surrogates');
  });
});
