import type { PlatformTables } from '../platform/db/tables';
import type { AdminUsersTables } from './admin-users';
import type { AuditTables } from './audit';
import type { CatalogueTables } from './catalogue';
import type { NotesTables } from './notes';
import type { OrdersTables } from './orders';
import type { ShopLegalTables } from './shop-legal';
import type { SubscriptionsTables } from './subscriptions';

/** Every table of the product's database, each declared once by its owner: `Kysely<Database>`. */
export interface Database
  extends
    AdminUsersTables,
    AuditTables,
    CatalogueTables,
    NotesTables,
    OrdersTables,
    ShopLegalTables,
    SubscriptionsTables,
    PlatformTables {}
