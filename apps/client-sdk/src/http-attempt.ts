import { AbortedError, ConnectionError, TimeoutError } from "./errors.js";

export interface AttemptAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when it was empty or not JSON. */
  body: unknown;
}

/**
 * One HTTP exchange, the body read in full, within `timeoutMs` and the caller's signal. A timeout is a
 * {@link TimeoutError}, the caller's abort an {@link AbortedError}, anything else that leaves no answer
 * (refused, reset, cut mid-body) a {@link ConnectionError}. Each attempt sends its own `X-Request-Id`,
 * which the service adopts, so even an attempt that got no answer has an id to quote.
 */
export async function httpAttempt(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<AttemptAnswer> {
  if (signal?.aborted) throw abortedBy(signal.reason);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  const requestId = globalThis.crypto.randomUUID();
  const headers = new Headers(init.headers);
  headers.set("x-request-id", requestId);
  try {
    const response = await fetchImpl(url, { ...init, headers, signal: controller.signal });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: parseJson(text) };
  } catch (cause) {
    if (signal?.aborted) throw abortedBy(signal.reason);
    if (timedOut) throw new TimeoutError(timeoutMs, requestId);
    throw new ConnectionError(cause, requestId);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** Waits `ms`, or rejects with {@link AbortedError} as soon as the signal fires. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedBy(signal.reason));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedBy(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The caller's signal fired: {@link TimeoutError} when it is `AbortSignal.timeout()`'s (its reason is a
 * `TimeoutError` DOMException), so a deadline reads as one whichever way it was set; else {@link AbortedError}.
 */
export function abortedBy(reason: unknown): AbortedError | TimeoutError {
  if (reason instanceof Error && reason.name === "TimeoutError") return new TimeoutError(undefined);
  return new AbortedError(reason);
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
