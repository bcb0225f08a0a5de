import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { jsonTextTooDeep, MAX_JSON_DEPTH } from "@connector/core/guard";
import { request } from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { InvalidClientError } from "../errors/oauth-error.js";
import { type AddressPolicy, isFetchableAddress } from "./special-use-addresses.js";

export interface MetadataFetchLimits extends AddressPolicy {
  /** Bytes read at most; the draft recommends 5 kilobytes ("Maximum Response Size"). */
  maxBytes: number;
  /** The whole fetch, connection to last byte. */
  timeoutMs: number;
  /**
   * Certificate authorities (PEM) trusted instead of Node's bundle. For tests, whose metadata
   * server on loopback has a self-signed certificate; production leaves it unset.
   */
  trustedCertificates?: readonly string[];
}

export interface FetchedDocument {
  body: unknown;
  /** The response's Cache-Control header, for how long the document may be reused. */
  cacheControl: string | undefined;
}

/**
 * An internal address and a name that does not resolve get the same words: telling them apart
 * would let a stranger's `client_id` probe which internal host names exist.
 */
const NOT_PUBLIC = "its host does not resolve to a public address.";

const refuse = (reason: string) => new InvalidClientError(`The app's client ID metadata document was refused: ${reason}`);

/**
 * Resolves the name and refuses every special-use address before connecting: the check runs on
 * the address the socket then connects to, so a name that resolves differently a second time
 * (DNS rebinding) cannot slip an internal address past it.
 */
function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const allowed = addresses.filter((entry) => isFetchableAddress(entry.address, policy));
      if (allowed.length === 0 || allowed.length !== addresses.length) {
        return callback(Object.assign(new Error("internal address"), { code: "EINTERNAL" }), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/**
 * GET the client ID metadata document as the draft requires of the authorization server
 * ("Client Information Discovery", "Security Considerations"): HTTPS only; never to a special-use
 * address (the lookup above, and IP literals here, since Node does not look those up); no
 * redirects (a 3xx is an error, never followed); 200 only; a JSON content type; at most
 * `maxBytes` read; `timeoutMs` for all of it; no cookies or credentials sent. Every failure is
 * `invalid_client` with a reason the developer can act on, never a 500.
 */
export function fetchMetadataDocument(url: URL, limits: MetadataFetchLimits): Promise<FetchedDocument> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0 && !isFetchableAddress(host, limits)) {
    return Promise.reject(refuse(NOT_PUBLIC));
  }
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "GET",
      headers: { accept: "application/json" },
      lookup: guardedLookup(limits),
      ...(limits.trustedCertificates === undefined ? {} : { ca: [...limits.trustedCertificates] }),
      agent: false,
    });
    const deadline = setTimeout(() => req.destroy(refuse(`it did not arrive within ${limits.timeoutMs} ms.`)), limits.timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(deadline);
      reject(error instanceof InvalidClientError ? error : describeNetworkError(error));
    };
    req.on("error", fail);
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        const redirect = res.statusCode !== undefined && res.statusCode >= 300 && res.statusCode < 400;
        req.destroy(refuse(redirect ? "it answered with a redirect, which is not followed." : `it answered HTTP ${res.statusCode}.`));
        return;
      }
      const type = (res.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/json" && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
        req.destroy(refuse("it is not served as JSON (Content-Type application/json)."));
        return;
      }
      // Refused at once, not through the request's error: a body already received whole still ends,
      // and its end must not answer for the part that was kept ("not valid JSON").
      let tooLarge = false;
      const refuseTooLarge = () => {
        tooLarge = true;
        fail(refuse(`it is larger than ${limits.maxBytes} bytes.`));
        req.destroy();
      };
      if (Number(res.headers["content-length"]) > limits.maxBytes) {
        refuseTooLarge();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        if (tooLarge) return;
        size += chunk.length;
        if (size > limits.maxBytes) refuseTooLarge();
        else chunks.push(chunk);
      });
      res.on("error", fail);
      res.on("end", () => {
        if (tooLarge) return;
        clearTimeout(deadline);
        let body: unknown;
        const text = Buffer.concat(chunks).toString("utf8");
        // Another party's document: bounded like every JSON the service reads.
        if (jsonTextTooDeep(text)) {
          reject(refuse(`it nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`));
          return;
        }
        try {
          body = JSON.parse(text);
        } catch {
          reject(refuse("it is not valid JSON."));
          return;
        }
        resolve({ body, cacheControl: res.headers["cache-control"] });
      });
    });
    req.end();
  });
}

/** Network failures in words a developer can act on; the details stay out of the page. Exported for its test. */
export function describeNetworkError(error: Error): InvalidClientError {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  if (code === "EINTERNAL" || code === "ENOTFOUND" || code === "EAI_AGAIN") return refuse(NOT_PUBLIC);
  if (code.startsWith("ERR_TLS") || code.includes("CERT") || code === "DEPTH_ZERO_SELF_SIGNED_CERT") {
    return refuse("its HTTPS certificate is not trusted.");
  }
  return refuse("it could not be fetched.");
}
