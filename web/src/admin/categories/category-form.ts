import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  IMAGE_MIME_TYPES,
  imageProblem as sharedImageProblem,
} from '@shared/catalogue/constants';
import { ApiError, isRecord, type Problem } from '../../api/http';
import { problemInPageLanguage } from '../../i18n/error-text';
import type { CategoryForm } from '../api/categories';
import type { AdminMessageId, MessageValues } from '../i18n';

// The add / edit form's rules: the server's (src/shared/catalogue/schemas.ts) checked before the
// request, so a mistake shows next to its field in the admin's language, and the server's answer
// to what only it can judge (the image's bytes, a limit) put next to the field it names.

export type CategoryField = 'name' | 'description' | 'image';

/** A field's problem: an admin message, or the server's own words when it is one we do not know. */
export type FieldProblem = { id: AdminMessageId; values?: MessageValues } | { text: string };
export type FieldProblems = Partial<Record<CategoryField, FieldProblem>>;

/** The pictures the server renders (JPG, PNG or WebP). */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

/** The shared rule (docs/product.md#validation): a JPG, PNG or WebP of at most 2 MB, checked when the file is chosen. */
export function imageProblem(file: { size: number; type: string }): FieldProblem | null {
  const problem = sharedImageProblem(file);
  if (!problem) return null;
  return {
    id: problem === 'imageTooLarge' ? 'admin.categories.form.imageTooLarge' : 'admin.categories.form.imageType',
  };
}

/** The name is required; name and description as long as the server takes. */
export function formProblems(form: Pick<CategoryForm, 'name' | 'description'>): FieldProblems {
  const problems: FieldProblems = {};
  const name = form.name.trim();
  if (!name) problems.name = { id: 'admin.categories.form.nameRequired' };
  else if (name.length > CATEGORY_NAME_MAX)
    problems.name = { id: 'admin.categories.form.tooLong', values: { max: CATEGORY_NAME_MAX } };
  if (form.description.trim().length > CATEGORY_DESCRIPTION_MAX)
    problems.description = { id: 'admin.categories.form.tooLong', values: { max: CATEGORY_DESCRIPTION_MAX } };
  return problems;
}

/** The server's problem in the admin's language, by its code. */
const problemOf = (problem: Problem | undefined): FieldProblem => ({ text: problemInPageLanguage(problem) });

/** A refused save's field problems: a 400's by field, an image refused (413, or its bytes). */
export function serverProblems(error: unknown): FieldProblems {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 413 || error.problem?.code === 'catalogue.image_type')
    return { image: problemOf(error.problem) };
  if (error.status !== 400) return {};
  const problems: FieldProblems = {};
  for (const field of ['name', 'description'] as const) {
    if (error.fields[field]) problems[field] = problemOf(error.fields[field]);
  }
  return problems;
}

/** A delete refused because the category still holds products: how many (409 with `productsCount`). */
export function productsInTheWay(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isRecord(error.body)) return null;
  const count = error.body.productsCount;
  return typeof count === 'number' ? count : null;
}
