import type { AdminUser } from '../../../../common/admin-user-schemas';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { isAdministrator } from '../../../lib/format';
import { sessionIdOf } from '../shared/admin-format';
import type { AnyUserAction } from './use-user-actions';

export interface PendingAction {
  action: AnyUserAction;
  user: AdminUser;
}

/**
 * Steps that change or remove an account ask first (docs/product.md, "Users and sessions"); signing in as a user
 * does not.
 */
export function needsConfirmation(action: AnyUserAction): boolean {
  return action !== 'login-as';
}

function wording({ action, user }: PendingAction) {
  const name = user.username;
  switch (action) {
    case 'delete':
      return {
        title: `Delete ${name}?`,
        description: `This permanently deletes ${name}'s account and question history. It cannot be undone.`,
        confirm: 'Delete User',
        destructive: true,
      };
    case 'delete-session':
      return {
        title: 'Delete this session?',
        description: `This permanently deletes the anonymous session ${sessionIdOf(name)} and its questions.`,
        confirm: 'Delete Session',
        destructive: true,
      };
    case 'toggle-admin':
      return isAdministrator(user)
        ? {
            title: `Remove admin from ${name}?`,
            description: `${name} will lose access to the admin console.`,
            confirm: 'Remove Admin',
            destructive: true,
          }
        : {
            title: `Make ${name} an admin?`,
            description: `${name} will get full access to the admin console: users, payments and settings.`,
            confirm: 'Make Admin',
            destructive: false,
          };
    case 'reset-password':
      return {
        title: `Reset ${name}'s password?`,
        description: `${name} will be emailed a link to choose a new password. You will not see the password.`,
        confirm: 'Reset Password',
        destructive: false,
      };
    case 'login-as':
      return { title: `Login as ${name}?`, description: '', confirm: 'Login As', destructive: false };
  }
}

export function UserActionConfirm({
  pending,
  onCancel,
  onConfirm,
}: {
  pending: PendingAction | null;
  onCancel: () => void;
  onConfirm: (pending: PendingAction) => void;
}) {
  if (!pending) return null;
  const text = wording(pending);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      dismissLabel="Cancel"
      destructive={text.destructive}
      onConfirm={() => onConfirm(pending)}
    />
  );
}
