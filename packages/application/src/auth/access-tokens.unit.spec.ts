/** Dashboard access tokens: what verify accepts, the first time and again from its cache of checked tokens. */
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './access-tokens';

const SECRET = new Uint8Array(32).fill(7);
const ISSUED_AT = new Date('2026-11-23T10:00:00.000Z');
const CLAIMS = { userId: 'user-1', businessId: 'business-1', passwordChangedAt: '2026-11-20T08:00:00.123Z' };
/** What verify reads: the claims, when the token was issued (in whole seconds), and its session. */
const VERIFIED = {
  ...CLAIMS,
  issuedAt: ISSUED_AT.getTime() / 1000,
  session: { id: expect.any(String), expiresAt: new Date(ISSUED_AT.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000) },
};

function tokensAt(start: Date) {
  let now = start;
  const tokens = new AccessTokens(SECRET, { now: () => now });
  return { tokens, setNow: (instant: Date) => (now = instant) };
}

describe('AccessTokens.verify', () => {
  it('accepts a token it issued, again and again while it lasts, and says when it was issued', async () => {
    const { tokens, setNow } = tokensAt(ISSUED_AT);
    const token = await tokens.issue(CLAIMS);

    expect(await tokens.verify(token)).toEqual(VERIFIED);
    setNow(new Date(ISSUED_AT.getTime() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000));
    expect(await tokens.verify(token)).toEqual(VERIFIED);
  });

  it('makes every token a session of its own', async () => {
    const { tokens } = tokensAt(ISSUED_AT);
    const [first, second] = [await tokens.verify(await tokens.issue(CLAIMS)), await tokens.verify(await tokens.issue(CLAIMS))];

    expect(first?.session?.id).not.toEqual(second?.session?.id);
  });

  it('refuses a token once it expired, also one it accepted before', async () => {
    const { tokens, setNow } = tokensAt(ISSUED_AT);
    const token = await tokens.issue(CLAIMS);
    expect(await tokens.verify(token)).toEqual(VERIFIED);

    setNow(new Date(ISSUED_AT.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000));

    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses an expired token it never saw', async () => {
    const { tokens, setNow } = tokensAt(ISSUED_AT);
    const token = await tokens.issue(CLAIMS);

    setNow(new Date(ISSUED_AT.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000));

    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a tampered copy of a token it accepted', async () => {
    const { tokens } = tokensAt(ISSUED_AT);
    const token = await tokens.issue(CLAIMS);
    expect(await tokens.verify(token)).toEqual(VERIFIED);
    const [header, payload, signature = ''] = token.split('.');
    const otherBusiness = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), business_id: 'business-2' })).toString('base64url');

    expect(await tokens.verify(`${header}.${otherBusiness}.${signature}`)).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const token = await new AccessTokens(new Uint8Array(32).fill(8), { now: () => ISSUED_AT }).issue(CLAIMS);

    expect(await tokensAt(ISSUED_AT).tokens.verify(token)).toBeNull();
  });
});
