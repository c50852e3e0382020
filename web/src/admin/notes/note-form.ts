import { NOTE_MAX } from '@shared/notes/constants';
import { ApiError, type Problem } from '../../api/http';

// The note form's rule (docs/product.md#notes): the server's noteSchema, the parts a form can see
// before sending (a blank note, one too long), answered with the server's own codes so the field
// says it as the server would, in the admin's language. What else the server refuses (a control
// character) comes back as the field's problem.

/** The field as the server's messages name it ("Note is required"). */
const FIELD = 'Note';

/** What is wrong with the text before it is sent, or undefined. */
export function noteProblem(text: string): Problem | undefined {
  const kept = text.trim();
  if (!kept) return { code: 'text.required', params: { field: FIELD } };
  if (kept.length > NOTE_MAX) return { code: 'text.too_long', params: { field: FIELD, max: NOTE_MAX } };
  return undefined;
}

/** The text's problem in a refused note (a 400 names the field `text`), or undefined for other failures. */
export function refusedNoteProblem(error: unknown): Problem | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return error.fields.text ?? error.problem;
}
