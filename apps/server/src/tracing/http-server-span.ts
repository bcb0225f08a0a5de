import { type Attributes, context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { RequestHandler } from "express";
import type { MatchedRoute, RouteOf } from "../matched-route.js";

/** The methods HTTP's conventions name; any other is `_OTHER` (the method is the client's text). */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE", "QUERY"]);

/** A route parameter's value kept in `url.path`: a word of the service's own vocabulary (`desk`, `list_accounts`, `es`). */
const VOCABULARY_WORD = /^[a-z_]{1,64}$/;

/**
 * `url.path` as a span may carry it: the matched route with each parameter's value, unless that value
 * could be anything else than the service's own words (an id, a token, whatever a client typed where an
 * id goes), which stays the parameter's name (`/api/v1/drafts/:draftId`). The conventions ask for
 * sensitive content in the path to be scrubbed; the request's log line has the address as sent. No query.
 */
function scrubbedPath({ template, params }: MatchedRoute): string {
  return template
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const value = params[segment.slice(1)];
      return typeof value === "string" && VOCABULARY_WORD.test(value) ? value : segment;
    })
    .join("/");
}

/**
 * One SERVER span per HTTP request, by OpenTelemetry's HTTP conventions: named `{method} {http.route}`
 * (`{method}` when no route answered), continuing the caller's `traceparent`/`tracestate`, with
 * `http.request.method`, `url.scheme`, `url.path` (scrubbed, never the query), `http.route`,
 * `http.response.status_code`, `server.address` and `server.port` (the service's public address, not
 * the `Host` a client sent) and `network.protocol.version`. Left out on purpose: the query, the client's
 * address, its user agent and every header. A 5xx marks the span failed. Everything the request does
 * runs in the span's context, so the checks, the tool and the store make its children.
 */
export function traceHttpRequests(options: { routeOf: RouteOf; baseUrl: string }): RequestHandler {
  const tracer = trace.getTracer("@connector/server");
  const base = new URL(options.baseUrl);
  const scheme = base.protocol.replace(/:$/, "");
  const server: Attributes = {
    "server.address": base.hostname,
    "server.port": base.port === "" ? (scheme === "https" ? 443 : 80) : Number(base.port),
    "url.scheme": scheme,
  };
  return (req, res, next) => {
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const method = KNOWN_METHODS.has(req.method) ? req.method : "_OTHER";
    const span = tracer.startSpan(
      method === "_OTHER" ? "HTTP" : method,
      {
        kind: SpanKind.SERVER,
        attributes: { ...server, "http.request.method": method, "network.protocol.version": req.httpVersion },
      },
      parent,
    );
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const route = options.routeOf(req);
      if (route !== undefined) {
        span.setAttribute("http.route", route.template);
        span.setAttribute("url.path", scrubbedPath(route));
        span.updateName(`${method === "_OTHER" ? "HTTP" : method} ${route.template}`);
      }
      if (res.headersSent) span.setAttribute("http.response.status_code", res.statusCode);
      if (res.statusCode >= 500) {
        span.setAttribute("error.type", String(res.statusCode));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    };
    res.once("finish", end);
    res.once("close", end);
    context.with(trace.setSpan(parent, span), next);
  };
}
