'use client';

import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { SessionProvider, useSession } from 'next-auth/react';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ApolloProvider } from '@apollo/client/react';

function newClient(token: string | null) {
  return new ApolloClient({
    link: new SetContextLink((prev) => ({ headers: { ...prev.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } })).concat(new HttpLink({ uri: '/v1/graphql' })),
    cache: new InMemoryCache(),
  });
}

/**
 * The dashboard talks to the public API (/v1/graphql) with the session's bearer token, like any
 * client. A refreshed token (every 14 minutes) makes a new client; its queries fetch again.
 */
function ApiProvider({ children }: { children: ReactNode }) {
  const { data, status } = useSession();
  const token = (data as { accessToken?: string | null } | null)?.accessToken ?? null;
  const client = useMemo(() => newClient(token), [token]);
  // Queries wait for the session, so the first ones carry the token.
  if (status === 'loading') return <p className="muted" role="status">Loading…</p>;
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  // The session is re-read every 4 minutes: its access token is refreshed a minute before it expires.
  return (
    <SessionProvider refetchInterval={240} refetchOnWindowFocus>
      <ApiProvider>{children}</ApiProvider>
    </SessionProvider>
  );
}
