// The money formatter is shared with the server's pages (link previews say "from 1 500 Da" as the page does).
export { CURRENCY_LABEL, formatPrice } from '@shared/locale/constants';
