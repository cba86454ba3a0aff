import { NextResponse } from 'next/server';
import type { NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { dashboardSecret } from './lib/web/dashboard-secret.ts';
import { env } from './lib/env.ts';

/**
 * The dashboard's signed-in pages: without a session (or one whose refresh failed), go to
 * /login, which returns here afterwards. The API is not behind this: it is bearer-only.
 */
export async function proxy(request: NextRequest) {
  // The session cookie is __Secure- prefixed exactly when the app is served over https (APP_URL).
  const token = await getToken({ req: request, secret: dashboardSecret(), secureCookie: env().APP_URL.startsWith('https://') });
  if (token && !token.error) return NextResponse.next();
  const login = new URL('/login', request.url);
  login.searchParams.set('callbackUrl', `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
}

export const config = {
  matcher: ['/documents/:path*', '/credentials/:path*', '/seals/:path*', '/settings/:path*', '/billing/:path*', '/organization/:path*', '/admin/:path*'],
};
