import {
  CATALOGUE_LANGUAGES,
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  IMAGE_MIME_TYPES,
  imageProblem as sharedImageProblem,
  isCatalogueLanguage,
  translationProblems,
} from '@shared/catalogue/constants';
import type { Language } from '@shared/identity/constants';
import { ApiError, isRecord, type Problem } from '../../api/http';
import { problemInPageLanguage } from '../../i18n/error-text';
import type { CategoryForm } from '../api/categories';
import type { AdminMessageId, MessageValues } from '../i18n';

// The add / edit form's rules: the server's (src/shared/catalogue) checked before the request,
// so a mistake shows next to its field (in its language's tab) in the admin's language, and the
// server's answer to what only it can judge (the image's bytes, a limit, the shop's default
// language if it changed meanwhile) put next to the field it names.

/** A language's name or description (`name.ar`), or the image. */
export type CategoryField = `${'name' | 'description'}.${Language}` | 'image';

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

/**
 * The shared rules of the languages (the shop's default one named, a name wherever there is a
 * description), and names and descriptions as long as the server takes. `language` is the
 * language's name in the admin's language, for the messages.
 */
export function formProblems(
  form: Pick<CategoryForm, 'texts'>,
  defaultLanguage: Language,
  languageName: (language: Language) => string,
): FieldProblems {
  const problems: FieldProblems = {};
  const rules = translationProblems(form.texts, defaultLanguage);
  for (const language of CATALOGUE_LANGUAGES) {
    const { name, description } = form.texts[language];
    const rule = rules[language];
    if (rule)
      problems[`name.${language}`] = {
        id: rule === 'defaultLanguageRequired' ? 'admin.categories.form.nameRequired' : 'admin.categories.form.nameFor',
        values: { language: languageName(language) },
      };
    else if (name.trim().length > CATEGORY_NAME_MAX)
      problems[`name.${language}`] = { id: 'admin.categories.form.tooLong', values: { max: CATEGORY_NAME_MAX } };
    if (description.trim().length > CATEGORY_DESCRIPTION_MAX)
      problems[`description.${language}`] = {
        id: 'admin.categories.form.tooLong',
        values: { max: CATEGORY_DESCRIPTION_MAX },
      };
  }
  return problems;
}

/** The first language whose fields have a problem (the default one first), to open its tab. */
export function languageWithProblem(problems: FieldProblems, defaultLanguage: Language): Language | undefined {
  return [defaultLanguage, ...CATALOGUE_LANGUAGES].find(
    (language) => problems[`name.${language}`] || problems[`description.${language}`],
  );
}

/** The server's problem in the admin's language, by its code. */
const problemOf = (problem: Problem | undefined): FieldProblem => ({ text: problemInPageLanguage(problem) });

/**
 * A refused save's field problems: a 400's by field (`translations.ar.name` on Arabic's name), the
 * shop's default language missing on its name, an image refused (413, or its bytes).
 */
export function serverProblems(error: unknown): FieldProblems {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 413 || error.problem?.code === 'catalogue.image_type')
    return { image: problemOf(error.problem) };
  if (error.status !== 400) return {};
  const problems: FieldProblems = {};
  const missing = error.problem?.code === 'catalogue.default_language_required' && error.problem.params?.language;
  if (isCatalogueLanguage(missing)) problems[`name.${missing}`] = problemOf(error.problem);
  for (const language of CATALOGUE_LANGUAGES)
    for (const field of ['name', 'description'] as const) {
      const problem = error.fields[`translations.${language}.${field}`];
      if (problem) problems[`${field}.${language}`] = problemOf(problem);
    }
  return problems;
}

/** A delete refused because the category still holds products: how many (409 with `productsCount`). */
export function productsInTheWay(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isRecord(error.body)) return null;
  const count = error.body.productsCount;
  return typeof count === 'number' ? count : null;
}
