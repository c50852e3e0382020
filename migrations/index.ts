import type { Migration } from 'kysely';
import * as eventStore from './001_event_store';
import * as projectionCheckpoints from './002_projection_checkpoints';
import * as adminUsers from './003_admin_users';
import * as media from './004_media';
import * as catalogue from './005_catalogue';
import * as sandboxCheckouts from './006_sandbox_checkouts';
import * as orders from './007_orders';
import * as rateLimitsAndUserVersions from './009_rate_limits_and_user_versions';
import * as ordersVersion from './010_orders_version';
import * as orderNumbers from './011_order_numbers';
import * as adminSearchIndexesAndCustomers from './012_admin_search_indexes_and_customers';
import * as adminLanguageChosen from './013_admin_language_chosen';
import * as audit from './014_audit';
import * as auditVersions from './015_audit_versions';
import * as auditRestoredVersion from './016_audit_restored_version';
import * as projectionOperations from './017_projection_operations';
import * as sharedSecrets from './018_shared_secrets';
import * as projectionLogSource from './019_projection_log_source';
import * as auditSearchWithoutIds from './020_audit_search_without_ids';
import * as adminSessions from './021_admin_sessions';
import * as orderPaymentMismatch from './022_order_payment_mismatch';
import * as subscriptions from './023_subscriptions';
import * as orderAccess from './024_order_access';
import * as subscriptionViews from './025_subscription_views';
import * as notes from './026_notes';
import * as automaticDelivery from './027_automatic_delivery';
import * as orderTrials from './028_order_trials';
import * as renewals from './029_renewals';
import * as refunds from './030_refunds';
import * as renewalExtensions from './031_renewal_extensions';
import * as subscriptionIndexes from './032_subscription_indexes';
import * as catalogueLanguages from './033_catalogue_languages';
import * as shopLegal from './034_shop_legal';
import * as categorySlugAliases from './035_category_slug_aliases';
import * as catalogueImageWidths from './036_catalogue_image_widths';

// Listed explicitly (not scanned from disk) so the same list runs under tsx, vitest and a bundle.
export const migrations: Record<string, Migration> = {
  '001_event_store': eventStore,
  '002_projection_checkpoints': projectionCheckpoints,
  '003_admin_users': adminUsers,
  '004_media': media,
  '005_catalogue': catalogue,
  '006_sandbox_checkouts': sandboxCheckouts,
  '007_orders': orders,
  '009_rate_limits_and_user_versions': rateLimitsAndUserVersions,
  '010_orders_version': ordersVersion,
  '011_order_numbers': orderNumbers,
  '012_admin_search_indexes_and_customers': adminSearchIndexesAndCustomers,
  '013_admin_language_chosen': adminLanguageChosen,
  '014_audit': audit,
  '015_audit_versions': auditVersions,
  '016_audit_restored_version': auditRestoredVersion,
  '017_projection_operations': projectionOperations,
  '018_shared_secrets': sharedSecrets,
  '019_projection_log_source': projectionLogSource,
  '020_audit_search_without_ids': auditSearchWithoutIds,
  '021_admin_sessions': adminSessions,
  '022_order_payment_mismatch': orderPaymentMismatch,
  '023_subscriptions': subscriptions,
  '024_order_access': orderAccess,
  '025_subscription_views': subscriptionViews,
  '026_notes': notes,
  '027_automatic_delivery': automaticDelivery,
  '028_order_trials': orderTrials,
  '029_renewals': renewals,
  '030_refunds': refunds,
  '031_renewal_extensions': renewalExtensions,
  '032_subscription_indexes': subscriptionIndexes,
  '033_catalogue_languages': catalogueLanguages,
  '034_shop_legal': shopLegal,
  '035_category_slug_aliases': categorySlugAliases,
  '036_catalogue_image_widths': catalogueImageWidths,
};
