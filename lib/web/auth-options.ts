import type { AuthOptions, User } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { publicError } from '../graphql/errors.ts';
import { loginUser, revokeRefreshToken, rotateRefreshToken } from '../auth/accounts.ts';
import type { SignedIn } from '../auth/accounts.ts';
import { verifyMfaLogin } from '../auth/mfa.ts';
import { dashboardSecret } from './dashboard-secret.ts';
import { hashRefreshToken } from '../auth/tokens.ts';
import { clientIp } from '../http/client-ip.ts';
import { env } from '../env.ts';
import { db } from '../db/index.ts';

/**
 * The dashboard's sign-in (next-auth v4, JWT sessions in an encrypted cookie). The Credentials
 * provider calls the very functions of the `login` and `verifyMfaLogin` mutations, so the
 * lockout, MFA and everything else hold here too. The session keeps that API's token pair: the
 * access token goes to the browser (the dashboard is a client of /v1/graphql with a bearer
 * token, never a cookie), the refresh token stays in the cookie and is rotated a minute before
 * the access token expires. Signing out revokes it.
 */

/** When `login` asks for the second factor, the provider fails with this prefix and the pending token. */
export const MFA_REQUIRED_PREFIX = 'MFA_REQUIRED:';

interface SessionUser extends User {
  accessToken: string;
  refreshToken: string;
  accessTokenExpires: number;
}

async function asSessionUser(auth: SignedIn): Promise<SessionUser> {
  const user = await db().user.findUniqueOrThrow({ where: { id: auth.userId }, select: { id: true, email: true, displayName: true } });
  return { id: user.id, email: user.email, name: user.displayName, accessToken: auth.accessToken, refreshToken: auth.refreshToken, accessTokenExpires: Date.now() + auth.expiresIn * 1000 };
}

/**
 * Rotations of the dashboard's refresh tokens under way or just done, by the old token's hash:
 * a page's requests come at once (the session fetch, a server component, a second tab), each
 * with the same cookie. Rotating the same refresh token twice is a reuse, which ends the
 * session: the user was signed out at random. Here a rotation is done once, and the requests
 * that come with the old cookie while it runs, or up to 5 s after, get the pair it gave (the
 * browser then holds the new cookie). For those seconds a replay of the old cookie is not told
 * from the page's own requests: the window is kept to what one page load needs. Signing out
 * forgets the session's entries. Per server process, on globalThis (Next bundles this module
 * into several routes); dashboards behind a load balancer want sticky sessions for it. The
 * API's refreshToken mutation still treats any second use as a reuse.
 */
const ROTATION_SHARED_MS = 5_000;
const ROTATIONS = Symbol.for('sealwright.dashboard.rotations');
/** A rotation: its answer, until when it is shared (while it runs: for good), and the refresh token it gave. */
type Rotation = { result: Promise<SignedIn>; until: number; next?: string };
const rotations = ((globalThis as Record<symbol, unknown>)[ROTATIONS] ??= new Map()) as Map<string, Rotation>;

function rotateOnce(refreshToken: string): Promise<SignedIn> {
  const now = Date.now();
  for (const [key, entry] of rotations) if (entry.until <= now) rotations.delete(key);
  const key = hashRefreshToken(refreshToken);
  const known = rotations.get(key);
  if (known) return known.result;
  const result = rotateRefreshToken({ refreshToken });
  const entry: Rotation = { result, until: Infinity };
  rotations.set(key, entry);
  result.then(
    (rotated) => {
      entry.until = Date.now() + ROTATION_SHARED_MS;
      entry.next = rotated.refreshToken;
    },
    // A refusal is not kept: the next request asks again (and is refused again, or signs out).
    () => rotations.delete(key),
  );
  return result;
}

/** Sign-out: no request with an older cookie of this session gets a pair from the rotations kept. */
function forgetRotations(refreshToken: string): void {
  const key = hashRefreshToken(refreshToken);
  for (const [k, entry] of rotations) if (k === key || entry.next === refreshToken) rotations.delete(k);
}

function addressOf(headers: Record<string, unknown> | undefined): string {
  const forwarded = headers?.['x-forwarded-for'];
  return clientIp(new Request('http://dashboard.invalid/', { headers: typeof forwarded === 'string' ? { 'x-forwarded-for': forwarded } : {} }));
}

export function authOptions(): AuthOptions {
  process.env.NEXTAUTH_URL ??= env().APP_URL;
  return {
    secret: dashboardSecret(),
    useSecureCookies: env().APP_URL.startsWith('https://'),
    session: { strategy: 'jwt', maxAge: 30 * 24 * 3600 },
    pages: { signIn: '/login' },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' }, mfaPendingToken: { type: 'hidden' }, code: { label: 'Code', type: 'text' } },
        async authorize(credentials, req) {
          const ip = addressOf(req?.headers as Record<string, unknown> | undefined);
          let pendingToken: string | null | undefined;
          try {
            if (credentials?.mfaPendingToken) {
              return await asSessionUser(await verifyMfaLogin({ input: { mfaPendingToken: credentials.mfaPendingToken, code: credentials.code ?? '' }, clientIp: ip }));
            }
            const auth = await loginUser({ input: { email: credentials?.email ?? '', password: credentials?.password ?? '' }, clientIp: ip });
            if (!auth.mfaRequired) return await asSessionUser(auth as SignedIn);
            pendingToken = auth.mfaPendingToken;
          } catch (err) {
            // next-auth puts the message in the form's address: the API's own words, as the
            // login mutation answers them (lib/graphql/errors.ts), never an internal error's.
            throw new Error(publicError(err, 'dashboard sign-in').message);
          }
          // The second factor: the form shows its step with the pending token.
          throw new Error(`${MFA_REQUIRED_PREFIX}${pendingToken}`);
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as SessionUser;
          return { ...token, sub: u.id, accessToken: u.accessToken, refreshToken: u.refreshToken, accessTokenExpires: u.accessTokenExpires, error: undefined };
        }
        if (typeof token.accessTokenExpires === 'number' && Date.now() < token.accessTokenExpires - 60_000) return token;
        if (typeof token.refreshToken !== 'string') return { ...token, error: 'SignedOut' };
        try {
          const next = await rotateOnce(token.refreshToken);
          return { ...token, accessToken: next.accessToken, refreshToken: next.refreshToken, accessTokenExpires: Date.now() + next.expiresIn * 1000, error: undefined };
        } catch {
          return { ...token, accessToken: undefined, refreshToken: undefined, error: 'SignedOut' };
        }
      },
      async session({ session, token }) {
        return {
          ...session,
          user: { ...session.user, id: token.sub },
          accessToken: typeof token.accessToken === 'string' ? token.accessToken : null,
          error: typeof token.error === 'string' ? token.error : null,
        };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.refreshToken === 'string') {
          forgetRotations(token.refreshToken);
          await revokeRefreshToken(token.refreshToken);
        }
      },
    },
  };
}
