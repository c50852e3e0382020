// What the shared text rule (./schemas) says when it refuses a value.
export const textMessages = {
  control: (field: string) => `${field} must not contain control characters`,
  nul: (field: string) => `${field} must not contain the NUL character`,
  broken: (field: string) => `${field} contains a broken character (not valid Unicode)`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  notText: (field: string) => `${field} must be text`,
} as const;
