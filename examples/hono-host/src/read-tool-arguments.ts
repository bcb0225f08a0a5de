import { ServiceError } from "@connector/core";

/**
 * A tool call's arguments: a JSON body (no body at all is `{}`, as the service takes it). Only reading
 * is the host's job; whether the arguments are right is core's (`executeTool` validates them).
 */
export async function readToolArguments(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length === 0) return {};
  const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw new ServiceError("unsupported_media_type", "Send a JSON body with Content-Type: application/json.");
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ServiceError("invalid_input", "The request body is not valid JSON.", { cause: error });
  }
}
