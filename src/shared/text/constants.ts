import { coded } from '../errors/coded';

// What the shared text rule (./schemas) says when it refuses a value.
export const textMessages = {
  control: (field: string) => coded('text.control', { field }),
  nul: (field: string) => coded('text.nul', { field }),
  broken: (field: string) => coded('text.broken', { field }),
  tooLong: (field: string, max: number) => coded('text.too_long', { field, max }),
  notText: (field: string) => coded('text.not_text', { field }),
} as const;
