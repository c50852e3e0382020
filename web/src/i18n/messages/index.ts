import type errors from '../errors/en.json';
import type en from './en.json';

// Messages live in one JSON file per language (ICU MessageFormat). en.json is the source of the
// ids; ar.json and fr.json must translate every one (checked where they are loaded and by
// messages.unit.spec.ts). At build time web/vite.config.ts compiles them to ASTs, so the browser
// never ships the ICU parser: do not pass `defaultMessage` strings to react-intl at run time.
/** The store's messages, and the API's errors by code (../errors, see error-text.ts). */
export type MessageId = keyof typeof en | keyof typeof errors;
export type Messages = Record<MessageId, string>;
