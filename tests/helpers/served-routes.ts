import type { App } from '../../src/server/app';

export interface ServedRoute {
  method: string;
  /** The route as Fastify knows it, with :params. */
  url: string;
}

/**
 * Every route the app serves, read from Fastify's own route tree (HEAD left out: Fastify adds it
 * beside each GET), so a test that walks them cannot miss a route added later.
 */
export function servedRoutes(app: App): ServedRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: ServedRoute[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

/** A concrete URL for a route: each :param becomes `value`. */
export const concreteUrl = (route: string, value = '1') => route.replace(/:[A-Za-z_]+/g, value);
