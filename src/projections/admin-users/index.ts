// The admin-users read model: the only file others import.
export { ADMIN_USERS_PROJECTION, adminUsersProjection } from './projection';
export {
  adminName,
  credentialsVersion,
  describeActor,
  findAdminPrincipal,
  findUser,
  findUserByUsername,
  findUserView,
  listAdminUsers,
  settingsOf,
} from './queries';
export type { AdminUserRow, AdminUsersTables } from './rows';
