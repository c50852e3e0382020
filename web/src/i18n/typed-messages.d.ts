import type { MessageId } from './messages';

// Makes react-intl check message ids at compile time: a typo in an id is a type error.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
