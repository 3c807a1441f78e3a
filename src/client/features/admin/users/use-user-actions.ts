import { adminServerMessages, adminToastMessages } from '../../../../common/admin-messages';
import type { AdminUser } from '../../../../common/admin-user-schemas';
import { toast } from '../../../components/ui/toast-store';
import { isAdministrator } from '../../../lib/format';
import { fillMessage } from '../../../../common/messages';
import { serverMessage } from '../../../lib/api';
import { markImpersonating, type Redirect } from './impersonation-storage';
import type { UserAction } from './user-actions-menu';
import { useDeleteAdminUser, useLoginAs, useResetUserPassword, useToggleAdmin } from '../../../api/admin/users';

export type AnyUserAction = UserAction | 'delete-session';

/**
 * A failure toast: the documented words as the title (docs/product.md, "Admin messages"), the server's reason
 * (when it gave one) below.
 */
function failed(title: string, error: unknown) {
  const reason = serverMessage(error);
  toast({ variant: 'destructive', title, description: reason !== title ? reason : undefined });
}

/**
 * The More menu's and the sessions tab's steps, each with the documented toasts
 * (docs/product.md, "Admin messages").
 */
export function useUserActions({ currentUserId, redirect }: { currentUserId: number; redirect: Redirect }) {
  const remove = useDeleteAdminUser();
  const toggleAdmin = useToggleAdmin();
  const resetPassword = useResetUserPassword();
  const loginAs = useLoginAs();

  async function run(action: AnyUserAction, user: AdminUser) {
    const name = user.username;
    switch (action) {
      case 'delete':
      case 'delete-session': {
        const session = action === 'delete-session';
        try {
          await remove.mutateAsync(user.id);
          toast({
            variant: 'success',
            title: session ? adminToastMessages.sessionDeleted : adminToastMessages.userDeleted,
          });
        } catch (error) {
          failed(session ? adminToastMessages.deleteSessionFailed : adminToastMessages.deleteUserFailed, error);
        }
        return;
      }
      case 'toggle-admin': {
        const makeAdmin = !isAdministrator(user);
        // The menu never offers it, but the rule holds however the call is reached.
        if (!makeAdmin && user.id === currentUserId) {
          toast({ variant: 'destructive', title: adminServerMessages.cannotRemoveOwnAdmin });
          return;
        }
        try {
          await toggleAdmin.mutateAsync({ id: user.id, isAdmin: makeAdmin });
          toast({
            variant: 'success',
            title: fillMessage(makeAdmin ? adminToastMessages.adminGranted : adminToastMessages.adminRevoked, { name }),
          });
        } catch (error) {
          failed(adminToastMessages.updateAdminStatusFailed, error);
        }
        return;
      }
      case 'reset-password': {
        try {
          const answer = await resetPassword.mutateAsync(user.id);
          toast({
            variant: 'success',
            title: fillMessage(adminToastMessages.passwordResetFor, { name }),
            description: answer.message,
          });
        } catch (error) {
          failed(adminToastMessages.resetPasswordFailed, error);
        }
        return;
      }
      case 'login-as': {
        try {
          const answer = await loginAs.mutateAsync(user.id);
          markImpersonating(answer.originalAdminId);
          redirect('/');
        } catch (error) {
          failed(adminToastMessages.loginAsFailed, error);
        }
        return;
      }
    }
  }

  return { run };
}
