import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { dashboardSecret } from './lib/web/dashboard-secret.ts';
import { env } from './lib/env.ts';
import { needsSession } from './lib/web/signed-in-paths.ts';

/** The signed-in sections, from the app/ folder at build time (next.config.ts); null if the build gave none. */
const SIGNED_IN = process.env.SEALWRIGHT_SIGNED_IN_SEGMENTS?.split(',').filter(Boolean) ?? null;

/**
 * The dashboard's signed-in pages, every section of app/ but the public ones
 * (lib/web/signed-in-paths.ts): without a session (or one whose refresh failed), go to /login,
 * which returns here afterwards. The API is not behind this: it is bearer-only.
 */
export async function proxy(request: NextRequest) {
  if (!needsSession(request.nextUrl.pathname, SIGNED_IN)) return NextResponse.next();
  // The session cookie is __Secure- prefixed exactly when the app is served over https (APP_URL).
  const token = await getToken({ req: request, secret: dashboardSecret(), secureCookie: env().APP_URL.startsWith('https://') });
  if (token && !token.error) return NextResponse.next();
  const login = new URL('/login', request.url);
  login.searchParams.set('callbackUrl', `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
}

// Every page address but the APIs, Next's assets and the avatars (public, and hot): which of
// them need a session is decided above, from the app/ folder, not listed here by hand.
export const config = {
  matcher: ['/((?!v1/|api/|_next/|avatars/).*)'],
};
