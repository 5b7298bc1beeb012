import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage } from 'node:http';

/**
 * The socket's origin, named explicitly: 'self' covers ws:/wss: of the same host only in browsers
 * that follow CSP level 3. A Host header that is not a plain host[:port] adds nothing.
 */
const socketSources = (request: IncomingMessage): string => {
  const host = request.headers.host ?? '';
  return /^[a-z0-9.-]+(:\d+)?$/i.test(host) || /^\[[0-9a-f:]+\](:\d+)?$/i.test(host) ? `ws://${host} wss://${host}` : "'self'";
};

/** Where the Facebook JavaScript SDK is served from, and the frames its login uses. */
export const FACEBOOK_SDK_ORIGIN = 'https://connect.facebook.net';
const FACEBOOK_LOGIN_FRAMES = ['https://www.facebook.com', 'https://web.facebook.com', 'https://staticxx.facebook.com'];

/**
 * Security headers on every answer (UI pages, API, errors). The CSP is the one the built UI meets:
 * no inline script; Chakra (emotion) injects style tags, hence 'unsafe-inline' styles; pictures,
 * recordings and previews come from blob:/data:; contact pictures and help thumbnails from the
 * channels' and YouTube's https hosts; help videos play in YouTube's or Vimeo's frame. Routes that
 * serve user files set their own stricter policy (media: sandbox).
 *
 * `facebookLogin` (the server has a Meta app): the Facebook JavaScript SDK may load from its origin
 * (script-src) and open its login frames (frame-src), and nowhere else; without a Meta app neither is allowed.
 *
 * helmet's middleware is built once here: @fastify/helmet built it again on every request (about 2.6 %
 * of a ticket page's Node time).
 */
export async function installSecurityHeaders(app: FastifyInstance, options: { facebookLogin?: boolean } = {}): Promise<void> {
  const facebook = options.facebookLogin ?? false;
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(facebook ? [FACEBOOK_SDK_ORIGIN] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketSources],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', ...(facebook ? FACEBOOK_LOGIN_FRAMES : [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Browsers ignore it over plain http; no includeSubDomains, which would bind the operator's other hosts.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
  app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}
