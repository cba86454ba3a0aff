'use client';

import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { SessionProvider, signOut, useSession } from 'next-auth/react';
import { ApolloProvider } from '@apollo/client/react';
import { createApi } from './api-client.ts';

/** A session signed out elsewhere (TOKEN_REVOKED): sign out here too, and come back after signing in. */
function endSession() {
  const here = `${window.location.pathname}${window.location.search}`;
  void signOut({ callbackUrl: `/login?callbackUrl=${encodeURIComponent(here)}` });
}

/**
 * The dashboard talks to the public API (/v1/graphql) with the session's bearer token, like any
 * client. One client (and cache) per signed-in user: a refreshed token (every 14 minutes) is
 * used from the next request on, and nothing is fetched again for it (the old token stays valid
 * for its last minute). Another user gets a new client, so nothing of a previous user's cache
 * is ever shown. A session signed out elsewhere ends here at its next request.
 */
function ApiProvider({ children }: { children: ReactNode }) {
  const { data, status } = useSession();
  const token = (data as { accessToken?: string | null } | null)?.accessToken ?? null;
  const userId = (data?.user as { id?: string } | undefined)?.id ?? null;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new client per user; a new token goes through setToken
  const api = useMemo(() => createApi(token, undefined, endSession), [userId]);
  useEffect(() => {
    api.setToken(token);
  }, [api, token]);
  // Queries wait for the session, so the first ones carry the token.
  if (status === 'loading')
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  return <ApolloProvider client={api.client}>{children}</ApolloProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  // The session is re-read every 4 minutes: its access token is refreshed a minute before it expires.
  return (
    <SessionProvider refetchInterval={240} refetchOnWindowFocus>
      <ApiProvider>{children}</ApiProvider>
    </SessionProvider>
  );
}
