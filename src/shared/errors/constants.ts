// Every error the API can answer, by stable code: what the server sends as `code` (and, for a field,
// in `fields`), and what the web app translates (web/src/i18n/errors/{ar,fr,en}.json). The text here
// is the English answer, an ICU message whose {placeholders} are the error's `params`; rewording it
// changes no translation, renaming a code breaks the web app's unit test. Zod-free: the web app
// imports it. See docs/architecture.md#errors.

/** A code's English text, with the params its placeholders name (none when P is void). */
interface ErrorEntry<P> {
  readonly en: string;
  /** Only carries P's type: the params a code takes. */
  readonly params?: P;
}

const entry = <P = void>(en: string): ErrorEntry<P> => ({ en });

type Field = { field: string };

export const ERRORS = {
  // Requests
  'request.invalid': entry<{ detail: string }>('The request is not valid: {detail}'),
  'request.not_found': entry<{ method: string; path: string }>('No route for {method} {path}'),
  'request.control_character': entry('Not found: the address holds a control character'),
  'request.body_too_large': entry('Request body is too large'),
  'request.body_not_json': entry('Request body is not valid JSON'),
  'request.malformed_form': entry<{ detail: string }>('Malformed form data: {detail}'),
  'request.one_image': entry<Field>('Send one image, in the "{field}" field'),
  'request.if_match': entry('If-Match must be the ETag of the item, such as "3"'),
  'request.page': entry('Page must be a whole number of at least 1'),
  'request.page_size': entry<{ max: number }>('Limit must be a whole number from 1 to {max}'),
  'request.image_not_found': entry('Image not found'),
  'server.internal': entry('Something went wrong on our side. Please try again.'),
  'server.unavailable': entry('The store is unavailable for a moment. Please try again in a few seconds.'),
  'edit.stale': entry<{ changedBy: string; changedAt: string; change: string }>(
    'This item was changed by {changedBy} at {changedAt} ({change}), after you opened it. Reload it and try again.',
  ),
  'edit.concurrent': entry('This item was changed by someone else. Reload it and try again.'),

  // Free text (every text field)
  'text.not_text': entry<Field>('{field} must be text'),
  'text.control': entry<Field>('{field} must not contain control characters'),
  'text.nul': entry<Field>('{field} must not contain the NUL character'),
  'text.broken': entry<Field>('{field} contains a broken character (not valid Unicode)'),
  'text.too_long': entry<Field & { max: number }>('{field} must be at most {max} characters'),
  'text.required': entry<Field>('{field} is required'),

  // Signing in, administrators and settings
  'auth.required': entry('Please sign in to continue.'),
  'auth.blank': entry('Please enter both username and password'),
  'auth.invalid_credentials': entry('Invalid username or password'),
  'auth.too_many_sign_ins': entry<{ minutes: number }>(
    'Too many failed sign-in attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  ),
  'auth.too_many_wrong_passwords': entry<{ minutes: number }>(
    'Too many wrong passwords. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  ),
  'auth.not_an_admin': entry('Your account is no longer an administrator'),
  'auth.logout_body': entry('A sign-out takes only everywhere (true or false)'),
  'auth.logout_everywhere': entry('everywhere must be true or false'),
  'users.required_fields': entry('Please fill in all required fields'),
  'users.password_too_short': entry<{ min: number }>('Password must be at least {min} characters'),
  'users.role_invalid': entry('Role must be admin'),
  'users.username_taken': entry('Username already exists'),
  'users.exists': entry('This user already exists'),
  'users.cannot_delete_self': entry('You cannot delete your own account'),
  'users.last_admin': entry('The last administrator cannot be deleted'),
  'users.own_password_in_settings': entry(
    'Change your own password under Settings → Password, which asks for the current one.',
  ),
  'users.not_found': entry('User not found'),
  'users.unknown_username': entry<{ username: string }>('No administrator is named "{username}".'),
  'settings.current_password_wrong': entry('Current password is incorrect'),
  'settings.passwords_differ': entry('New password and confirmation do not match'),
  'settings.full_name_required': entry('Full name is required'),
  'settings.email_invalid': entry('Enter a valid email address'),
  'settings.language': entry<{ allowed: string }>('Language must be one of {allowed}'),
  'settings.timezone': entry<{ allowed: string }>('Timezone must be one of {allowed}'),
  'settings.date_format': entry<{ allowed: string }>('Date format must be one of {allowed}'),

  // The shop's legal identity (docs/product.md#legal-information)
  'shop.rc_invalid': entry('The RC number may hold only digits, letters, slashes and dashes (16/00-1234567B21)'),
  'shop.nif_invalid': entry('The NIF must be 15 digits (or 20)'),
  'shop.phone_invalid': entry('Enter a phone number of digits, such as 0550 12 34 56 or +213 550 12 34 56'),
  'shop.email_invalid': entry('Enter a valid email address'),

  // Catalogue
  'catalogue.product_name_required': entry('Product name is required'),
  'catalogue.category_name_required': entry('Category name is required'),
  'catalogue.category_required': entry('Please choose a category'),
  'catalogue.no_categories': entry('No categories available'),
  'catalogue.category_not_found': entry('Category not found'),
  'catalogue.product_not_found': entry('Product not found'),
  'catalogue.category_exists': entry('This category already exists'),
  'catalogue.product_exists': entry('This product already exists'),
  'catalogue.channels': entry('Channels must be a whole number of at least 0'),
  'catalogue.devices': entry<{ min: number; max: number }>('Devices must be a whole number from {min} to {max}'),
  'catalogue.price': entry('Prices must be whole numbers of at least 0'),
  'catalogue.price_over_max': entry<{ max: number }>(
    'A price must be at most {max, number} Da, the most one order may cost',
  ),
  'catalogue.quality': entry<{ allowed: string }>('Quality must be one of {allowed}'),
  'catalogue.duration': entry<{ allowed: string }>('Duration must be one of {allowed}'),
  'catalogue.durations_required': entry('Add at least one duration with its price'),
  'catalogue.price_durations': entry("Price durations must be a list of '{'duration, price, active'}'"),
  'catalogue.duration_twice': entry<{ duration: string }>('The duration "{duration}" appears more than once'),
  'catalogue.features': entry('Features must be a list of texts'),
  'catalogue.flag': entry<Field>('{field} must be true or false (or 1 / 0)'),
  'catalogue.image_too_large': entry('Image size exceeds 2MB limit. Please choose a smaller file.'),
  'catalogue.image_type': entry<{ allowed: string }>('The image must be a {allowed} file'),
  'catalogue.bulk_action': entry('Action must be delete or changeCategory'),
  'catalogue.bulk_ids': entry('Select at least one product'),
  'catalogue.bulk_category': entry('Choose the category to move the products to'),
  'catalogue.category_has_products': entry<{ count: number }>(
    'This category still holds {count, plural, one {# product} other {# products}}. Move or delete {count, plural, one {it} other {them}} before deleting the category.',
  ),
  'catalogue.restore_version': entry('Version must be a whole number of at least 0'),
  'catalogue.restore_not_earlier': entry<{ version: number; current: number }>(
    'Version {version} is not earlier than the current version ({current}): choose an earlier version to restore',
  ),
  'catalogue.restore_invalid': entry<{ version: number; problem: string }>(
    "Version {version} cannot be restored: its values no longer pass today's rules ({problem})",
  ),
  'catalogue.restore_category_deleted': entry<{ version: number; category: string }>(
    'Version {version} cannot be restored: its category "{category}" has been deleted since. Restore a later version, or edit the product instead.',
  ),
  'catalogue.restore_category_gone': entry<{ version: number }>(
    'Version {version} cannot be restored: its category has been deleted since. Restore a later version, or edit the product instead.',
  ),
  'catalogue.language': entry<{ allowed: string }>('Language must be one of {allowed}'),
  'catalogue.translations': entry<{ allowed: string }>(
    'Translations must be an object by language ({allowed}), each with a name, a description and features',
  ),
  'catalogue.translation_name_required': entry<{ language: string }>(
    'The name in {language, select, ar {Arabic} fr {French} en {English} other {{language}}} is required: its description or features are filled',
  ),
  'catalogue.default_language_required': entry<{ language: string }>(
    "The name in {language, select, ar {Arabic} fr {French} en {English} other {{language}}}, the shop's default language, is required",
  ),

  // Cart, checkout and payment
  'phone.required': entry('Phone number is required'),
  'phone.invalid': entry(
    'Must be a valid Algerian phone number (starting with 05, 06, or 07 and consisting of 10 digits)',
  ),
  'cart.empty': entry('Your cart is empty'),
  'cart.too_many_lines': entry<{ max: number }>('At most {max} lines per order'),
  'cart.item_required': entry<Field>('Each item needs a {field}'),
  'cart.quantity': entry<{ max: number }>('Quantity must be a whole number from 1 to {max}'),
  'cart.item_unavailable': entry('A package in your cart is no longer available. Please remove it and try again.'),
  'cart.duration_unavailable': entry<{ duration: string; product: string }>(
    'The duration "{duration}" is not available for {product}.',
  ),
  'cart.over_max': entry<{ max: number }>(
    'This order is over the maximum of {max, number} Da per order. Please split it into smaller orders.',
  ),
  'checkout.amount_invalid': entry('amount must be a number'),
  'checkout.prices_changed': entry<{ total: number }>(
    'Prices have changed since you filled your cart: the total is now {total} Da. Please check your cart and try again.',
  ),
  'checkout.rate_limited': entry<{ seconds: number }>(
    'Too many checkouts from your address. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  ),
  'checkout.rate_limited_phone': entry<{ seconds: number }>(
    'Too many checkouts for this phone number. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  ),
  'checkout.rejected_rate_limited': entry<{ seconds: number }>(
    'Too many refused checkouts from your address. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  ),
  'checkout.status_rate_limited': entry<{ seconds: number }>(
    'Too many payment status checks from your address. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  ),
  'checkout.not_found': entry('Checkout not found'),
  'checkout.id_required': entry('checkoutId is required'),
  'trial.quantity': entry('A free trial is one subscription of one package: quantity 1.'),
  'trial.mixed_cart': entry(
    'A free trial is ordered on its own. Remove the paid packages from your cart, or the free trial.',
  ),
  'trial.already_used': entry<{ days: number }>(
    'This phone number has already had a free trial. Another one will be possible in {days, plural, one {# day} other {# days}}.',
  ),
  'trial.rate_limited': entry<{ hours: number }>(
    'Too many free trials from your connection today. Try again in {hours, plural, one {# hour} other {# hours}}.',
  ),
  'payment.provider_unavailable': entry('The payment service is not answering. Please try again in a moment.'),
  'payment.provider_refused': entry<{ reason: string }>('The payment service refused the checkout: {reason}'),
  'payment.invalid_signature': entry('Invalid webhook signature'),
  'payment.invalid_webhook': entry<{ reason: string }>('Invalid webhook: {reason}'),
  'order.id_required': entry('orderId is required'),
  'order.access_token_required': entry("The order's private link is missing"),
  'order.link_not_found': entry(
    'This link does not open an order. It may have been replaced by a newer one: ask the shop for it, or find your order with its number.',
  ),
  'order.link_rate_limited': entry<{ seconds: number }>(
    'Too many order pages opened from this connection. Please try again in {seconds} seconds.',
  ),
  'order.lookup_number': entry('Enter the order number, e.g. 1042'),
  'order.lookup_not_found': entry('No order matches this phone number and order number. Check both and try again.'),
  'order.lookup_rate_limited': entry<{ seconds: number }>(
    'Too many searches from this connection. Please try again in {seconds} seconds.',
  ),
  'order.phone_unpaid': entry('This order is not paid yet: its phone can be changed once it is paid.'),
  'order.phone_refunded': entry('This order was refunded: its phone cannot be changed.'),
  'order.phone_failed': entry('This order was not paid: its phone cannot be changed.'),
  'order.phone_dispatched': entry(
    'This order has already been dispatched: its phone can no longer be changed. Please contact support to change it.',
  ),
  'order.phone_window_closed': entry(
    "An order's phone can only be changed within an hour of its payment. Please contact support to change it.",
  ),
  'order.phone_trial': entry('A free trial keeps the phone number it was requested with.'),
  'order.phone_changed_once': entry(
    "This order's phone has already been changed once. Please contact support to change it.",
  ),
  'order.phone_change_rate_limited': entry<{ seconds: number }>(
    'Too many phone changes from your address. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  ),
  'order.phone_payment_mismatch': entry(
    'This order’s payment does not match its total: its phone can be changed once an administrator accepts it.',
  ),
  'order.delete_payment_mismatch': entry(
    'This order’s payment does not match its total: accept it or cancel the order first.',
  ),
  'order.no_payment_decision': entry(
    'Only an order whose payment does not match its total awaits this decision, and this one does not.',
  ),
  'order.payment_decision': entry<{ allowed: string }>('decision must be one of {allowed}'),
  'order.not_found': entry('Order not found'),
  'order.delete_paid': entry('A paid order cannot be deleted: record a refund instead.'),
  'order.already_refunded': entry('This order was already refunded.'),
  'order.refund_unpaid': entry('Only a paid order can be refunded.'),
  'order.refund_too_much': entry<{ total: number }>("A refund cannot exceed the order's total ({total} Da)."),
  'order.refund_amount': entry('Enter the refunded amount in whole dinars (at least 1).'),
  'order.refund_method': entry<{ allowed: string }>('The refund method must be one of: {allowed}'),
  'order.refund_date': entry("Enter the refund's date as YYYY-MM-DD, not in the future."),
  'customers.not_found': entry('Customer not found'),
  'renewal.link_required': entry('A renewal needs the private link of the order it renews.'),
  'renewal.not_found': entry('This subscription is not part of the order of this link.'),
  'renewal.other_package': entry('A subscription is renewed with its own package.'),
  'renewal.one_unit': entry('A subscription is renewed one unit at a time, once per order.'),
  'renewal.paid_duration': entry('Choose a paid duration to renew.'),
  'renewal.not_renewable': entry(
    'This subscription cannot be renewed: it is not delivered yet, has no end, or was cancelled.',
  ),
  'order.details_unavailable': entry('Order details not available'),
  'order.exists': entry('This order already exists'),
  'order.status_invalid': entry<{ allowed: string }>('Status must be one of {allowed}'),
  'order.dispatch_only': entry('The only status change offered is to dispatched'),
  'order.already_dispatched': entry('This order is already dispatched'),
  'order.dispatch_unpaid': entry('Only a completed (paid) order can be dispatched'),
  'order.delete_pending': entry(
    'This order is still awaiting payment: its checkout can still be paid. It can be deleted if its payment fails.',
  ),
  'delivery.invalid_url': entry<Field>('{field} must be a web address starting with http:// or https://'),
  'delivery.invalid_mac': entry(
    'The MAC address must be six pairs of hex digits separated by : or - (00:1A:79:AB:CD:EF)',
  ),
  'delivery.invalid_kind': entry('Each subscription needs its kind of activation: xtream, m3u, mag or code'),
  'delivery.subscriptions_required': entry('Give the activation details of at least one subscription'),
  'delivery.too_many': entry<{ max: number }>('A delivery holds at most {max, number} subscriptions'),
  'delivery.unknown_subscription': entry<{ subscriptionId: string }>(
    'This order has no subscription {subscriptionId} awaiting or holding activation details',
  ),
  'delivery.duplicate_subscription': entry<{ subscriptionId: string }>(
    'Subscription {subscriptionId} is given twice in this delivery',
  ),
  'delivery.order_not_paid': entry('Only a paid order has subscriptions to deliver'),
  'provisioning.off': entry('Automatic delivery is off: the store has no provisioning service (PROVISIONING_URL)'),
  'provisioning.nothing_awaiting': entry('No subscription of this order awaits its activation details'),
  'provisioning.nothing_to_extend': entry(
    'This order renews no subscription left to extend on the provisioning service',
  ),
  'subscriptions.view': entry<{ allowed: string }>('The view must be one of: {allowed}'),
  'subscriptions.reminder_step': entry<{ allowed: string }>('The reminder step must be one of: {allowed}'),
  'subscriptions.not_found': entry('This subscription does not exist'),
  'subscriptions.already_reminded': entry<{ name: string; at: string }>('{name} already sent this reminder ({at}).'),
  'subscriptions.not_remindable': entry('Only a delivered subscription with an end date can be reminded.'),
  'orders.delivery_filter': entry('delivery must be awaiting'),
  'orders.status_filter': entry<{ allowed: string }>('status must be all, {allowed}'),
  'dashboard.range': entry('range must be 7, 30 or 90'),

  // Audit trail and operations
  'audit.cursor': entry('cursor is not one this list handed out'),
  'audit.date': entry('Dates must be YYYY-MM-DD or an ISO date and time'),
  'audit.range': entry('from must not be after to'),
  'audit.entity_type': entry<{ allowed: string }>('entityType must be one of {allowed}'),
  'audit.action': entry('action is not an action the audit trail records'),
  'projections.unknown': entry<{ name: string; known: string }>(
    'No read model named "{name}"; read models: {known} (or all)',
  ),
  'projections.rebuild_running': entry<{ projections: string; startedBy: string; startedAt: string }>(
    'A rebuild of {projections} is already running (started by {startedBy} at {startedAt}); try again when it has finished.',
  ),
  'projections.rebuild_running_elsewhere': entry('Another rebuild is running; try again when it has finished.'),
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** The params of a code (void when it takes none). */
export type ErrorParams<C extends ErrorCode> = (typeof ERRORS)[C] extends ErrorEntry<infer P> ? P : never;

/** What follows a code in a call: its params when it has some, nothing otherwise. */
export type ErrorParamsArg<C extends ErrorCode> = ErrorParams<C> extends void ? [] : [params: ErrorParams<C>];

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERRORS, value);
