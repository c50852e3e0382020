/** The end of a switch over a union: a compile error when a case is missing, a loud error if one gets through anyway. */
export function exhaustive(value: never): never {
  throw new Error(`Unhandled: ${JSON.stringify(value)}`);
}
