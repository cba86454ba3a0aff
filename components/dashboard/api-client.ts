import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';

/**
 * An API client with its own cache, whose every request carries the token current at that
 * moment: `setToken` swaps it without touching the cache (the dashboard's session refreshes
 * its access token every 14 minutes). `onSessionEnded` is called once when the API says the
 * session was signed out elsewhere (TOKEN_REVOKED: logout, another session's password change).
 */
export function createApi(initialToken: string | null, uri = '/v1/graphql', onSessionEnded?: () => void) {
  let token = initialToken;
  let ended = false;
  const sessionEnded = new ErrorLink(({ error }) => {
    if (ended || !onSessionEnded || !CombinedGraphQLErrors.is(error)) return;
    if (!error.errors.some((e) => e.extensions?.code === 'TOKEN_REVOKED')) return;
    ended = true;
    onSessionEnded();
  });
  const client = new ApolloClient({
    link: sessionEnded.concat(new SetContextLink((prev) => ({ headers: { ...prev.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }))).concat(new HttpLink({ uri })),
    cache: new InMemoryCache(),
  });
  return {
    client,
    setToken(next: string | null) {
      token = next;
    },
  };
}
