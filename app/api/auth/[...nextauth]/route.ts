import NextAuth from 'next-auth';
import { authOptions } from '../../../../lib/web/auth-options.ts';

export const dynamic = 'force-dynamic';

type Handler = (request: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

/** next-auth's routes (/api/auth/*): sign-in with the API's login, the session, sign-out. */
const handler: Handler = async (request, context) => {
  const nextauth = NextAuth(authOptions()) as unknown as Handler;
  return nextauth(request, context);
};

export { handler as GET, handler as POST };
