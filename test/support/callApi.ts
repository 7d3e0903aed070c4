/** One JSON call to a running vf server's API: unwraps `result`, throws with the server's message. */
export async function callApi<T>(origin: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(origin + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { result: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
  return json.result;
}
