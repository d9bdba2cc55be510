/** Every cookie of ours starts with this (the auth library's session cookie included). */
export const SESSION_COOKIE_PREFIX = "abundance";
