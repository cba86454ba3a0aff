/**
 * One operation against the public API (/v1/graphql) from a page outside the signed-in shell
 * (sign-up, password reset, confirmation, invitations), with the session's bearer token when
 * there is one. Answers the operation's data; throws the answer's body when it carries errors,
 * which describeError puts into words.
 */
export async function callApi<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, token?: string | null): Promise<T> {
  const res = await fetch('/v1/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length || !body.data) throw body;
  return body.data;
}
