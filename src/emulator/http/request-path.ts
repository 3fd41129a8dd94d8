/**
 * The path a request names, as the router sees it and beyond: checks on the raw URL are fooled by
 * what the router decodes (`/%5Femulator/...` routes to `/_emulator/...`) or strips (the origin of an
 * absolute-form target, `GET http://evil.example/_emulator/state`). The simulation API's guard and
 * the fault rules read the path through here.
 */
import type { FastifyRequest } from 'fastify';

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The URL's path without origin, query or fragment, percent-decoded once (as the router decodes it;
 * a broken escape is kept as sent), with `\` read as `/`, runs of `/` collapsed and `.`/`..`
 * segments resolved. Case is kept.
 */
export function requestPath(url: string): string {
  let path = url.replace(ABSOLUTE_FORM, '');
  const end = path.search(/[?#]/);
  if (end !== -1) path = path.slice(0, end);
  path = decodeLeniently(path).replaceAll('\\', '/');
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = path.length > 1 && path.endsWith('/') && segments.length > 0 ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}

/**
 * The path the router matches routes against: without origin, query or fragment, percent-decoded
 * once (a broken escape kept as sent); unlike `requestPath`, slashes and dot segments are left as
 * sent, as the router leaves them.
 */
export function routedPath(url: string): string {
  const path = url.replace(ABSOLUTE_FORM, '');
  const end = path.search(/[?#]/);
  return decodeLeniently(end === -1 ? path : path.slice(0, end));
}

function decodeLeniently(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    // Decode what can be: each valid escape sequence on its own.
    return path.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

const SIMULATION_PREFIX = '/_emulator';

/**
 * True when the router sent the request to a simulation route. A request no route took (answered
 * 404) counts as one when its path, decoded up to three times, normalised and in any letter case, is
 * under `/_emulator`: the guard errs towards refusing.
 */
export function isSimulationRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return route.startsWith(SIMULATION_PREFIX);
  let path = request.url;
  for (let round = 0; round < 3; round++) {
    const next = requestPath(path);
    if (next.toLowerCase().startsWith(SIMULATION_PREFIX)) return true;
    if (next === path) break;
    path = next;
  }
  return false;
}
