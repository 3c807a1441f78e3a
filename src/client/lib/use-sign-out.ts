import { useNavigate } from 'react-router';
import { toastMessages } from '../../common/messages';
import { toast } from '../components/ui/toast-store';
import { useLogout } from '../api/auth';

/** Logout with the spec's toasts, then home (spec section 4: 'the user goes to /'). */
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
