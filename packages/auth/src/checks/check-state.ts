import { InvalidRequestError } from "../errors/oauth-error.js";

/** Spec §5.1.4: a random state of at least 16 characters, so a client cannot skip CSRF protection. */
export const STATE_MIN_LENGTH = 16;
/** Not set by the spec: bounds what we echo into a redirect URL. */
export const STATE_MAX_LENGTH = 512;

/** @see RFC 6749 §4.1.1 and §10.12 (state as the client's CSRF protection) */
export function checkState(state: string | undefined): string {
  if (state === undefined || state.length < STATE_MIN_LENGTH) {
    throw new InvalidRequestError(`The state parameter is required and must be at least ${STATE_MIN_LENGTH} characters.`);
  }
  if (state.length > STATE_MAX_LENGTH) {
    throw new InvalidRequestError(`The state parameter must be at most ${STATE_MAX_LENGTH} characters.`);
  }
  return state;
}
