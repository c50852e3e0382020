import { Link } from '@tanstack/react-router';
import { ADMIN_ROLES, PASSWORD_MIN } from '@shared/identity/constants';
import type { AdminUserView } from '@shared/identity/types';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { AlertIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { conflictOf } from '../api/client';
import type { UserInput } from '../api/users';
import { EntityHistory } from '../history/EntityHistory';
import { useAdminText } from '../i18n';
import { useAdminSession } from '../session/session';
import { FormField, type ControlProps } from '../ui/FormField';
import { Modal } from '../ui/Modal';
import { failureMessage } from '../api/client';
import { checkUserForm, isValid, type RequiredField } from './user-form';
import { useAddUser, useUpdateUser } from './user-writes';
import { isAdminRole, roleLabel } from './role';

// Add User and Edit User (docs/product.md#admin-users): one form for both. Add: username, password and full name
// required ('Please fill in all required fields'), role admin. Edit: username and name required;
// an empty password keeps the current one. The admin editing themself gets no password field but
// the way to Settings → Password, the one change that asks for the current password (the server
// refuses one's own password here). The server's refusal ('Username already exists') shows in the
// form, which stays open; a stale edit closes it for the shared conflict dialog.

export interface UserFormModalProps {
  /** The user edited, as the list showed them (their version goes out as If-Match); none to add. */
  user?: AdminUserView;
  onClose: () => void;
}

export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const t = useAdminText();
  const formId = useId();
  const editing = user !== undefined;
  const selfId = useAdminSession().session?.user.id;
  const self = editing && user.id === selfId;
  const [values, setValues] = useState<UserInput>({
    username: user?.username ?? '',
    password: '',
    name: user?.name ?? '',
    role: isAdminRole(user?.role) ? user.role : 'admin',
  });
  // Checked from the first save on, so a fixed field stops being marked as the admin types.
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const add = useAddUser();
  const update = useUpdateUser();
  const busy = add.isPending || update.isPending;
  const check = submitted ? checkUserForm(values, editing ? 'edit' : 'add') : null;
  const missing = (field: RequiredField) => check?.missing.includes(field) ?? false;

  const set = (field: keyof UserInput) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || !isValid(checkUserForm(values, editing ? 'edit' : 'add'))) return;
    setServerError(null);
    const callbacks = {
      onSuccess: onClose,
      onError: (error: Error) =>
        conflictOf(error)
          ? onClose()
          : setServerError(failureMessage(error, t(editing ? 'admin.users.updateFailed' : 'admin.users.addFailed'))),
    };
    if (editing) update.mutate({ user, input: values }, callbacks);
    else add.mutate(values, callbacks);
  };

  const formError = check?.missing.length ? t('admin.users.required') : serverError;
  const errorId = `${formId}-error`;
  // Every text field is described by the form's error too, while there is one.
  const formErrorId = formError ? errorId : undefined;
  /** The text input of `field`: its value, its change and its test id, with the Field's props. */
  const textInput = (field: TextField, attributes: InputHTMLAttributes<HTMLInputElement>) => (props: ControlProps) => (
    <input
      {...props}
      className="input"
      {...attributes}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      data-testid={`user-${field}`}
    />
  );
  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      title={t(editing ? 'admin.users.editTitle' : 'admin.users.addTitle')}
      testId="user-form"
      footer={
        <>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
            {t('admin.list.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy} data-testid="user-form-save">
            {busy && <Spinner size="sm" />}
            {editing
              ? t(busy ? 'admin.users.saving' : 'admin.users.save')
              : t(busy ? 'admin.users.creating' : 'admin.users.create')}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-users-form" onSubmit={submit} noValidate>
        <div role="alert" id={errorId} className="admin-users-form-error" data-testid="user-form-error">
          {formError && (
            <>
              <AlertIcon size={18} aria-hidden="true" />
              <span>{formError}</span>
            </>
          )}
        </div>
        <Field label={t('admin.users.field.username')} required invalid={missing('username')} errorId={formErrorId}>
          {textInput('username', {
            type: 'text',
            dir: 'auto',
            maxLength: 50,
            autoComplete: 'off',
            spellCheck: false,
          })}
        </Field>
        <Field label={t('admin.users.field.name')} required invalid={missing('name')} errorId={formErrorId}>
          {textInput('name', { type: 'text', dir: 'auto', maxLength: 100, autoComplete: 'off' })}
        </Field>
        {self ? (
          <p className="field-hint" data-testid="user-own-password">
            {t('admin.users.ownPassword')}{' '}
            <Link to="/admin/settings" search={{ tab: 'password' }} onClick={onClose}>
              {t('admin.users.ownPasswordLink')}
            </Link>
          </p>
        ) : (
          <Field
            label={t(editing ? 'admin.users.field.newPassword' : 'admin.users.field.password')}
            required={!editing}
            invalid={missing('password') || Boolean(check?.passwordTooShort)}
            errorId={formErrorId}
            hint={t(editing ? 'admin.users.passwordKeep' : 'admin.users.passwordHint', { min: PASSWORD_MIN })}
            error={check?.passwordTooShort ? t('admin.users.passwordTooShort', { min: PASSWORD_MIN }) : undefined}
          >
            {textInput('password', { type: 'password', dir: 'ltr', maxLength: 200, autoComplete: 'new-password' })}
          </Field>
        )}
        <Field label={t('admin.users.field.role')} hint={t('admin.users.roleHint')}>
          {(props) => (
            <select
              {...props}
              className="select"
              value={values.role}
              onChange={(event) => set('role')(event.target.value)}
              data-testid="user-role"
            >
              {ADMIN_ROLES.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(t, role)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
      {user && <EntityHistory entityType="user" entityId={user.id} />}
    </Modal>
  );
}

type TextField = 'username' | 'name' | 'password';

/** A field of the user form (FormField with the form's error test id). */
function Field(props: Omit<Parameters<typeof FormField>[0], 'errorTestId'>) {
  return <FormField {...props} errorTestId="user-field-error" />;
}
