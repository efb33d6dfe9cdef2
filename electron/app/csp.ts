// The page's Content-Security-Policy, sent as a response header for every page the app serves (see
// protocol.ts) and repeated as a <meta> tag in renderer/index.html. Nothing but the app's own files:
// no remote scripts, styles, fonts, frames or connections, no inline script, no eval, no plugins.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
].join('; ');

/** The dev server's policy: Vite's client and React Fast Refresh need inline scripts and a websocket. */
export const DEV_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
  .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
  .replace("connect-src 'self'", "connect-src 'self' ws://127.0.0.1:* ws://localhost:*");
