import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';

/**
 * An API client with its own cache, whose every request carries the token current at that
 * moment: `setToken` swaps it without touching the cache (the dashboard's session refreshes
 * its access token every 14 minutes).
 */
export function createApi(initialToken: string | null, uri = '/v1/graphql') {
  let token = initialToken;
  const client = new ApolloClient({
    link: new SetContextLink((prev) => ({ headers: { ...prev.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } })).concat(new HttpLink({ uri })),
    cache: new InMemoryCache(),
  });
  return {
    client,
    setToken(next: string | null) {
      token = next;
    },
  };
}
