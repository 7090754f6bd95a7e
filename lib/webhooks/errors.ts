/** An error as one log-friendly line, `Name: message` (never a stack; no secret is in one). */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
