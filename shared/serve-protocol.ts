// Owns the names `skillbench serve` and its page agree on for browser-mode auth: where the launch code is
// traded for the session token, and the WebSocket subprotocols that carry it.

/** Where the page trades the launch code (the printed link's `#code=`) for the session token. */
export const SESSION_PATH = '/auth/session';
/**
 * The WebSocket subprotocol the page asks for; the token travels as a second one,
 * `skillbench.bearer.<token>`.
 */
export const WS_PROTOCOL = 'skillbench';
export const WS_TOKEN_PREFIX = 'skillbench.bearer.';
