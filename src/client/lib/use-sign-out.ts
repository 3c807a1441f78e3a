import { useNavigate } from 'react-router';
import { toastMessages } from '../../common/messages';
import { toast } from '../components/ui/toast-store';
import { useLogout } from '../api/auth';

/**
 * Logout with the documented toasts, then home: 'the user goes to /'
 * (docs/product.md, "Sign-out and the browser's session id").
 */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ variant: 'success', title: toastMessages.logoutSuccess });
        void navigate('/');
      },
      onError: () => toast({ variant: 'destructive', title: toastMessages.logoutFailed }),
    });
  return { signOut, signingOut: logout.isPending };
}
