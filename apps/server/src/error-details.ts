/**
 * What of an unexpected error may be logged: its class, code and call sites. The message is left
 * out because driver messages can quote row values (an email in a unique-key violation, say).
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const frames = (error.stack ?? "").split("\n").slice(1, 8).map((line) => line.trim());
  return { name: error.name, code: (error as { code?: unknown }).code, frames };
}
