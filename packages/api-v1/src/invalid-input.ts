import { ServiceError } from "@connector/core";
import type { z } from "zod";

/** A schema failure as the one error body: the first issue's path as `field`, never the value. */
export function invalidInput(error: z.ZodError, where: string): ServiceError {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join(".") ?? "";
  const field = path === "" ? where : path;
  const message =
    issue?.code === "unrecognized_keys"
      ? `The ${where} has a property this endpoint does not take.`
      : `${field}: ${issue?.message ?? "invalid"}.`;
  return new ServiceError("invalid_input", message, { field });
}
